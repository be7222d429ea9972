package pinuid

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// play plays tokens on a new game of kind k.
func play(t *testing.T, k *rules.Kind, o rules.Options, tokens ...string) rules.Game {
	t.Helper()
	g, err := k.NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestTakesTheWin: with three pins left and a row one step away, every
// level makes the row and wins, and says it is a proved win.
func TestTakesTheWin(t *testing.T) {
	// White has three pins left (d2 e2 and e1 after the line below);
	// White to move after Black's reply.
	g := play(t, pinuid.Classic, nil, "c1-b2", "b7-c6", "b1-c2xb2", "f7-e6xd6", "f1-e2xd2", "c7-d6xc6")
	for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
		th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: lvl, Seed: uint64(lvl)})
		if err != nil {
			t.Fatal(err)
		}
		c := g.Clone()
		if err := c.Play(th.Ply); err != nil {
			t.Fatal(err)
		}
		if !c.Outcome().Won(0) {
			t.Errorf("level %d played %s, which does not win:\n%s", lvl, th.Ply, g.Board())
		}
		if th.Score != ai.Win-1 {
			t.Errorf("level %d: score %d, want a win in one (%d)", lvl, th.Score, ai.Win-1)
		}
	}
}

// TestSameSeedSamePly: a search bounded by nodes plays the same ply, with
// the same count of nodes, every time.
func TestSameSeedSamePly(t *testing.T) {
	for _, k := range []*rules.Kind{pinuid.Classic, pinuid.Quatro} {
		for _, g := range openings(t, k, nil, 3, 4) {
			for _, lvl := range []int{1, 3, 6} {
				set := ai.Settings{Level: lvl, Nodes: 4000, Seed: 7}
				a, err := Engine{}.Think(context.Background(), g, set)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := Engine{}.Think(context.Background(), g, set)
				if a.Ply.String() != b.Ply.String() || a.Nodes != b.Nodes || a.Score != b.Score {
					t.Errorf("%s level %d: %s (%d nodes, %d) then %s (%d nodes, %d)",
						k.Name, lvl, a.Ply, a.Nodes, a.Score, b.Ply, b.Nodes, b.Score)
				}
			}
		}
	}
}

// TestNodeBudget: after its first iteration, which always finishes, a
// search stops at its node budget.
func TestNodeBudget(t *testing.T) {
	for _, k := range []*rules.Kind{pinuid.Classic, pinuid.Quatro} {
		for _, g := range openings(t, k, nil, 3, 4) {
			th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 8, Nodes: 3000})
			if err != nil {
				t.Fatal(err)
			}
			if th.Nodes > 3000 {
				t.Errorf("%s: %d nodes for a budget of 3000", k.Name, th.Nodes)
			}
			if th.Depth < 2 {
				t.Errorf("%s: depth %d with 3000 nodes", k.Name, th.Depth)
			}
		}
	}
}

// TestTimeCeiling: a short time ceiling cuts a large search short, and
// the ply is still legal.
func TestTimeCeiling(t *testing.T) {
	g := openings(t, pinuid.Quatro, nil, 1, 4)[0]
	start := time.Now()
	th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 8, Nodes: 1 << 40, Time: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Think took %v with a ceiling of 50ms", took)
	}
	if err := g.Clone().Play(th.Ply); err != nil {
		t.Errorf("%s: %v", th.Ply, err)
	}
}

// TestNeverForgets: the engine never leaves a removal owed; every step
// that makes rows takes one pin for each of them.
func TestNeverForgets(t *testing.T) {
	steps := 0
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		g := play(t, pinuid.Classic, nil)
		for !g.Outcome().Over && g.Plies() < 60 {
			legal := g.Legal()
			ply := legal[rng.IntN(len(legal))]
			if g.ToMove() == 0 {
				th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 1 + int(seed%8), Nodes: 2000, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				ply = th.Ply
				tok := ply.String()
				for _, p := range legal {
					if other := p.String(); isStep(tok) && sameStep(tok, other) && strings.Count(other, "x") > strings.Count(tok, "x") {
						t.Fatalf("seed %d: %s leaves a removal owed; %s pays it\n%s", seed, tok, other, g.Board())
					}
				}
				if strings.Contains(tok, "x") {
					steps++
				}
			}
			if err := g.Play(ply); err != nil {
				t.Fatal(err)
			}
		}
	}
	if steps < 20 {
		t.Errorf("only %d steps with removals were checked", steps)
	}
}

// TestQuatroPlays: three- and four-seat games run to their end between
// engines, every ply legal. Four weak seats can take more than 200 plies
// (the no-progress count restarts at every removal), hence 400.
func TestQuatroPlays(t *testing.T) {
	for _, o := range []rules.Options{nil, {"seats": "3"}} {
		g := play(t, pinuid.Quatro, o)
		for !g.Outcome().Over && g.Plies() < 400 {
			th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 3, Seed: uint64(g.Plies())})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(th.Ply); err != nil {
				t.Fatalf("%v\n%s", err, g.Board())
			}
		}
		if !g.Outcome().Over {
			t.Errorf("seats %s: no end after 400 plies:\n%s", o["seats"], g.Board())
		}
	}
}

// TestQuatroLevelsGraded: Quatro's levels are graded by their noise, so
// each level must blur less than the one below, level 8 not at all, and
// none may read deeper or further than level 8.
func TestQuatroLevelsGraded(t *testing.T) {
	top := quatroLevels[ai.MaxLevel]
	if top.noise != 0 || top.second != 0 {
		t.Errorf("level 8: noise %d, second %d%%, want neither", top.noise, top.second)
	}
	for l := ai.MinLevel + 1; l <= ai.MaxLevel; l++ {
		lo, hi := quatroLevels[l-1], quatroLevels[l]
		if hi.noise >= lo.noise {
			t.Errorf("level %d: noise %d, not below level %d's %d", l, hi.noise, l-1, lo.noise)
		}
		if hi.depth < lo.depth || hi.nodes < lo.nodes {
			t.Errorf("level %d reads less (depth %d, %d nodes) than level %d (depth %d, %d nodes)",
				l, hi.depth, hi.nodes, l-1, lo.depth, lo.nodes)
		}
	}
}

// TestQuatroLevelOneIsNotRandom: the lowest level must still prefer good
// plies: noise of ten pins or more measured as no better than random
// (the greedy player) in the arena.
func TestQuatroLevelOneIsNotRandom(t *testing.T) {
	if n := quatroLevels[ai.MinLevel].noise; n >= 1000 {
		t.Errorf("level 1's noise %d: the arena found noise of 1000 and more plays as if at random", n)
	}
}
