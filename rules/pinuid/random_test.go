package pinuid

import (
	"math/rand/v2"
	"pbem/i18n"
	"slices"
	"strings"
	"testing"

	"pbem/rules"
)

// randomKinds are the games the property tests play.
var randomKinds = []struct {
	name string
	kind *rules.Kind
	opts rules.Options
}{
	{"Classic", Classic, nil},
	{"Quatro4", Quatro, nil},
	{"Quatro3", Quatro, rules.Options{"seats": "3"}},
}

// randomPly picks a legal ply: uniformly in some games, in others
// preferring plies that remove pins, so that games reach their ends.
func randomPly(rng *rand.Rand, legal []rules.Ply, greedy bool) *Ply {
	if greedy && rng.IntN(4) > 0 {
		best, most := []*Ply{}, 0
		for _, rp := range legal {
			p := rp.(*Ply)
			switch n := int(p.n); {
			case n > most:
				best, most = []*Ply{p}, n
			case n == most:
				best = append(best, p)
			}
		}
		return best[rng.IntN(len(best))]
	}
	return legal[rng.IntN(len(legal))].(*Ply)
}

// TestRandomGamesKeepInvariants plays seeded random games of every kind to
// their end or a ply cap and checks each position: pins counted right, no
// pin lost or duplicated, a step keeps its pin's colour, eliminated pins
// never change, the seat to move is in play, Legal agrees with Play, and a
// clone is independent of its original.
func TestRandomGamesKeepInvariants(t *testing.T) {
	games, plyCap := 1500, 600
	if testing.Short() {
		games = 150
	}
	for ki, k := range randomKinds {
		t.Run(k.name, func(t *testing.T) {
			reasons := map[rules.Reason]int{}
			totalPlies := 0
			for seed := range uint64(games) {
				rng := rand.New(rand.NewPCG(seed, uint64(ki)))
				rg, err := k.kind.NewGame(k.opts)
				if err != nil {
					t.Fatal(err)
				}
				g := rg.(*Game)
				greedy := seed%2 == 0
				for g.Plies() < plyCap && !g.Outcome().Over {
					legal := g.Legal()
					if len(legal) == 0 {
						t.Fatalf("seed %d ply %d: no legal ply in a running game\n%s", seed, g.Plies()+1, english(g.Board()))
					}
					p := randomPly(rng, legal, greedy)
					if seed%8 == 0 && g.Plies()%16 == 0 {
						checkClone(t, g, legal)
						checkOthersRefused(t, g, legal)
					}
					before := *g
					if err := g.Play(p); err != nil {
						t.Fatalf("seed %d: Legal listed %s, Play refused it: %v\n%s", seed, p, err, english(before.Board()))
					}
					checkPosition(t, &before, g, *p)
				}
				reasons[g.Outcome().Reason]++
				totalPlies += g.Plies()
				if g.Outcome().Over {
					if l := g.Legal(); len(l) != 0 {
						t.Fatalf("seed %d: the game is over but Legal lists %v", seed, l)
					}
				}
			}
			t.Logf("%d games, %d plies: %v", games, totalPlies, reasons)
			if !testing.Short() && reasons[rules.TwoPins] == 0 {
				t.Errorf("no random game was won with two pins: %v", reasons)
			}
		})
	}
}

// checkPosition checks the position after ply p against the one before.
func checkPosition(t *testing.T, before, g *Game, p Ply) {
	mover := before.toMove
	mark := int8(mover) + 1
	fail := func(format string, args ...any) {
		t.Fatalf("after %s (ply %d): "+format+"\nbefore:\n%s\nafter:\n%s", append(append([]any{p, g.Plies()}, args...), english(before.Board()), english(g.Board()))...)
	}
	// Exactly the squares the ply names change, as it says.
	want := before.board
	switch p.action {
	case step:
		if p.from.colour() != p.to.colour() {
			fail("the step changed the pin's colour")
		}
		if want[p.from] != mark || want[p.to] != 0 {
			fail("the step was not from own pin to an empty square")
		}
		want[p.from], want[p.to] = 0, mark
		checkRows(t, before, p)
	case enter:
		if want[p.to] != 0 || p.to.Rank() != before.setup.seats[mover].base-1 {
			fail("re-entry not onto an empty base-line square")
		}
		want[p.to] = mark
	}
	for _, q := range p.removals[:p.n] {
		if want[q] != mark || q == p.to && p.action == step {
			fail("removed %s, not a pin of the mover or the moved pin", q)
		}
		want[q] = 0
	}
	if want != g.board {
		fail("the board changed beyond the ply")
	}
	// Pins are counted right, and no seat goes below two.
	var counted [maxSeats + 1]int
	for _, m := range g.board {
		counted[m]++
	}
	for s := range g.Seats() {
		if n := counted[s+1]; n != g.pins[s] || g.pins[s]+g.off[s] != len(g.setup.seats[s].pins) {
			fail("seat %d: %d pins on the board, counted %d on and %d off of %d", s+1, counted[s+1], g.pins[s], g.off[s], len(g.setup.seats[s].pins))
		}
		if g.pins[s] < 2 {
			fail("seat %d has %d pins", s+1, g.pins[s])
		}
		if before.eliminated[s] && !g.eliminated[s] {
			fail("seat %d came back after elimination", s+1)
		}
	}
	o := g.Outcome()
	if o.Over && o.Reason == rules.TwoPins && (g.pins[mover] != 2 || !o.Won(mover)) {
		fail("won with %d pins by %v", g.pins[mover], o.Winners)
	}
	if !o.Over && g.eliminated[g.toMove] {
		fail("eliminated seat %d is to move", g.toMove+1)
	}
	if !o.Over && g.quatro && g.oneColour(g.toMove) {
		fail("seat %d is to move with all pins on one colour", g.toMove+1)
	}
	// The token reads back as the same ply.
	back, err := before.Parse(p.String())
	if err != nil || *back.(*Ply) != p {
		fail("%s parses back as %v, %v", p, back, err)
	}
}

