package analysis

import (
	"context"
	"slices"
	"testing"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/rules/games"
)

func TestGameFindsAMissedWin(t *testing.T) {
	entry, err := games.Lookup("pente")
	if err != nil {
		t.Fatal(err)
	}
	start, err := entry.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	// White has K10 to K13 and plays T19 instead of K9 or K14; Black then
	// completes A1 to A5.
	plies := []string{"K10", "A1", "K13", "A2", "K12", "A3", "K11", "A4", "T19", "A5"}
	got, err := Game(context.Background(), start, plies, greedy.Engine{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(plies) {
		t.Fatalf("%d plies analysed, want %d", len(got), len(plies))
	}
	var mistakes []int
	for _, p := range got {
		if p.Mistake {
			mistakes = append(mistakes, p.N)
		}
	}
	// Ply 8 (A4) lets White win and ply 9 (T19) misses it.
	if !slices.Contains(mistakes, 9) {
		t.Fatalf("mistakes at plies %v, want 9 among them: %+v", mistakes, got)
	}
	p := got[8]
	if p.Better != "K9" && p.Better != "K14" {
		t.Errorf("better ply %q, want K9 or K14", p.Better)
	}
	if p.Best != ai.Win-1 || p.Loss <= DefaultThreshold || len(p.Line) == 0 || p.Line[0] != p.Better {
		t.Errorf("ply 9: %+v", p)
	}
	if last := got[9]; last.After != ai.Win || last.Mistake {
		t.Errorf("the winning ply: %+v", last)
	}
	if c := Comment(p); c != "mistake: eval loss in 1, was win in 1; better "+p.Better {
		t.Errorf("comment %q", c)
	}
	if c := Comment(got[0]); c != "eval +0.00" {
		t.Errorf("comment of ply 1 %q", c)
	}
	// The same game gives the same analysis.
	again, err := Game(context.Background(), start, plies, greedy.Engine{}, Options{})
	if err != nil || !slices.EqualFunc(got, again, func(a, b Ply) bool { return a.Better == b.Better && a.Best == b.Best }) {
		t.Errorf("a second analysis differs: %v", err)
	}
}

func TestGameRefusesAnIllegalPly(t *testing.T) {
	entry, _ := games.Lookup("pente")
	start, _ := entry.New(nil)
	if _, err := Game(context.Background(), start, []string{"K10", "K10"}, greedy.Engine{}, Options{}); err == nil {
		t.Error("a ply on an occupied point was analysed")
	}
}

func TestValue(t *testing.T) {
	for s, want := range map[ai.Score]string{0: "+0.00", 150: "+1.50", -20: "-0.20", ai.Win - 3: "win in 3", -ai.Win + 2: "loss in 2", ai.Win: "won", -ai.Win: "lost"} {
		if got := Value(s); got != want {
			t.Errorf("Value(%d) = %q, want %q", s, got, want)
		}
	}
}
