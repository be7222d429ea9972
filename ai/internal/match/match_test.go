package match

import (
	"context"
	"strings"
	"testing"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// TestQuietLeavesOutRows: in a position where White can make a row, the
// quiet plies leave out that step both with and without its removal.
func TestQuietLeavesOutRows(t *testing.T) {
	g, err := pinuid.Classic.NewGame(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"c1-b2", "b7-c6"} {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatal(err)
		}
	}
	legal := g.Legal()
	q := quiet(legal)
	if len(q) == 0 || len(q) >= len(legal) {
		t.Fatalf("%d quiet plies of %d", len(q), len(legal))
	}
	for _, p := range q {
		tok := p.String()
		if strings.Contains(tok, "x") {
			t.Errorf("%s removes a pin", tok)
		}
		for _, other := range legal {
			if strings.HasPrefix(other.String(), tok+"x") {
				t.Errorf("%s makes a row (%s)", tok, other)
			}
		}
	}
}

// TestGameAndScore plays a short game between greedy players and scores
// it from both sides: one side's win is the other's loss.
func TestGameAndScore(t *testing.T) {
	p := Player{Engine: greedy.Engine{}, Settings: ai.Settings{}}
	g, err := Game(context.Background(), pinuid.Classic, nil, []Player{p, p}, 3, 4, 400)
	if err != nil {
		t.Fatal(err)
	}
	var white, black Score
	white.Add(g, []rules.Seat{0})
	black.Add(g, []rules.Seat{1})
	if white.Wins != black.Losses || white.Losses != black.Wins || white.Draws != black.Draws {
		t.Errorf("White %s, Black %s", white, black)
	}
	if r := white.Rate() + black.Rate(); r != 1 {
		t.Errorf("rates add up to %v", r)
	}
}