// checkClone plays a ply on a clone and checks the original is untouched.
func checkClone(t *testing.T, g *Game, legal []rules.Ply) {
	t.Helper()
	board, n := english(g.Board()), g.Plies()
	checkBoardFitsMail(t, board)
	c := g.Clone()
	if english(c.Board()) != board {
		t.Fatalf("a clone shows another board:\n%s\n%s", board, english(c.Board()))
	}
	if err := c.Play(legal[len(legal)-1]); err != nil {
		t.Fatalf("clone refused %s: %v", legal[len(legal)-1], err)
	}
	if english(g.Board()) != board || g.Plies() != n || len(g.History()) != n {
		t.Fatalf("playing on a clone changed the original:\n%s\nnow:\n%s", board, english(g.Board()))
	}
}

// checkOthersRefused checks that pass is offered alone or not at all, that
// a pass outside Legal is refused, and that a removal order Legal leaves
// out gives the same position as the one it lists.
func checkOthersRefused(t *testing.T, g *Game, legal []rules.Ply) {
	t.Helper()
	toks := make([]string, len(legal))
	for i, p := range legal {
		toks[i] = p.String()
	}
	if slices.Contains(toks, "pass") {
		if len(toks) != 1 {
			t.Fatalf("pass offered with other plies: %v", toks)
		}
		return
	}
	c := g.Clone()
	if err := rules.PlayToken(c, "pass"); err == nil {
		t.Fatalf("pass accepted while %v are legal\n%s", toks, english(g.Board()))
	}
	for _, p := range legal {
		pp := p.(*Ply)
		if pp.n < 2 {
			continue
		}
		rev := *pp
		slices.Reverse(rev.removals[:rev.n])
		c1, c2 := g.Clone().(*Game), g.Clone().(*Game)
		if err := c1.Play(pp); err != nil {
			t.Fatal(err)
		}
		if err := c2.Play(&rev); err == nil && c1.board != c2.board {
			t.Fatalf("%s and %s give different boards", pp, &rev)
		} else if err != nil && !strings.Contains(i18n.Error(i18n.English, err), "removal") {
			t.Fatalf("%s refused for another reason than the removal rule: %v", &rev, err)
		}
	}
}

// checkRows compares the rows the engine finds for step p with a plain
// count over the whole board before and after the step.
func checkRows(t *testing.T, before *Game, p Ply) {
	mark := int8(before.toMove) + 1
	after := *before
	got := after.move(mark, p.from, p.to)
	old := allRows(before, mark)
	var want []row
	for _, r := range allRows(&after, mark) {
		if !slices.Contains(old, r) {
			want = append(want, r)
		}
	}
	have := slices.Clone(got.rows[:got.n])
	less := func(a, b row) int { return int(a.start)*2 + boolInt(a.up) - int(b.start)*2 - boolInt(b.up) }
	slices.SortFunc(have, less)
	slices.SortFunc(want, less)
	if !slices.Equal(have, want) {
		t.Fatalf("step %s: the engine finds rows %v, the whole board %v\n%s", p, have, want, english(before.Board()))
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// allRows finds every maximal run of exactly three pins marked mark.
func allRows(g *Game, mark int8) []row {
	var out []row
	for _, up := range []bool{false, true} {
		lines, length := g.geo.ranks, g.geo.files
		if up {
			lines, length = g.geo.files, g.geo.ranks
		}
		for line := range lines {
			run := 0
			for i := 0; i <= length; i++ {
				q := at(i, line)
				if up {
					q = at(line, i)
				}
				if i < length && g.board[q] == mark {
					run++
					continue
				}
				if run == 3 {
					start := at(i-3, line)
					if up {
						start = at(line, i-3)
					}
					out = append(out, row{start: start, up: up})
				}
				run = 0
			}
		}
	}
	return out
}
