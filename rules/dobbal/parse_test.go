package dobbal

import (
	"errors"
	"strings"
	"testing"

	"pbem/rules"
)

func TestParseReadsTokens(t *testing.T) {
	tests := []struct {
		name string
		opts rules.Options
		tok  string
		want string // the canonical token
	}{
		{name: "three steps", tok: "213:c2-c4:d2-d3:e2-e5", want: "213:c2-c4:d2-d3:e2-e5"},
		{name: "any case and outer spaces", tok: " 213:C2-C4:D2-d3:E2-E5 ", want: "213:c2-c4:d2-d3:e2-e5"},
		{name: "a skipped step", tok: "311:c2-f5:-:e2-e3", want: "311:c2-f5:-:e2-e3"},
		{name: "every step skipped", tok: "333:-:-:-", want: "333:-:-:-"},
		{name: "doubles removal", tok: "113:xd7", want: "113:xd7"},
		{name: "doubles re-entry", tok: "113:+C1", want: "113:+c1"},
		{name: "faces=6 reads a 6", opts: faces6, tok: "616:a1-a7:-:g1-g7", want: "616:a1-a7:-:g1-g7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Kind.NewGame(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			p, err := g.Parse(tc.tok)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tc.want {
				t.Fatalf("Parse(%q) = %s, want %s", tc.tok, got, tc.want)
			}
		})
	}
}

func TestParseErrorsTeach(t *testing.T) {
	tests := []struct {
		name    string
		opts    rules.Options
		tok     string
		rule    string
		message string
		suggest string
	}{
		{name: "empty", tok: " ", rule: "notation", message: "the ply is empty; a turn is the roll and three steps, such as 213:c2-c4:d2-d3:e2-e5"},
		{name: "no roll", tok: "c2-c4", rule: "notation", message: "c2-c4 has no roll: write the three dice, then each step after a colon"},
		{name: "two dice", tok: "21:c2-c4:d2-d3:e2-e5", rule: "notation", message: `"21" is not a roll: write the three dice as three digits`},
		{name: "a letter among the dice", tok: "2a3:c2-c4:d2-d3:e2-e5", rule: "notation", message: `"2a3" is not a roll`},
		{name: "a face above 3", tok: "214:c2-c4:d2-d3:e2-e6", rule: "notation", message: "the roll 214 has a 4, but the dice show 1 to 3 (faces=3)"},
		{name: "a face of 0", tok: "013:-:d2-d3:e2-e5", rule: "notation", message: "the roll 013 has a 0"},
		{name: "a 7 with faces=6", opts: faces6, tok: "617:-:-:-", rule: "notation", message: "the dice show 1 to 6 (faces=6)"},
		{name: "two steps", tok: "213:c2-c4:d2-d3", rule: "notation", message: "213:c2-c4:d2-d3 has 2 steps, but a turn has three, each after a colon (write - for a step that cannot be played)"},
		{name: "four steps", tok: "213:c2-c4:d2-d3:e2-e5:e5-e6", rule: "notation", message: "has 4 steps"},
		{name: "a doubles choice with steps", tok: "113:xd7:c2-c3", rule: "notation", message: "mixes a doubles choice with steps"},
		{name: "a removal off the board", tok: "113:xz9", rule: "notation", message: `"z9" is not a square: files run from a to g and ranks from 1 to 7`},
		{name: "a step without a dash", tok: "213:c2c4:d2-d3:e2-e5", rule: "notation", message: `"c2c4" is not a step: write the two squares joined by a dash`},
		{name: "a square off the board", tok: "213:c2-c4:d2-d3:e2-e8", rule: "notation", message: `"e8" in the step e2-e8 is not a square`},
		{name: "a step that does not move", tok: "213:c2-c2:d2-d3:e2-e5", rule: "notation", message: "c2-c2 does not move"},
		{name: "straight line", tok: "213:c2-d4:d2-d3:e2-e5", rule: "straight line", message: "c2-d4 is not a straight line: pins move along a rank, a file or a diagonal"},
		{name: "exact distance", tok: "213:c2-c5:d2-d3:e2-e5", rule: "exact distance", message: "c2-c5 moves 3 squares but the die used shows 2 (first movement die)"},
		{name: "exact distance suggests the movement dice swapped", tok: "312:c2-c4:d2-d3:e2-e5", rule: "exact distance",
			message: "did you mean 213:c2-c4:d2-d3:e2-e5?", suggest: "213:c2-c4:d2-d3:e2-e5"},
		{name: "doubles need equal movement dice", tok: "123:+c1", rule: "doubles rule", message: "123:+c1 is a doubles choice, but the movement dice show 1 and 2"},
		{name: "doubles written in step order", tok: "131:xd7", rule: "doubles rule", message: "did you mean 113:xd7?", suggest: "113:xd7"},
		// records.md's own examples show the notation, not legal turns: in
		// both the last step is shorter than its die.
		{name: "records.md example 213", tok: "213:c2-c4:d2-e3:e2-e3", rule: "exact distance", message: "e2-e3 moves 1 square but the die used shows 3 (second movement die)"},
		{name: "records.md example 312", tok: "312:c2-f5:-:e2-e1", rule: "exact distance", message: "e2-e1 moves 1 square but the die used shows 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Kind.NewGame(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			p, err := g.Parse(tc.tok)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want an error", tc.tok, p)
			}
			var re *rules.Error
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not a *rules.Error", err)
			}
			if ruleName(re) != tc.rule || re.Ply != 1 || re.Token != tc.tok {
				t.Errorf("rule %q, ply %d, token %q; want %q, 1, %q", ruleName(re), re.Ply, re.Token, tc.rule, tc.tok)
			}
			if !strings.Contains(msgOf(re), tc.message) {
				t.Errorf("message %q does not contain %q", msgOf(re), tc.message)
			}
			if got := strings.Join(re.Suggest, " "); got != tc.suggest {
				t.Errorf("suggestions %q, want %q", got, tc.suggest)
			}
		})
	}
}

