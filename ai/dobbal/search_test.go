package dobbal

import (
	"context"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"testing"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/dobbal"
)

// midgames are positions some random plies into seeded games, not over and
// with no roll set.
func midgames(tb testing.TB, n int, opts rules.Options) []*dobbal.Game {
	tb.Helper()
	var out []*dobbal.Game
	for seed := uint64(1); len(out) < n; seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		g0, err := dobbal.Kind.NewGame(opts)
		if err != nil {
			tb.Fatal(err)
		}
		g := g0.(*dobbal.Game)
		plies := 2 + rng.IntN(10)
		for g.Plies() < plies && !g.Outcome().Over {
			if err := g.SetRoll(g.RollFor(seed, g.Plies()+1)); err != nil {
				tb.Fatal(err)
			}
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

// valueAfter is the value for me of the position after the rules engine
// played a turn: the win value for a finished game, else the evaluation.
func valueAfter(g *dobbal.Game, me int) float64 {
	if o := g.Outcome(); o.Over {
		switch {
		case o.Won(rules.Seat(me)):
			return winValue
		case o.Draw():
			return 0
		}
		return -winValue
	}
	var b board
	b.read(g)
	return float64(b.eval(me, g.ToMove()))
}

// TestChanceAveragesTheRolls compares a chance node searched one ply deep
// with its value worked out by brute force: for each of the 27 ordered
// rolls, the mover's best turn by the rules engine's own Play, then the
// plain mean.
func TestChanceAveragesTheRolls(t *testing.T) {
	for _, opts := range []rules.Options{nil, {"faces": "6"}} {
		for i, g := range midgames(t, 3, opts) {
			me := 1 - int(g.ToMove()) // the mover is my opponent
			_, faces := g.Dice()
			sum, n := 0.0, 0
			for a := 1; a <= faces; a++ {
				for b := 1; b <= faces; b++ {
					for gd := 1; gd <= faces; gd++ {
						c := g.Clone().(*dobbal.Game)
						if err := c.SetRoll([]int{a, b, gd}); err != nil {
							t.Fatal(err)
						}
						best := math.Inf(1)
						for _, p := range c.Legal() {
							after := c.Clone().(*dobbal.Game)
							if err := after.Play(p); err != nil {
								t.Fatal(err)
							}
							best = min(best, valueAfter(after, me))
						}
						sum += best
						n++
					}
				}
			}
			want := sum / float64(n)
			s := &search{ctx: context.Background(), me: me, budget: math.MaxInt64, rolls: rolls(faces), seed: maphash.MakeSeed()}
			got := s.chance(g, 1)
			if math.Abs(got-want) > 1e-6 {
				t.Errorf("faces %d, position %d: chance node %.4f, mean over the %d rolls %.4f\n%s", faces, i, got, n, want, g.Board())
			}
		}
	}
}

// TestRollsWeighOne checks that the distinct rolls' probabilities add up
// to one and stand for every ordered roll.
func TestRollsWeighOne(t *testing.T) {
	for _, faces := range []int{3, 6} {
		sum := 0.0
		for _, r := range rolls(faces) {
			sum += r.weight
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("faces %d: weights add up to %v", faces, sum)
		}
	}
	if n := len(rolls(3)); n != 18 {
		t.Errorf("faces 3: %d distinct rolls, want 18", n)
	}
}

// TestBoardPlayAgrees plays random turns both ways: the search's own
// board.play and the rules engine's Play must leave the same board and
// agree on wins.
func TestBoardPlayAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		g0, _ := dobbal.Kind.NewGame(nil)
		g := g0.(*dobbal.Game)
		for !g.Outcome().Over && g.Plies() < 80 {
			if err := g.SetRoll(g.RollFor(seed, g.Plies()+1)); err != nil {
				t.Fatal(err)
			}
			legal := g.Legal()
			p := legal[rng.IntN(len(legal))]
			mover := int(g.ToMove())
			var b board
			b.read(g)
			win := b.play(p.(*dobbal.Turn), mover)
			if err := g.Play(p); err != nil {
				t.Fatal(err)
			}
			var want board
			want.read(g)
			if b != want {
				t.Fatalf("seed %d, ply %d %s: the boards differ\n%s", seed, g.Plies(), p, g.Board())
			}
			if ruled := g.Outcome().Won(rules.Seat(mover)); ruled != win {
				t.Fatalf("seed %d, ply %d %s: win %v, the rules say %v", seed, g.Plies(), p, win, ruled)
			}
		}
	}
}

// TestTakesTheWin: a turn that wins at once is always played, at every
// level.
func TestTakesTheWin(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		g0, _ := dobbal.Kind.NewGame(nil)
		g := g0.(*dobbal.Game)
		for !g.Outcome().Over && g.Plies() < 60 {
			if err := g.SetRoll(g.RollFor(seed, g.Plies()+1)); err != nil {
				t.Fatal(err)
			}
			legal := g.Legal()
			var winning rules.Ply
			for _, p := range legal {
				c := g.Clone()
				if c.Play(p) == nil && c.Outcome().Won(g.ToMove()) {
					winning = p
					break
				}
			}
			if winning != nil {
				found++
				for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
					th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: lvl, Nodes: 3000, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					c := g.Clone()
					if c.Play(th.Ply) != nil || !c.Outcome().Won(g.ToMove()) {
						t.Fatalf("seed %d, level %d: played %s, not a win such as %s\n%s", seed, lvl, th.Ply, winning, g.Board())
					}
					if th.Score != ai.Win-1 {
						t.Errorf("seed %d, level %d: score %d for a win at once", seed, lvl, th.Score)
					}
				}
				break
			}
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 10 {
		t.Errorf("only %d positions with a winning turn; the test needs more games", found)
	}
	t.Logf("%d positions with a winning turn", found)
}
