package notation

import (
	"slices"
	"strings"
	"testing"
)

// TestLinesForm reads the one-game-per-line form: plies and result each
// ending with ;, blank lines skipped, tournament rule off.
func TestLinesForm(t *testing.T) {
	src := "K10;L9;L10;A1;J10;A2;M10;A3;N10;0-1;\r\n\nK10;L9;?;\n"
	gs := slices.Collect(Lines("d.txt", []byte(src)))
	if len(gs) != 2 {
		t.Fatalf("%d games", len(gs))
	}
	g := gs[0]
	if g.Options["tournament"] != "off" || g.Entry.Title != "Pente" || len(g.Main.Moves) != 9 || g.Line != 1 {
		t.Errorf("game 1: %s %v, %d plies, line %d", g.Entry.Title, g.Options, len(g.Main.Moves), g.Line)
	}
	if p := g.Problem; p == nil || p.Token != "0-1" || !strings.Contains(p.Reason, "White won by five in a row") {
		t.Errorf("game 1: the result 0-1 contradicts White's five, problem %v", p)
	}
	if gs[1].Index != 2 || gs[1].Line != 3 || gs[1].Result != "?" || !gs[1].Valid() {
		t.Errorf("game 2: index %d, line %d, result %q, problem %v", gs[1].Index, gs[1].Line, gs[1].Result, gs[1].Problem)
	}
}

// TestLinesFormFaults reports a line that cannot be read at its column.
func TestLinesFormFaults(t *testing.T) {
	for src, col := range map[string]int{"K10;;L9;1-0;": 5, "K10;L9;": 5, "K10; L9 ;X;": 10} {
		gs := slices.Collect(Lines("d.txt", []byte(src)))
		if len(gs) != 1 || gs[0].Problem == nil || gs[0].Problem.Column != col {
			t.Errorf("%q: want a problem at column %d, got %v", src, col, gs[0].Problem)
		}
	}
}
