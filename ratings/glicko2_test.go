package ratings

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's paper: a player
// rated 1500 (RD 200, volatility 0.06) plays 1400/30 (win), 1550/100 (loss)
// and 1700/300 (loss) with tau 0.5. The paper gives the new values on the
// Glicko-2 scale to four decimals, mu' = -0.2069 and phi' = 0.8722, the
// volatility as 0.05999, and from those rounded figures r' = 1464.06 and
// RD' = 151.52. Computed without rounding, r' is 1464.0507: within the
// paper's precision, which is what this test asks.
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := System{Tau: 0.5}.Update(p, []Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	})
	for _, c := range []struct {
		name      string
		got, want float64
		precision float64
	}{
		{"mu'", (got.R - 1500) / scale, -0.2069, 0.00005},
		{"phi'", got.RD / scale, 0.8722, 0.00005},
		{"volatility", got.Vol, 0.05999, 0.00001},
		{"rating", got.R, 1464.06, 0.01},
		{"deviation", got.RD, 151.52, 0.01},
	} {
		if math.Abs(c.got-c.want) > c.precision {
			t.Errorf("%s = %.6f, want %v (±%v)", c.name, c.got, c.want, c.precision)
		}
	}
	if got.Games != 3 {
		t.Errorf("games %d, want 3", got.Games)
	}
}

func TestNoGamesOnlyWidensTheDeviation(t *testing.T) {
	p := Rating{R: 1600, RD: 100, Vol: 0.06, Games: 5}
	got := Default.Update(p, nil)
	want := math.Sqrt(100*100/(scale*scale)+0.06*0.06) * scale
	if got.R != 1600 || math.Abs(got.RD-want) > 1e-9 || got.Games != 5 {
		t.Errorf("Update with no games = %+v, want R 1600, RD %.4f", got, want)
	}
}

func TestPairwise(t *testing.T) {
	rs := []Rating{Initial, Initial, Initial, Initial}
	pairs := Pairwise(rs, []float64{0, 1, 0, 0})
	tests := []struct {
		seat  int
		score []float64
	}{
		{0, []float64{0, 0.5, 0.5}}, // lost to seat 2, drew the other losers
		{1, []float64{1, 1, 1}},     // beat all three
		{3, []float64{0.5, 0, 0.5}},
	}
	for _, tc := range tests {
		for k, r := range pairs[tc.seat] {
			if r.Score != tc.score[k] {
				t.Errorf("seat %d result %d: %v, want %v", tc.seat+1, k, r.Score, tc.score[k])
			}
		}
	}
}

func TestGameMovesWinnerUpAndLosersDown(t *testing.T) {
	before := []Rating{Initial, Initial, Initial}
	after := Default.Game(before, []float64{0, 0, 1})
	if !(after[2].R > 1500 && after[0].R < 1500 && after[1].R < 1500) {
		t.Errorf("after a win for seat 3: %+v", after)
	}
	if math.Abs(after[0].R-after[1].R) > 1e-9 {
		t.Errorf("equal losers rated differently: %v %v", after[0].R, after[1].R)
	}
	for i, r := range after {
		if r.Games != 1 || !r.IsProvisional() {
			t.Errorf("seat %d: games %d provisional %v, want 1 game, provisional", i+1, r.Games, r.IsProvisional())
		}
	}
	draw := Default.Game([]Rating{Initial, Initial}, []float64{0.5, 0.5})
	if draw[0].R != 1500 || draw[1].R != 1500 {
		t.Errorf("a draw between equals moved ratings: %+v", draw)
	}
}
