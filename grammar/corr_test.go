package grammar

import "testing"

// TestCorrespondenceCommands reads the commands of conditional moves and
// open challenges, and checks that the commands they look like still read
// as before.
func TestCorrespondenceCommands(t *testing.T) {
	tests := []struct {
		line, verb, canonical string
		game                  int
	}{
		{"if L9 then M10", "if", "if L9 then M10", 0},
		{"If l9 Then m10 if N11 then O12.", "if", "if l9 then m10 if N11 then O12", 0},
		{"game 7 if L9 then M10", "if", "game 7 if L9 then M10", 7},
		{"if b1-c2 then 213:c2-c4:d2-d3:e2-e5", "if", "if b1-c2 then 213:c2-c4:d2-d3:e2-e5", 0},
		{"conditions", "conditions", "conditions", 0},
		{"conditions 12", "conditions", "conditions 12", 12},
		{"cancel conditions game 12", "cancel conditions", "cancel conditions 12", 12},
		{"cancel 12", "cancel", "cancel 12", 12},
		{"challenges", "challenges", "challenges", 0},
		{"accept challenge 3", "accept challenge", "accept challenge 3", 0},
		{"Cancel Challenge 3", "cancel challenge", "cancel challenge 3", 0},
		{"accept 3", "accept", "accept 3", 3},
		{"new pente with anyone", "new", "new pente with anyone", 0},
		{"new pente with anyone rated=yes days=3 rating 1400-1800", "new", "new pente with anyone rated=yes days=3 rating=1400-1800", 0},
		{"new quatro with anyone rating 1400-1800 seats=3", "new", "new quatro with anyone seats=3 rating=1400-1800", 0},
		{"new pente with bob@example.org days=2", "new", "new pente with bob@example.org days=2", 0},
	}
	for _, tc := range tests {
		c, err := ParseCommand(tc.line)
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if c.Verb() != tc.verb || c.String() != tc.canonical || c.GameNumber() != tc.game {
			t.Errorf("%q: verb %q, read %q, game %d; want %q, %q, %d", tc.line, c.Verb(), c.String(), c.GameNumber(), tc.verb, tc.canonical, tc.game)
		}
	}
	c, _ := ParseCommand("if L9 then M10 if N11 then O12")
	if got := c.If.Plies; len(got) != 4 || got[2] != "N11" {
		t.Errorf("plies %q", got)
	}
	if c, _ := ParseCommand("new pente with anyone"); !c.New.Anyone {
		t.Error("anyone not read")
	}
	for _, bad := range []string{"if L9", "if L9 then", "if then M10", "accept challenge", "if tomorrow then fine", "If it rains then we stop"} {
		if c, err := ParseCommand(bad); err == nil && c.If != nil {
			t.Errorf("%q read as %q", bad, c.String())
		}
	}
}
