package games

import (
	"math/rand/v2"
	"pbem/i18n"
	"strings"
	"testing"

	"pbem/rules"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name, want, err string
	}{
		{"pente", "pente", ""},
		{"Keryo-Pente", "keryo-pente", ""},
		{"keryo pente", "keryo-pente", ""},
		{"poof", "poof-pente", ""},
		{"Pinuid Classic", "pinuid", ""},
		{"Pinuid Quatro", "quatro", ""},
		{"pinuid-dobbal", "dobbal", ""},
		{"GOMOKU", "gomoku", ""},
		{"pentе", "", `there is no game "pentе"; did you mean pente?`}, // a Cyrillic e
		{"chess", "", `there is no game "chess"; the games are pente, keryo-pente`},
	}
	for _, tc := range tests {
		e, err := Lookup(tc.name)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(i18n.Error(i18n.English, err), tc.err) {
				t.Errorf("Lookup(%q) error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || e.Name != tc.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", tc.name, e.Name, err, tc.want)
		}
	}
}

func TestEveryEntryStartsAndFindsItself(t *testing.T) {
	for _, e := range All() {
		g, err := e.New(nil)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		back, ok := ForKind(g.Kind(), g.Options())
		if !ok || back.Name != e.Name {
			t.Errorf("%s: ForKind gives %q, %v", e.Name, back.Name, ok)
		}
		if len(strings.Split(english(g.Board()), "\n")) < 8 {
			t.Errorf("%s: board too short:\n%s", e.Name, english(g.Board()))
		}
	}
}

func TestPresetCannotBeContradicted(t *testing.T) {
	e, _ := Lookup("gomoku")
	if _, err := e.New(rules.Options{"variant": "keryo"}); err == nil ||
		i18n.Error(i18n.English, err) != "variant=keryo does not fit Gomoku, which is variant=gomoku" {
		t.Errorf("contradicting preset: %v", err)
	}
	if _, err := e.New(rules.Options{"variant": "gomoku", "tournament": "off"}); err != nil {
		t.Errorf("repeating the preset: %v", err)
	}
}

// TestPositionIsTheBoardWithoutItsStatus plays a seeded game of every
// entry to its end: at every ply Board is Position followed by the lines
// on whose turn it is (with the roll) or how the game ended, and Position
// holds none of those.
func TestPositionIsTheBoardWithoutItsStatus(t *testing.T) {
	for _, e := range All() {
		t.Run(e.Name, func(t *testing.T) {
			g, err := e.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			rnd := rand.New(rand.NewPCG(1, 2))
			for ply := 0; ply < 2000 && !g.Outcome().Over; ply++ {
				if r, ok := g.(rules.Roller); ok {
					n, faces := r.Dice()
					roll := make([]int, n)
					for i := range roll {
						roll[i] = rnd.IntN(faces) + 1
					}
					if err := r.SetRoll(roll); err != nil {
						t.Fatal(err)
					}
				}
				checkPosition(t, g, "to play")
				legal := g.Legal()
				if err := g.Play(legal[rnd.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			if !g.Outcome().Over {
				t.Fatalf("no end after %d plies", g.Plies())
			}
			checkPosition(t, g, "Game over")
		})
	}
}

func checkPosition(t *testing.T, g rules.Game, status string) {
	t.Helper()
	board, pos := english(g.Board()), english(g.Position())
	rest, ok := strings.CutPrefix(board, pos)
	if !ok || !strings.Contains(rest, status) {
		t.Fatalf("ply %d: the board does not end with %q after the position:\n%s\n--- position:\n%s", g.Plies(), status, board, pos)
	}
	for _, s := range []string{"to play", "Roll:", "Game over"} {
		if strings.Contains(pos, s) {
			t.Fatalf("ply %d: the position says %q:\n%s", g.Plies(), s, pos)
		}
	}
}

// english renders a board in English.
func english(t rules.Text) string {
	return t.Render(func(m rules.Msg) string { return i18n.Render(i18n.English, m) })
}
