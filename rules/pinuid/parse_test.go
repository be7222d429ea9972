package pinuid

import (
	"slices"
	"testing"

	"pbem/rules"
)

// TestParseReadsEveryTokenForm checks the ply tokens of records.md, read
// in any case and written back in lower case.
func TestParseReadsEveryTokenForm(t *testing.T) {
	tests := []struct{ in, want string }{
		{"b1-c2", "b1-c2"},
		{"B1-C2", "b1-c2"},
		{"b1-c2xc1xe3", "b1-c2xc1xe3"},
		{" B1-c2XC1 ", "b1-c2xc1"},
		{"xc1", "xc1"},
		{"XD1XE2", "xd1xe2"},
		{"+c1", "+c1"},
		{"+G7", "+g7"},
		{"pass", "pass"},
		{"PASS", "pass"},
		{"g7-f6", "g7-f6"},
		{"a01-b2", "a1-b2"},
	}
	rg, _ := Classic.NewGame(nil)
	for _, tt := range tests {
		p, err := rg.Parse(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if p.String() != tt.want {
			t.Errorf("%q reads as %s, want %s", tt.in, p, tt.want)
		}
	}
}

// TestParseTeachesTheNotation checks that a token Parse cannot read gets a
// message saying what is wrong and how to write it, and a suggestion where
// a slip is plain.
func TestParseTeachesTheNotation(t *testing.T) {
	tests := []struct {
		in      string
		rule    string
		msg     string
		suggest []string
	}{
		{"h3-g4", "notation", "h3: there is no h file; files run a to g", nil},
		{"c8-d7", "notation", "c8: there is no rank 8; ranks run 1 to 7", nil},
		{"b0-c1", "notation", "b0: there is no rank 0; ranks run 1 to 7", nil},
		{"b1-b2", "diagonal step", "b1-b2 is not diagonal; a pin steps one square diagonally, forward or backward: from b1 a pin may go to a2 or c2", nil},
		{"d4-d6", "diagonal step", "d4-d6 is not diagonal; a pin steps one square diagonally, forward or backward: from d4 a pin may go to c3, e3, c5 or e5", nil},
		{"b1-d3", "diagonal step", "b1-d3 goes 2 squares; a pin steps just one square diagonally and never jumps: from b1 a pin may go to a2 or c2; did you mean b1-c2?", []string{"b1-c2"}},
		{"c3-c3", "diagonal step", "c3-c3 goes nowhere; a pin steps one square diagonally: from c3 a pin may go to b2, b4 or d4", nil},
		{"b1c2", "notation", "b1c2: put a - between the pin's square and where it steps, as in b1-c2; did you mean b1-c2?", []string{"b1-c2"}},
		{"b1xc2", "notation", "b1xc2: put a - between the pin's square and where it steps, as in b1-c2; did you mean b1-c2?", []string{"b1-c2"}},
		{"b1", "notation", "b1 is a square, not a ply; a step names the pin's square and where it goes: b1-c2", nil},
		{"", "notation", "the ply is empty; a ply is a diagonal step such as b1-c2, with removals such as b1-c2xc1, or xc1, +c1 or pass", nil},
		{"pas", "notation", "pas is not a ply; a ply is a diagonal step such as b1-c2, with removals such as b1-c2xc1, or xc1, +c1 or pass; did you mean pass?", []string{"pass"}},
		{"+", "notation", "+ needs the square where the pin comes back, as in +c1", nil},
		{"+c1xc2", "notation", "+c1xc2: a re-entry is the whole turn; nothing may follow +c1", nil},
		{"b1-c2x", "notation", "b1-c2x: x needs the square of the pin to remove, as in xc1", nil},
		{"b1-c2-d3", "notation", "b1-c2-d3: a turn is one step of one square; removals follow it with x, as in b1-c2x...", nil},
		{"1b-c2", "notation", "1b is not a square: the file letter comes first; did you mean b1?", []string{"b1"}},
		{"b1-c2yc1", "notation", `b1-c2yc1: unexpected "y" after b1-c2; a removal is written x and the square, as in b1-c2xc1`, nil},
		{"b1-", "notation", "b1-: a square is missing at the end; a square is a file letter and a rank number, such as c2", nil},
		{"é1-c2", "notation", `é1-c2 is not a ply: it cannot start with "é"; a ply is a diagonal step such as b1-c2`, nil},
		{"xc1xc2xc3xc4xc5xc6xc7", "notation", "xc1xc2xc3xc4xc5xc6xc7 removes more than 6 pins; one turn removes at most one pin for each of the at most 6 rows a step can make", nil},
	}
	rg, _ := Classic.NewGame(nil)
	for _, tt := range tests {
		_, err := rg.Parse(tt.in)
		e, ok := err.(*rules.Error)
		if !ok {
			t.Errorf("%q: error %v, want a *rules.Error", tt.in, err)
			continue
		}
		if ruleOf(e) != tt.rule || msgOf(e) != tt.msg || !slices.Equal(e.Suggest, tt.suggest) || e.Ply != 1 || e.Token != tt.in {
			t.Errorf("%q: ply %d token %q, %s: %q %v\nwant %s: %q %v", tt.in, e.Ply, e.Token, ruleOf(e), msgOf(e), e.Suggest, tt.rule, tt.msg, tt.suggest)
		}
	}
}

// TestStepHintsNameOnlyEmptySquares checks that the diagonal rule's message
// lists only the squares a pin could step to now, and suggests the short
// step only onto an empty square, in Classic and Quatro, from Parse and
// from Play.
func TestStepHintsNameOnlyEmptySquares(t *testing.T) {
	tests := []struct {
		kind    *rules.Kind
		in      string
		msg     string
		suggest []string
	}{
		{Classic, "d2-d3", "d2-d3 is not diagonal; a pin steps one square diagonally, forward or backward: from d2 a pin may go to c3 or e3", nil},
		{Classic, "c1-e3", "c1-e3 goes 2 squares; a pin steps just one square diagonally and never jumps: from c1 a pin may go to b2", nil},
		{Classic, "e7-e5", "e7-e5 is not diagonal; a pin steps one square diagonally, forward or backward: from e7 a pin may go to f6", nil},
		{Quatro, "b2-b3", "b2-b3 is not diagonal; a pin steps one square diagonally, forward or backward: from b2 a pin may go to c1 or a3", nil},
		{Quatro, "a1-a2", "a1-a2 is not diagonal; a pin steps one square diagonally, forward or backward: every square diagonally next to a1 is taken now", nil},
		{Quatro, "a1-c3", "a1-c3 goes 2 squares; a pin steps just one square diagonally and never jumps: every square diagonally next to a1 is taken now", nil},
	}
	for _, tt := range tests {
		g, err := tt.kind.NewGame(nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Parse(tt.in)
		if e, ok := err.(*rules.Error); !ok || msgOf(e) != tt.msg || !slices.Equal(e.Suggest, tt.suggest) {
			t.Errorf("%s %q: Parse says %v (%v)\nwant %q %v", tt.kind.Name, tt.in, err, suggestOf(err), tt.msg, tt.suggest)
		}
		// Play explains a step built without Parse the same way.
		geo := g.(*Game).geo
		from, _, _ := geo.parseSquare(tt.in[:2])
		to, _, _ := geo.parseSquare(tt.in[3:])
		err = g.Play(Ply{action: step, from: from, to: to})
		if e, ok := err.(*rules.Error); !ok || msgOf(e) != tt.msg {
			t.Errorf("%s %q: Play says %v\nwant %q", tt.kind.Name, tt.in, err, tt.msg)
		}
	}
}

func suggestOf(err error) []string {
	if e, ok := err.(*rules.Error); ok {
		return e.Suggest
	}
	return nil
}

// TestPlayRefusesForeignPlies checks that Play explains a ply that is not
// a Pinuid ply, or one built for another board.
func TestPlayRefusesForeignPlies(t *testing.T) {
	rg, _ := Classic.NewGame(nil)
	tests := []struct {
		ply rules.Ply
		msg string
	}{
		{foreignPly("K10"), "K10 is not a Pinuid ply; a ply is a diagonal step such as b1-c2"},
		{&Ply{}, "the ply is empty; a ply is a diagonal step such as b1-c2"},
		{(*Ply)(nil), "<nil> is not a Pinuid ply; a ply is a diagonal step such as b1-c2"},
		{Ply{action: step, from: at(7, 0), to: at(8, 1)}, "h1 is off the 7x7 board"},
		{Ply{action: step, from: at(1, 0), to: at(1, 1)}, "b1-b2 is not diagonal; a pin steps one square diagonally, forward or backward: from b1 a pin may go to a2 or c2"},
	}
	for _, tt := range tests {
		err := rg.Play(tt.ply)
		if e, ok := err.(*rules.Error); !ok || msgOf(e) != tt.msg {
			t.Errorf("%v: %v\nwant %q", tt.ply, err, tt.msg)
		}
	}
	if rg.Plies() != 0 {
		t.Errorf("refused plies were played: %v", rg.History())
	}
}

type foreignPly string

func (f foreignPly) String() string { return string(f) }