// TestPlayChecksHandBuiltTurns makes sure Play does not trust a Turn that
// did not come from Parse.
func TestPlayChecksHandBuiltTurns(t *testing.T) {
	c2, c5, d2, d3 := At(2, 1), At(2, 4), At(3, 1), At(3, 2)
	tests := []struct {
		name string
		ply  rules.Ply
		rule string
	}{
		{name: "exact distance", ply: Turn{Faces: [3]int8{2, 1, 3}, Steps: [3]Step{{c2, c5}, {d2, d3}, skip}}, rule: "exact distance"},
		{name: "a square off the board", ply: &Turn{Faces: [3]int8{1, 1, 1}, Steps: [3]Step{{c2, 60}, skip, skip}}, rule: "notation"},
		{name: "half a skip", ply: &Turn{Faces: [3]int8{1, 1, 1}, Steps: [3]Step{{None, c2}, skip, skip}}, rule: "notation"},
		{name: "a face out of range", ply: Turn{Faces: [3]int8{9, 1, 1}, Steps: [3]Step{skip, skip, skip}}, rule: "notation"},
		{name: "an unknown action", ply: Turn{Faces: [3]int8{1, 1, 1}, Action: 7}, rule: "notation"},
		{name: "a removal off the board", ply: Turn{Faces: [3]int8{1, 1, 1}, Action: Remove, Square: None}, rule: "notation"},
		{name: "a nil turn", ply: (*Turn)(nil), rule: "notation"},
		{name: "another game's ply", ply: foreignPly{}, rule: "notation"},
		{name: "a sound turn", ply: Turn{Faces: [3]int8{2, 1, 3}, Steps: [3]Step{{c2, At(2, 3)}, {d2, d3}, {At(4, 1), At(4, 4)}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := New(rules.Options{})
			if got := ruleOf(t, g.Play(tc.ply)); got != tc.rule {
				t.Fatalf("rule %q, want %q", got, tc.rule)
			}
		})
	}
}

type foreignPly struct{}

func (foreignPly) String() string { return "K10" }
