package match

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/rules"
)

// FromEnv plays the match PBEM_MATCH names ("kind:level:opponent:games",
// the opponent a level or "greedy") with engine e, from openings of
// PBEM_OPENING random plies (opening by default), and logs the score. It
// skips the test when PBEM_MATCH is unset, as a match takes minutes.
// kindOf turns the match's kind into a game kind and its options.
func FromEnv(t *testing.T, e ai.Engine, opening int, kindOf func(name string) (*rules.Kind, rules.Options)) {
	t.Helper()
	spec := os.Getenv("PBEM_MATCH")
	if spec == "" {
		t.Skip("set PBEM_MATCH=kind:level:opponent:games to play a match")
	}
	parts := strings.Split(spec, ":")
	if len(parts) != 4 {
		t.Fatalf("PBEM_MATCH=%s: want kind:level:opponent:games", spec)
	}
	kind, opts := kindOf(parts[0])
	lvl, _ := strconv.Atoi(parts[1])
	games, _ := strconv.Atoi(parts[3])
	if v, err := strconv.Atoi(os.Getenv("PBEM_OPENING")); err == nil {
		opening = v
	}
	// A generous time ceiling: the match measures the node budgets, not
	// how busy the machine is.
	a := Player{Engine: e, Settings: ai.Settings{Level: lvl, Time: time.Minute}}
	b := Player{Engine: greedy.Engine{}}
	if parts[2] != "greedy" {
		l2, _ := strconv.Atoi(parts[2])
		b = Player{Engine: e, Settings: ai.Settings{Level: l2, Time: time.Minute}}
	}
	score, err := Series(context.Background(), kind, opts, a, b, games, opening, func(i int, g rules.Game, s Score) {
		if testing.Verbose() {
			t.Logf("game %d: %d plies, %s, %s", i+1, g.Plies(), g.Outcome().Result(g.Seats()), s)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(score)
}
