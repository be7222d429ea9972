package pinuid

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/rules"
)

var update = flag.Bool("update", false, "rewrite the golden boards in testdata")

// TestBoardShowsThePosition compares boards with the golden files in
// testdata/boards: seat letters and legend, the last ply marked, removed
// pins counted, removals owed, eliminations, whose turn and what it must
// be, or how the game ended.
func TestBoardShowsThePosition(t *testing.T) {
	tests := []struct {
		name  string
		pos   position
		plies []string
	}{
		{"classic-setup", position{kind: Classic}, nil},
		{"classic-black-starts", position{kind: Classic, opts: rules.Options{"start": "black"}}, nil},
		{"quatro-setup", position{kind: Quatro}, nil},
		{"quatro-3-setup", position{kind: Quatro, opts: rules.Options{"seats": "3"}}, nil},
		{"classic-removal-owed", position{kind: Classic, diagram: twoRowsOwed}, []string{"d4-c3xd1"}},
		{"classic-owed-turn", position{kind: Classic, opts: rules.Options{"limit": "4"}, diagram: twoRowsOwed}, []string{"d4-c3", "d6-c5"}},
		{"classic-no-progress", position{kind: Classic, opts: rules.Options{"limit": "4"}}, []string{"b1-a2", "b7-a6", "a2-b1", "a6-b7"}},
		{"classic-blocked", position{kind: Classic, diagram: `
			6 . . . B . . .
			3 . B . . . . .
			2 W B . . . B .
			1 W B . . . . W`}, nil},
		{"classic-re-entry-due", position{kind: Classic, diagram: `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 . . W . W . .`}, nil},
		{"classic-won", position{kind: Classic, diagram: `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 W W . . . . .`}, []string{"d4-c3", "d6-c5", "xa3"}},
		{"quatro-eliminated", position{kind: Quatro, diagram: quatroSeatTwoOneColour}, []string{"c3-d4"}},
		{"quatro-blocked", position{kind: Quatro, diagram: `
			7 . . . . . . 3
			5 . . . . 3 . .
			4 4 . 4 . . . .
			3 3 2 3 4 . . .
			2 1 2 2 . . . 4
			1 1 1 3 4 . . .`, out: []rules.Seat{3}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g *Game
			if tt.pos.diagram == "" {
				rg, err := tt.pos.kind.NewGame(tt.pos.opts)
				if err != nil {
					t.Fatal(err)
				}
				g = rg.(*Game)
			} else {
				g = arrange(t, tt.pos)
			}
			play(t, g, tt.plies...)
			got := english(g.Board())
			checkBoardFitsMail(t, got)
			path := filepath.Join("testdata", "boards", tt.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("board differs from %s:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

// checkBoardFitsMail checks the mail rules for boards: at most 72 columns,
// no trailing spaces, no tabs.
func checkBoardFitsMail(t *testing.T, board string) {
	t.Helper()
	for i, line := range strings.Split(strings.TrimSuffix(board, "\n"), "\n") {
		if len(line) > rules.Width || strings.TrimRight(line, " ") != line || strings.Contains(line, "\t") {
			t.Fatalf("board line %d breaks the mail rules (%d columns): %q\n%s", i+1, len(line), line, board)
		}
	}
}
