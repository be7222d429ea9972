package dobbal

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/ai/internal/match"
	"pbem/rules"
	"pbem/rules/dobbal"
)

// TestStrength plays matches between levels and against the greedy player.
// It runs only when PBEM_MATCH names what to play, as it takes minutes:
//
//	PBEM_MATCH=dobbal:8:greedy:40 go test ./ai/dobbal -run TestStrength -v
//	PBEM_MATCH=dobbal:5:4:40 ...   (level 5 against level 4, 40 games)
//	PBEM_MATCH=faces6:5:4:40 ...   (with dice showing 1 to 6)
func TestStrength(t *testing.T) {
	spec := os.Getenv("PBEM_MATCH")
	if spec == "" {
		t.Skip("set PBEM_MATCH=kind:level:opponent:games to play a match")
	}
	parts := strings.Split(spec, ":")
	if len(parts) != 4 {
		t.Fatalf("PBEM_MATCH=%s: want kind:level:opponent:games", spec)
	}
	kind, opts := dobbal.Kind, rules.Options{}
	if parts[0] == "faces6" {
		opts["faces"] = "6"
	}
	lvl, _ := strconv.Atoi(parts[1])
	games, _ := strconv.Atoi(parts[3])
	// A generous time ceiling: the match measures the node budgets, not
	// how busy the machine is.
	a := match.Player{Engine: Engine{}, Settings: ai.Settings{Level: lvl, Time: time.Minute}}
	b := match.Player{Engine: greedy.Engine{}}
	if parts[2] != "greedy" {
		l2, _ := strconv.Atoi(parts[2])
		b = match.Player{Engine: Engine{}, Settings: ai.Settings{Level: l2, Time: time.Minute}}
	}
	t.Log(strengthMatch(t, kind, opts, a, b, games))
}

// strengthMatch plays games games of a against b (match.Series) from
// openings of PBEM_OPENING random plies, 2 by default.
func strengthMatch(t *testing.T, kind *rules.Kind, opts rules.Options, a, b match.Player, games int) match.Score {
	t.Helper()
	opening := 2
	if v, err := strconv.Atoi(os.Getenv("PBEM_OPENING")); err == nil {
		opening = v
	}
	score, err := match.Series(context.Background(), kind, opts, a, b, games, opening, func(i int, g rules.Game, s match.Score) {
		if testing.Verbose() {
			t.Logf("game %d: %d plies, %s, %s", i+1, g.Plies(), g.Outcome().Result(g.Seats()), s)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return score
}
