package pinuid

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"pbem/ai"
	"pbem/ai/internal/match"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// openings are positions a few random plies into seeded games of kind k.
func openings(tb testing.TB, k *rules.Kind, o rules.Options, n, plies int) []rules.Game {
	tb.Helper()
	var out []rules.Game
	for seed := uint64(1); len(out) < n; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		g, err := k.NewGame(o)
		if err != nil {
			tb.Fatal(err)
		}
		for g.Plies() < plies && !g.Outcome().Over {
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
		if !g.Outcome().Over {
			out = append(out, g)
		}
	}
	return out
}

// BenchmarkThink is one Think per position at each level, in Classic and
// Quatro: time per ply, and nodes per second.
//
//	go test ./ai/pinuid -run XXX -bench Think -benchtime 3x
func BenchmarkThink(b *testing.B) {
	kinds := []struct {
		name string
		kind *rules.Kind
	}{{"classic", pinuid.Classic}, {"quatro", pinuid.Quatro}}
	for _, k := range kinds {
		pos := openings(b, k.kind, nil, 4, 6)
		for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
			b.Run(fmt.Sprintf("%s/level%d", k.name, lvl), func(b *testing.B) { match.BenchThink(b, Engine{}, lvl, pos) })
		}
	}
}
