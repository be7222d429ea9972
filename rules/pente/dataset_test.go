package pente

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"pbem/internal/sharedtest"
	"pbem/rules"
)

// TestRealGames replays every game of the real Pente set with the
// tournament rule off: every ply must be legal, and where the engine ends a
// game by rule its winner must be the recorded result and the record must
// end there. The data's README gives the counts an independent referee found.
func TestRealGames(t *testing.T) {
	path := sharedtest.Path(t, "data/pente-games/pente_dataset.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games, byRule, otherwise int
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(strings.TrimSuffix(strings.TrimSpace(sc.Text()), ";"), ";")
		if len(fields) < 2 {
			t.Fatalf("line %d: no plies and result", line)
		}
		plies, result := fields[:len(fields)-1], fields[len(fields)-1]
		g, err := Kind.NewGame(rules.Options{"tournament": "off"})
		if err != nil {
			t.Fatal(err)
		}
		for i, tok := range plies {
			if err := rules.PlayToken(g, tok); err != nil {
				t.Fatalf("line %d, ply %d (%s): %v", line, i+1, tok, err)
			}
		}
		games++
		o := g.Outcome()
		if !o.Over {
			otherwise++
			continue
		}
		byRule++
		if got := o.Result(2); got != result {
			t.Errorf("line %d: rules say %s (%s, %s), record says %s", line, got, o.Reason, englishMsg(o.Detail), result)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games replayed: %d end by rule with the recorded winner, %d end otherwise", games, byRule, otherwise)
	if games != 9370 || byRule != 8659 || otherwise != 711 {
		t.Errorf("counts %d/%d/%d, want 9370 games, 8659 by rule, 711 otherwise (data README)", games, byRule, otherwise)
	}
}
