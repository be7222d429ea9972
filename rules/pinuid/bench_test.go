package pinuid

import (
	"math/rand/v2"
	"testing"

	"pbem/rules"
)

// midGame plays a seeded random game of kind k for plies plies (removals
// preferred) and returns the position: a middle game with pins moved off
// their setup and some removed.
func midGame(b *testing.B, k *rules.Kind, o rules.Options, plies int) *Game {
	b.Helper()
	for seed := uint64(1); ; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		rg, err := k.NewGame(o)
		if err != nil {
			b.Fatal(err)
		}
		g := rg.(*Game)
		for g.Plies() < plies && !g.Outcome().Over {
			if err := g.Play(randomPly(rng, g.Legal(), true)); err != nil {
				b.Fatal(err)
			}
		}
		if !g.Outcome().Over && g.turn(g.toMove) == turnStep {
			return g
		}
	}
}

// BenchmarkLegal lists the legal plies of a middle-game position.
func BenchmarkLegal(b *testing.B) {
	for _, k := range randomKinds {
		b.Run(k.name, func(b *testing.B) {
			g := midGame(b, k.kind, k.opts, 30)
			for b.Loop() {
				g.Legal()
			}
			b.ReportMetric(float64(len(g.Legal())), "plies")
		})
	}
}

// BenchmarkPlay plays one legal ply (the one that removes most) on a clone
// of a middle-game position; the clone is part of the cost.
func BenchmarkPlay(b *testing.B) {
	for _, k := range randomKinds {
		b.Run(k.name, func(b *testing.B) {
			g := midGame(b, k.kind, k.opts, 30)
			legal := g.Legal()
			p := legal[len(legal)-1]
			for b.Loop() {
				c := g.Clone()
				if err := c.Play(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRandomGame plays whole seeded random games (Legal, then Play),
// reported per ply.
func BenchmarkRandomGame(b *testing.B) {
	for _, k := range randomKinds {
		b.Run(k.name, func(b *testing.B) {
			plies := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				rng := rand.New(rand.NewPCG(seed, 9))
				rg, err := k.kind.NewGame(k.opts)
				if err != nil {
					b.Fatal(err)
				}
				g := rg.(*Game)
				for g.Plies() < 600 && !g.Outcome().Over {
					if err := g.Play(randomPly(rng, g.Legal(), true)); err != nil {
						b.Fatal(err)
					}
				}
				plies += g.Plies()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
		})
	}
}
