package dobbal

import (
	"fmt"
	"testing"

	"pbem/ai"
	"pbem/ai/internal/match"
	"pbem/rules"
)

// BenchmarkThink is one Think per position at each level, the roll of the
// turn set: time per ply, and nodes (turns looked at) per second.
//
//	go test ./ai/dobbal -run XXX -bench Think -benchtime 3x
func BenchmarkThink(b *testing.B) {
	for _, opts := range []rules.Options{nil, {"faces": "6"}} {
		var pos []rules.Game
		for i, g := range midgames(b, 4, opts) {
			if err := g.SetRoll(g.RollFor(uint64(i), g.Plies()+1)); err != nil {
				b.Fatal(err)
			}
			pos = append(pos, g)
		}
		_, faces := pos[0].(rules.Roller).Dice()
		for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
			b.Run(fmt.Sprintf("faces%d/level%d", faces, lvl), func(b *testing.B) { match.BenchThink(b, Engine{}, lvl, pos) })
		}
	}
}
