package pinuid

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"pbem/rules"
)

// position is a test position: a diagram in the style of rules.md, rank by
// rank from the top, each square a seat's letter or '.', with the rank
// number first; a line of file letters may close it. Pins of a seat's setup
// that are not on the diagram count as removed.
type position struct {
	kind    *rules.Kind
	opts    rules.Options
	diagram string
	toMove  rules.Seat
	out     []rules.Seat // seats eliminated before the position
}

// arrange builds the game of a position, starting toMove's turn as the
// engine would after a ply (eliminations, draws).
func arrange(t testing.TB, p position) *Game {
	t.Helper()
	rg, err := p.kind.NewGame(p.opts)
	if err != nil {
		t.Fatalf("new %s: %v", p.kind.Name, err)
	}
	g := rg.(*Game)
	g.board = [maxSide * maxSide]int8{}
	g.pins = [maxSeats]int{}
	marks := map[byte]int8{}
	for i, s := range g.setup.seats {
		marks[s.mark] = int8(i) + 1
	}
	for _, line := range strings.Split(strings.TrimSpace(p.diagram), "\n") {
		fields := strings.Fields(line)
		rank, err := strconv.Atoi(fields[0])
		if err != nil {
			continue // the file letters
		}
		if len(fields)-1 != g.geo.files || rank < 1 || rank > g.geo.ranks {
			t.Fatalf("diagram line %q: want the rank and %d squares", line, g.geo.files)
		}
		for f, c := range fields[1:] {
			if c == "." {
				continue
			}
			m, ok := marks[c[0]]
			if !ok || len(c) != 1 {
				t.Fatalf("diagram line %q: %q is no seat's letter", line, c)
			}
			g.board[at(f, rank-1)] = m
			g.pins[m-1]++
		}
	}
	for i, s := range g.setup.seats {
		g.off[i] = len(s.pins) - g.pins[i]
	}
	for _, s := range p.out {
		g.eliminated[s] = true
	}
	g.outcome = rules.Outcome{}
	g.begin(p.toMove)
	g.settle()
	return g
}

// play plays tokens that must be legal.
func play(t testing.TB, g *Game, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatalf("%s: %v\n%s", tok, err, english(g.Board()))
		}
	}
}

// refused plays a token that must be refused and returns the rule error.
func refused(t testing.TB, g *Game, tok string) *rules.Error {
	t.Helper()
	before := english(g.Board())
	err := rules.PlayToken(g, tok)
	if err == nil {
		t.Fatalf("%s was accepted; want it refused\n%s", tok, before)
	}
	var re *rules.Error
	if !errors.As(err, &re) {
		t.Fatalf("%s: error %T %v is not a *rules.Error", tok, err, err)
	}
	if after := english(g.Board()); after != before {
		t.Fatalf("%s: a refused ply changed the game:\n%s\nnow:\n%s", tok, before, after)
	}
	return re
}

// legalTokens lists Legal as tokens.
func legalTokens(g *Game) []string {
	var out []string
	for _, p := range g.Legal() {
		out = append(out, p.String())
	}
	return out
}

func sq(t testing.TB, name string) Square {
	t.Helper()
	s, _, err := geometry{files: 7, ranks: 7}.parseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
