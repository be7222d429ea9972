package pente

import (
	"context"
	"testing"

	"pbem/ai"
	"pbem/rules"
)

// TestThoughtLine: a thought's line starts with its ply, is legal from the
// position all the way, and in a middle game is longer than the ply alone.
func TestThoughtLine(t *testing.T) {
	for _, v := range variants {
		g := rules.Game(newGame(t, v, "on"))
		longer := 0
		for k := 0; k < 12 && !g.Outcome().Over; k++ {
			th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 3, Seed: uint64(k)})
			if err != nil {
				t.Fatalf("%s ply %d: %v", v, g.Plies()+1, err)
			}
			if len(th.Line) == 0 || th.Line[0] != th.Ply {
				t.Fatalf("%s ply %d: line %v does not start with the ply %v", v, g.Plies()+1, th.Line, th.Ply)
			}
			after := g.Clone()
			for i, p := range th.Line {
				if after.Outcome().Over {
					t.Fatalf("%s ply %d: line %v goes on after the game ended (at %d)", v, g.Plies()+1, th.Line, i)
				}
				if err := after.Play(p); err != nil {
					t.Fatalf("%s ply %d: line %v: %v is illegal: %v", v, g.Plies()+1, th.Line, p, err)
				}
			}
			if len(th.Line) > 1 {
				longer++
			}
			if err := g.Play(th.Ply); err != nil {
				t.Fatal(err)
			}
		}
		if longer == 0 {
			t.Errorf("%s: no thought had a line longer than its ply", v)
		}
	}
}
