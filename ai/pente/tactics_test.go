package pente

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/ai"
	"pbem/rules"
)

// tactic is one position of testdata/tactics.txt.
type tactic struct {
	name, variant string
	plies         []string
	solutions     []string
}

func readTactics(t *testing.T) []tactic {
	t.Helper()
	f, err := os.Open("testdata/tactics.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tactic
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 4 {
			t.Fatalf("tactics.txt: %q has %d fields, want 4", line, len(f))
		}
		out = append(out, tactic{strings.TrimSpace(f[0]), strings.TrimSpace(f[1]),
			strings.Fields(f[2]), strings.Fields(f[3])})
	}
	return out
}

// TestTactics asks level 8 at its default budget for the ply of each
// position of testdata/tactics.txt: win by five, block a four, take the
// fifth pair, stop an open three, break a Boat-Pente five by capture.
func TestTactics(t *testing.T) {
	kinds := map[string]bool{}
	for _, tc := range readTactics(t) {
		kinds[strings.TrimRight(tc.name, "-0123456789")] = true
		t.Run(tc.name, func(t *testing.T) {
			g := rules.Game(newGame(t, tc.variant, "off"))
			for _, tok := range tc.plies {
				if err := rules.PlayToken(g, tok); err != nil {
					t.Fatalf("replaying: %v", err)
				}
			}
			if g.Outcome().Over {
				t.Fatalf("the game is over: %+v", g.Outcome())
			}
			// The clock is only a backstop on a busy machine: the nodes
			// decide.
			th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: 8, Seed: 1, Time: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(tc.solutions, th.Ply.String()) {
				t.Errorf("played %s (score %d, depth %d, %d nodes), want one of %v", th.Ply, th.Score, th.Depth, th.Nodes, tc.solutions)
			}
		})
	}
	for _, k := range []string{"five", "block-four", "fifth-pair", "open-three", "boat-break"} {
		if !kinds[k] {
			t.Errorf("tactics.txt has no %s position", k)
		}
	}
}
