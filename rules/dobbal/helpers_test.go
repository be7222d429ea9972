package dobbal

import (
	"errors"
	"strings"
	"testing"

	"pbem/rules"
)

// setUp builds a position from a diagram of 7 rows, rank 7 first, each of 7
// squares: W and B for movement pins, G for the game pin, . for empty
// (spaces are ignored). Pins missing from the board count as off. toMove is
// the seat to play; the history is empty.
func setUp(t testing.TB, opts rules.Options, toMove rules.Seat, diagram string) *Game {
	t.Helper()
	g0, err := Kind.NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	g := g0.(*Game)
	g.first = toMove
	var p position
	p.gamePin = None
	rows := strings.Split(strings.TrimSpace(diagram), "\n")
	if len(rows) != Size {
		t.Fatalf("setup: %d rows, want %d", len(rows), Size)
	}
	on := [2]int{}
	for i, row := range rows {
		row = strings.ReplaceAll(strings.TrimSpace(row), " ", "")
		if len(row) != Size {
			t.Fatalf("setup: row %d is %q, want %d squares", i+1, row, Size)
		}
		for f := range Size {
			sq := At(f, Size-1-i)
			switch row[f] {
			case 'W':
				p.board[sq] = whitePin
				on[0]++
			case 'B':
				p.board[sq] = blackPin
				on[1]++
			case 'G':
				if p.gamePin != None {
					t.Fatal("setup: two game pins")
				}
				p.board[sq], p.gamePin = gamePiece, sq
			case '.':
			default:
				t.Fatalf("setup: unknown square %q in row %d", row[f], i+1)
			}
		}
	}
	if p.gamePin == None {
		t.Fatal("setup: no game pin")
	}
	for s, n := range on {
		if n > pinsPerSeat || pinsPerSeat-n > maxOff {
			t.Fatalf("setup: %s has %d pins on the board", seatNames[s], n)
		}
		p.off[s] = int8(pinsPerSeat - n)
	}
	g.pos = p
	return g
}

// sq reads a square of a test table.
func sq(t testing.TB, s string) Square {
	t.Helper()
	q, ok := ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %q", s)
	}
	return q
}

// play plays tokens and fails the test on the first refused one.
func play(t testing.TB, g rules.Game, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatalf("play %s: %v", tok, err)
		}
	}
}

// ruleOf is the Rule of a *rules.Error, "" for nil; any other error fails.
func ruleOf(t testing.TB, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var re *rules.Error
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T) is not a *rules.Error", err, err)
	}
	if msgOf(re) == "" || ruleName(re) == "" {
		t.Fatalf("error %#v lacks a message or a rule", re)
	}
	return ruleName(re)
}

// tokens writes plies as their tokens.
func tokens(ps []rules.Ply) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// contains reports whether list holds tok.
func contains(list []string, tok string) bool {
	for _, s := range list {
		if s == tok {
			return true
		}
	}
	return false
}
