package pente

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/pente"
)

var variants = []string{"pente", "keryo", "gomoku", "g-pente", "boat", "poof"}

func newGame(t testing.TB, variant, tournament string) *pente.Game {
	t.Helper()
	g, err := pente.Kind.NewGame(rules.Options{"variant": variant, "tournament": tournament})
	if err != nil {
		t.Fatal(err)
	}
	return g.(*pente.Game)
}

// sameAsRules fails when the board differs from the rules' game in stones,
// captures or outcome.
func sameAsRules(t *testing.T, b *board, g *pente.Game, what string) {
	t.Helper()
	for _, i := range onBoard {
		if int(b.cell[i])-1 != int(g.Stone(point(i))) {
			t.Fatalf("%s: point %s differs", what, point(i))
		}
	}
	for s := range rules.Seat(2) {
		if b.caps[s+1] != g.Captured(s) {
			t.Fatalf("%s: seat %d captured %d, rules say %d", what, s, b.caps[s+1], g.Captured(s))
		}
	}
	o := g.Outcome()
	switch {
	case !o.Over && b.winner != 0, o.Over && b.winner == 0:
		t.Fatalf("%s: board winner %d, rules outcome %+v", what, b.winner, o)
	case o.Draw() && b.winner != 3, o.Over && !o.Draw() && int(o.Winners[0])+1 != int(b.winner):
		t.Fatalf("%s: board winner %d, rules outcome %+v", what, b.winner, o)
	}
}

// TestBoardAgreesWithRules plays many random games, with stones kept close
// so that captures, poofs and fives come often, and compares the board
// with rules/pente after every ply, and again after taking every ply back.
func TestBoardAgreesWithRules(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 12
	}
	for _, v := range variants {
		rng := rand.New(rand.NewPCG(7, uint64(len(v))))
		for n := range games {
			g := newGame(t, v, "off")
			b := newBoard(rulesFor(g.Variant()))
			var hashes []uint64
			for !g.Outcome().Over {
				legal := g.Legal()
				var p rules.Ply
				for range 20 {
					p = legal[rng.IntN(len(legal))]
					if b.near[idx(p.(pente.Point))] > 0 {
						break
					}
				}
				if err := g.Play(p); err != nil {
					t.Fatal(err)
				}
				hashes = append(hashes, b.hash)
				b.make(idx(p.(pente.Point)))
				sameAsRules(t, b, g, fmt.Sprintf("%s game %d after %s", v, n, p))
			}
			for k := len(hashes) - 1; k >= 0; k-- {
				b.unmake()
				if b.hash != hashes[k] {
					t.Fatalf("%s: unmake to ply %d left a different hash", v, k)
				}
			}
			if b.lines != 0 || b.empties != size*size {
				t.Fatalf("%s: unmake left lines %d, empties %d", v, b.lines, b.empties)
			}
		}
	}
}

// TestEnginePliesAreLegal plays the engine against itself at low levels in
// every variant: each ply it chooses must be one rules/pente accepts.
func TestEnginePliesAreLegal(t *testing.T) {
	for _, v := range variants {
		for _, tour := range []string{"on", "off"} {
			g := rules.Game(newGame(t, v, tour))
			for k := 0; k < 60 && !g.Outcome().Over; k++ {
				th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 1 + k%3, Seed: uint64(k)})
				if err != nil {
					t.Fatalf("%s tournament=%s ply %d: %v", v, tour, g.Plies()+1, err)
				}
				if err := g.Play(th.Ply); err != nil {
					t.Fatalf("%s tournament=%s: the engine chose an illegal ply: %v", v, tour, err)
				}
			}
		}
	}
}
