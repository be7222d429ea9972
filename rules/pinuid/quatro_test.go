package pinuid

import (
	"slices"
	"strings"
	"testing"

	"pbem/rules"
)

// quatroSeatTwoOneColour is the Quatro setup with seat 2's side pins off:
// its pins left (a7 b6 c5) all stand on one colour.
const quatroSeatTwoOneColour = `
	7 2 1 . . . 4 3
	6 3 2 . . . 3 .
	5 . . 2 . 3 . .
	4 . . . . . . .
	3 . . 1 . 4 . .
	2 4 1 . . . 4 1
	1 1 . . . . 3 4`

// TestQuatroSeatsGoClockwise checks the Quatro setup table and the turn
// order: seats 1 to 4 clockwise from the a1 corner, or 1 to 3 with seat
// 4's pins taken off.
func TestQuatroSeatsGoClockwise(t *testing.T) {
	four := map[string]rules.Seat{
		"a1": 0, "b2": 0, "c3": 0, "g2": 0, "b7": 0,
		"a7": 1, "b6": 1, "c5": 1, "g6": 1, "b1": 1,
		"g7": 2, "f6": 2, "e5": 2, "a6": 2, "f1": 2,
		"g1": 3, "f2": 3, "e3": 3, "a2": 3, "f7": 3,
	}
	three := map[string]rules.Seat{}
	for q, s := range four {
		if s != 3 {
			three[q] = s
		}
	}
	tests := []struct {
		seats  string
		n      int
		pins   map[string]rules.Seat
		plies  []string
		toMove []rules.Seat // after each ply
	}{
		{"4", 4, four, []string{"c3-d4", "c5-d6", "e5-f4", "e3-d2", "d4-c3"}, []rules.Seat{1, 2, 3, 0, 1}},
		{"3", 3, three, []string{"c3-d4", "c5-d6", "e5-f4", "d4-e3"}, []rules.Seat{1, 2, 0, 1}},
	}
	for _, tt := range tests {
		t.Run("seats="+tt.seats, func(t *testing.T) {
			rg, err := Quatro.NewGame(rules.Options{"seats": tt.seats})
			if err != nil {
				t.Fatal(err)
			}
			g := rg.(*Game)
			if g.Seats() != tt.n || g.SeatName(0) != "Seat 1" || g.ToMove() != 0 {
				t.Errorf("%d seats, seat 0 is %q, %v to move", g.Seats(), g.SeatName(0), g.ToMove())
			}
			checkPins(t, g, tt.pins)
			for i, tok := range tt.plies {
				play(t, g, tok)
				if g.ToMove() != tt.toMove[i] {
					t.Fatalf("after %s, %s is to move; want %s", tok, g.SeatName(g.ToMove()), g.SeatName(tt.toMove[i]))
				}
			}
			if strings.Contains(english(g.Board()), "Seat 4") != (tt.seats == "4") {
				t.Errorf("the board's legend and the seat count disagree:\n%s", english(g.Board()))
			}
		})
	}
}

// TestQuatroEliminationSkipsTheSeat checks Quatro's stagnation rule: a
// seat whose pins all stand on one colour is eliminated at the start of
// its turn (not as a ply), its pins stay as obstacles, and play skips it.
func TestQuatroEliminationSkipsTheSeat(t *testing.T) {
	t.Run("a seat on one colour is eliminated at its turn", func(t *testing.T) {
		g := arrange(t, position{kind: Quatro, diagram: quatroSeatTwoOneColour})
		if g.Eliminated(1) {
			t.Fatal("seat 2 is eliminated before its turn")
		}
		play(t, g, "c3-d4")
		if !g.Eliminated(1) || g.ToMove() != 2 || g.Plies() != 1 || g.eliminatedAt[1] != 1 {
			t.Fatalf("after ply 1: seat 2 eliminated %v (at %d), %s to move, %d plies; want true (1), Seat 3, 1",
				g.Eliminated(1), g.eliminatedAt[1], g.SeatName(g.ToMove()), g.Plies())
		}
		if b := english(g.Board()); !strings.Contains(b, "Seat 2 is eliminated") || !strings.Contains(b, "eliminated after ply 1") {
			t.Errorf("the board does not show the elimination:\n%s", b)
		}
		play(t, g, "f1-e2", "a2-b3")
		if g.ToMove() != 0 {
			t.Fatalf("after seat 4, %s is to move; want Seat 1", g.SeatName(g.ToMove()))
		}
		e := refused(t, g, "d4-c5")
		if msgOf(e) != "c5 is taken by Seat 2's pin (eliminated, an obstacle now); a pin steps only onto an empty square" {
			t.Errorf("a step onto an eliminated pin refused: %q", msgOf(e))
		}
		play(t, g, "d4-c3")
		if g.ToMove() != 2 {
			t.Errorf("after seat 1, %s is to move; want Seat 3 (seat 2 skipped)", g.SeatName(g.ToMove()))
		}
		for _, q := range []string{"a7", "b6", "c5"} {
			if s, ok := g.Pin(sq(t, q)); !ok || s != 1 {
				t.Errorf("seat 2's pin on %s is gone", q)
			}
		}
	})
	t.Run("a seat that removes down to one colour goes at its next turn", func(t *testing.T) {
		g := arrange(t, position{kind: Quatro, toMove: 1, diagram: `
			7 4 4 4 . 2 . .
			5 2 2 . . . . .
			4 . . . 2 . . .
			3 . . . . . . 2
			1 1 1 1 . 3 3 3`})
		play(t, g, "d4-c5xb5")
		if g.Eliminated(1) || g.ToMove() != 2 {
			t.Fatalf("seat 2 eliminated %v right after its own ply, %s to move", g.Eliminated(1), g.SeatName(g.ToMove()))
		}
		play(t, g, "e1-d2", "a7-b6", "a1-b2")
		if !g.Eliminated(1) || g.eliminatedAt[1] != 4 || g.ToMove() != 2 {
			t.Errorf("after ply 4: seat 2 eliminated %v at %d, %s to move; want true at 4, Seat 3",
				g.Eliminated(1), g.eliminatedAt[1], g.SeatName(g.ToMove()))
		}
	})
	t.Run("re-entry does not exist in Quatro", func(t *testing.T) {
		rg, _ := Quatro.NewGame(nil)
		e := refused(t, rg.(*Game), "+d1")
		if msgOf(e) != "Pinuid Quatro has no re-entry: a player whose pins all stand on one colour of square is eliminated instead" {
			t.Errorf("+d1 refused: %q", msgOf(e))
		}
	})
}

