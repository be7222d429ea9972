package pente

import (
	"context"
	"testing"

	"pbem/ai"
	"pbem/rules"
)

func TestSpeedProbe(t *testing.T) {
	g := rules.Game(newGame(t, "pente", "on"))
	for _, tok := range []string{"K10", "L9", "N10", "L11", "L10", "M10", "J10", "M9", "M11"} {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatal(err)
		}
	}
	for _, lv := range []int{5, 8} {
		th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: lv})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("level %d: %s depth %d nodes %d in %v (%.0f nodes/s) score %d", lv, th.Ply, th.Depth, th.Nodes, th.Elapsed, float64(th.Nodes)/th.Elapsed.Seconds(), th.Score)
	}
}
