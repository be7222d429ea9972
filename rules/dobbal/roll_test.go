package dobbal

import (
	"pbem/i18n"
	"slices"
	"strings"
	"testing"

	"pbem/rules"
)

func TestSetRollChecksTheRoll(t *testing.T) {
	tests := []struct {
		name    string
		opts    rules.Options
		roll    []int
		message string // part of the error; "" when accepted
	}{
		{name: "three dice in range", roll: []int{3, 1, 2}},
		{name: "doubles", roll: []int{2, 2, 3}},
		{name: "a 6 with faces=6", opts: faces6, roll: []int{6, 6, 6}},
		{name: "two dice", roll: []int{1, 2}, message: "a roll is 3 dice (movement, movement, game), not 2"},
		{name: "no dice", roll: nil, message: "not 0"},
		{name: "a 4 with faces=3", roll: []int{1, 4, 2}, message: "die 2 of the roll shows 4, but the dice show 1 to 3 (faces=3)"},
		{name: "a 0", roll: []int{1, 1, 0}, message: "die 3 of the roll shows 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g0, err := Kind.NewGame(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*Game)
			err = g.SetRoll(tc.roll)
			got, set := g.Roll()
			if tc.message == "" {
				if err != nil || !set || !slices.Equal(got, tc.roll) {
					t.Fatalf("SetRoll(%v): %v; Roll() = %v, %v", tc.roll, err, got, set)
				}
				return
			}
			if err == nil || !strings.Contains(i18n.Error(i18n.English, err), tc.message) {
				t.Fatalf("SetRoll(%v) = %v, want an error containing %q", tc.roll, err, tc.message)
			}
			if set {
				t.Errorf("a refused roll was set: %v", got)
			}
		})
	}
}

func TestRollRule(t *testing.T) {
	tests := []struct {
		name string
		roll []int
		ply  string
		rule string
	}{
		{name: "movement dice in the order rolled", roll: []int{1, 2, 3}, ply: "132:c2-c3:d2-d5:e2-e4"},
		{name: "movement dice the other way round", roll: []int{1, 2, 3}, ply: "231:c2-c4:d2-d5:e2-e3"},
		{name: "a different game die", roll: []int{1, 2, 3}, ply: "213:c2-c4:d2-d3:e2-e5", rule: "roll rule"},
		{name: "a different movement die", roll: []int{1, 2, 3}, ply: "133:c2-c3:d2-d5:e2-e5", rule: "roll rule"},
		{name: "no roll set: any faces", ply: "213:c2-c4:d2-d3:e2-e5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := New(rules.Options{})
			if tc.roll != nil {
				if err := g.SetRoll(tc.roll); err != nil {
					t.Fatal(err)
				}
			}
			err := rules.PlayToken(g, tc.ply)
			if got := ruleOf(t, err); got != tc.rule {
				t.Fatalf("%s: rule %q (%v), want %q", tc.ply, got, err, tc.rule)
			}
			_, set := g.Roll()
			if err == nil && set {
				t.Error("the roll is still set after the ply")
			}
			if err != nil && !set {
				t.Error("a refused ply cleared the roll")
			}
		})
	}
}

func TestLegalFollowsTheRoll(t *testing.T) {
	for _, opts := range []rules.Options{nil, faces6} {
		g0, err := Kind.NewGame(opts)
		if err != nil {
			t.Fatal(err)
		}
		g := g0.(*Game)
		play(t, g, "213:c2-c4:d2-d3:e2-e5", "221:xc4")
		_, faces := g.Dice()
		all := tokens(g.Legal())
		var union []string
		for a := 1; a <= faces; a++ {
			for b := 1; b <= faces; b++ {
				for gd := 1; gd <= faces; gd++ {
					c := g.Clone().(*Game)
					if err := c.SetRoll([]int{a, b, gd}); err != nil {
						t.Fatal(err)
					}
					rolled := tokens(c.Legal())
					if len(rolled) == 0 {
						t.Fatalf("roll %d%d%d: no legal ply", a, b, gd)
					}
					choices := 0
					for _, tok := range rolled {
						p, _ := c.Parse(tok)
						tn := p.(*Turn)
						m1, m2 := tn.moveDice()
						if tn.gameDie() != int8(gd) || !(m1 == int8(a) && m2 == int8(b) || m1 == int8(b) && m2 == int8(a)) {
							t.Fatalf("roll %d%d%d lists %s", a, b, gd, tok)
						}
						if tn.Action != Move && a != b {
							t.Fatalf("roll %d%d%d lists %s: doubles choices go with doubles only", a, b, gd, tok)
						}
						if tn.Action != Move {
							choices++
						}
					}
					// White may take any of Black's five pins, or put its
					// removed pin on a1, b1, f1 or g1.
					if a == b && choices != 5+4 {
						t.Fatalf("roll %d%d%d lists %d doubles choices, want 9", a, b, gd, choices)
					}
					if a <= b {
						union = append(union, rolled...)
					}
				}
			}
		}
		slices.Sort(all)
		slices.Sort(union)
		if !slices.Equal(all, union) {
			t.Fatalf("faces=%d: Legal without a roll lists %d plies, the rolls together %d", faces, len(all), len(union))
		}
		if len(slices.Compact(all)) != len(union) {
			t.Fatalf("faces=%d: Legal lists a ply twice", faces)
		}
	}
}

func TestRollFor(t *testing.T) {
	// The rolls of seed 1 are fixed: a stored game replays its rolls from
	// its seed, so they must never change.
	want := [][]int{{1, 1, 3}, {2, 3, 1}, {2, 2, 2}, {1, 2, 2}, {2, 2, 2}}
	for i, w := range want {
		if got := RollFor(1, i+1, 3); !slices.Equal(got, w) {
			t.Errorf("RollFor(1, %d, 3) = %v, want %v", i+1, got, w)
		}
	}
	if RollFor(1, 1, 0) != nil {
		t.Error("RollFor with no faces gives a roll")
	}
	for _, faces := range []int{3, 6} {
		count := make([]int, faces+1)
		const plies = 20000
		for ply := 1; ply <= plies; ply++ {
			r := RollFor(42, ply, faces)
			if !slices.Equal(r, RollFor(42, ply, faces)) {
				t.Fatalf("RollFor(42, %d, %d) differs between calls", ply, faces)
			}
			for _, f := range r {
				if f < 1 || f > faces {
					t.Fatalf("RollFor(42, %d, %d) = %v: out of range", ply, faces, r)
				}
				count[f]++
			}
		}
		for f := 1; f <= faces; f++ {
			share := float64(count[f]) / (3 * plies)
			if d := share - 1/float64(faces); d > 0.01 || d < -0.01 {
				t.Errorf("faces=%d: face %d comes up %.3f of the time, want %.3f", faces, f, share, 1/float64(faces))
			}
		}
	}
	if slices.Equal(RollFor(1, 7, 6), RollFor(2, 7, 6)) && slices.Equal(RollFor(1, 8, 6), RollFor(2, 8, 6)) {
		t.Error("seeds 1 and 2 roll the same")
	}
}