// TestQuatroWins checks Quatro's ends: two pins left wins at once, and the
// last seat in play wins.
func TestQuatroWins(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		toMove  rules.Seat
		out     []rules.Seat
		plies   []string
		reason  rules.Reason
		result  string
	}{
		{"the last seat standing wins", quatroSeatTwoOneColour, 0, []rules.Seat{2, 3},
			[]string{"c3-d4"}, rules.LastStanding, "1-0-0-0"},
		{"two pins left win", `
			7 . . . . 2 2 2
			4 . . . 3 . . .
			3 3 3 . . . . .
			1 1 1 1 . 4 4 4`, 2, nil,
			[]string{"d4-c3xa3"}, rules.TwoPins, "0-0-1-0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := arrange(t, position{kind: Quatro, diagram: tt.diagram, toMove: tt.toMove, out: tt.out})
			play(t, g, tt.plies...)
			o := g.Outcome()
			if !o.Over || o.Reason != tt.reason || o.Result(4) != tt.result {
				t.Fatalf("outcome %+v, result %s; want %s, %s", o, o.Result(4), tt.reason, tt.result)
			}
			if !strings.Contains(english(g.Board()), "Game over: "+g.SeatName(o.Winners[0])+" won") {
				t.Errorf("the board does not tell the win:\n%s", english(g.Board()))
			}
		})
	}
}

// TestNobodyCanActIsADraw checks the draw when no seat in play can act.
// Pins block only by standing on every diagonal neighbour, so on 7x7 it
// takes a Quatro game whose eliminated pins hem the others in.
func TestNobodyCanActIsADraw(t *testing.T) {
	// Seats 1 and 2 are blocked by each other and by seats 3 and 4,
	// whose pins all stand on one colour.
	const hemmed = `
		7 . . . . . . 3
		5 . . . . 3 . .
		4 4 . 4 . . . .
		3 3 2 3 4 . . .
		2 1 2 2 . . . 4
		1 1 1 3 4 . . .`
	tests := []struct {
		name   string
		out    []rules.Seat
		passes int // passes before the draw
	}{
		{"blocked seats and eliminated ones: drawn at once", []rules.Seat{2, 3}, 0},
		{"drawn once the elimination still due has happened", []rules.Seat{3}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := arrange(t, position{kind: Quatro, diagram: hemmed, out: tt.out})
			for range tt.passes {
				if g.Outcome().Over {
					t.Fatalf("drawn after %d passes; want %d", g.Plies(), tt.passes)
				}
				if got := legalTokens(g); !slices.Equal(got, []string{"pass"}) {
					t.Fatalf("Legal is %v, want pass", got)
				}
				play(t, g, "pass")
			}
			o := g.Outcome()
			if !o.Over || o.Reason != rules.Stalemate || !o.Draw() || o.Result(4) != "1/2-1/2-1/2-1/2" {
				t.Fatalf("outcome %+v; want a draw because no seat can act\n%s", o, english(g.Board()))
			}
			if !g.Eliminated(2) {
				t.Errorf("seat 3 was never eliminated")
			}
		})
	}
}
