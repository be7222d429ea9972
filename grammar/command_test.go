package grammar

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		read string // the canonical reading
		game int
	}{
		{"move 42 K10", "move 42 K10", 42},
		{"MOVE 42 k10", "move 42 k10", 42},
		{"  move   42    K10  ", "move 42 K10", 42},
		{"42 K10", "move 42 K10", 42},
		{"K10", "move K10", 0},
		{"K10.", "move K10", 0},
		{"move game 7 K10 #13", "move 7 K10 #13", 7},
		{"K10 #13", "move K10 #13", 0},
		{"K10 # 13", "move K10 #13", 0},
		{"b1-c2xc1xe3", "move b1-c2xc1xe3", 0},
		{"move 3 +c1", "move 3 +c1", 3},
		{"pass", "move pass", 0},
		{"move baord", "move baord", 0},
		{"move 5 213:c2-c4:d2-e3:e2-e3", "move 5 213:c2-c4:d2-e3:e2-e3", 5},
		{"113:xd7", "move 113:xd7", 0},
		{"new pente with bob@example.org", "new pente with bob@example.org", 0},
		{"New Quatro with a@x.org, b@y.org <c@z.org> days=5 rated=no", "new quatro with a@x.org b@y.org c@z.org days=5 rated=no", 0},
		{"new pente with computer", "new pente with computer", 0},
		{"new pente with Computer level=3", "new pente with computer level=3", 0},
		{"new quatro with bob@example.org computer, computer", "new quatro with bob@example.org computer computer", 0},
		{"analyze 12", "analyze 12", 12},
		{"Analyse game 12", "analyze 12", 12},
		{"analyze", "analyze", 0},
		{"accept", "accept", 0},
		{"Accept 12", "accept 12", 12},
		{"decline game 12", "decline 12", 12},
		{"board", "board", 0},
		{"BOARD 3", "board 3", 3},
		{"games", "games", 0},
		{"hint 4", "hint 4", 4},
		{"preview 4 K10 L9 M8", "preview 4 K10 L9 M8", 4},
		{"preview b1-c2", "preview b1-c2", 0},
		{"resign", "resign", 0},
		{"draw 9", "draw 9", 9},
		{"takeback", "takeback", 0},
		{"record 9", "record 9", 9},
		{"review", "review", 0},
		{"watch 9", "watch 9", 9},
		{"unwatch game 9", "unwatch 9", 9},
		{"help", "help", 0},
		{"help Pente", "help pente", 0},
		{"vacation 7", "vacation 7", 0},
		{"Vacation 14 days", "vacation 14", 0},
		{"vacation", "vacation", 0},
		{"back", "back", 0},
		{"BACK", "back", 0},
		{"timezone Europe/Berlin", "timezone Europe/Berlin", 0},
		{"timezone america/new_york", "timezone america/new_york", 0},
		{"timezone Etc/GMT+2", "timezone Etc/GMT+2", 0},
		{"timezone", "timezone", 0},
		{"notify every", "notify every", 0},
		{"Notify MyTurn", "notify myturn", 0},
		{"notify digest", "notify digest", 0},
		{"notify digest 18", "notify digest 18", 0},
		{"notify", "notify", 0},
		{"Pictures OFF", "pictures off", 0},
		{"picture on", "pictures on", 0},
		{"pictures", "pictures", 0},
		{"ratings", "ratings", 0},
		{"ratings Keryo-Pente", "ratings keryo-pente", 0},
		{"rating quatro", "ratings quatro", 0},
		{"cancel", "cancel", 0},
		{"cancel 12", "cancel 12", 12},
		{"block", "block", 0},
		{"block spammer@example.net", "block spammer@example.net", 0},
		{"Block <Spammer@Example.net>", "block spammer@example.net", 0},
		{"block invitations", "block invitations", 0},
		{"unblock invitations", "unblock invitations", 0},
		{"confirm", "confirm", 0},
		{"Confirm", "confirm", 0},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			c, err := ParseCommand(tc.line)
			if err != nil {
				t.Fatalf("ParseCommand(%q): %v", tc.line, err)
			}
			if got := c.String(); got != tc.read {
				t.Errorf("read as %q, want %q", got, tc.read)
			}
			if got := c.GameNumber(); got != tc.game {
				t.Errorf("game %d, want %d", got, tc.game)
			}
		})
	}
}

// TestParseCommandLength: a line up to MaxCommandLen characters is read;
// a longer one is not understood, whatever it holds.
func TestParseCommandLength(t *testing.T) {
	long := "preview 3" + strings.Repeat(" K10", (MaxCommandLen-len("preview 3"))/4)
	if len(long) > MaxCommandLen || len(long) < MaxCommandLen-3 {
		t.Fatalf("the line is %d bytes, want just under %d", len(long), MaxCommandLen)
	}
	if c, err := ParseCommand(long); err != nil || c.Verb() != "preview" {
		t.Errorf("a preview of %d bytes: %v, %v; want it read", len(long), c, err)
	}
	for _, line := range []string{long + " K10", "move 1 K10 " + strings.Repeat("\xbf", 1<<20)} {
		c, err := ParseCommand(line)
		var nu *NotUnderstood
		if !errors.As(err, &nu) || len(nu.Suggest) > 0 {
			t.Errorf("a line of %d bytes: %v, %v; want it not understood, with no suggestion", len(line), c, err)
		}
	}
}

func TestParseCommandNotUnderstood(t *testing.T) {
	tests := []struct {
		line    string
		suggest string
	}{
		{"mvoe 42 K10", "move"},
		{"baord", "board"},
		{"Thanks", ""},
		{"how are you", ""},
		{"accpet 12 now", "accept"},
		{"watch me", ""},
		{"new pente", ""},
		{"Thanks for the game, it was fun!", ""},
		{"K10 please", ""},
		{"vacaton 7", "vacation"},
		{"timezon Europe/Berlin", "timezone"},
		{"notfy digest", "notify"},
		{"notify every 8", ""},
		{"notify sometimes", ""},
		{"pictrues off", "pictures"},
		{"pictures maybe", ""},
		{"vacation soon", ""},
		{"Back soon!", ""},
		{"ratings 5", ""},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			c, err := ParseCommand(tc.line)
			var nu *NotUnderstood
			if !errors.As(err, &nu) {
				t.Fatalf("ParseCommand(%q) = %+v, %v; want NotUnderstood", tc.line, c, err)
			}
			if got := strings.Join(nu.Suggest, ","); got != tc.suggest {
				t.Errorf("suggest %q, want %q", got, tc.suggest)
			}
			if !strings.Contains(err.Error(), "not understood") {
				t.Errorf("message %q", err)
			}
		})
	}
}

// TestSettingCommandsCarryTheirValues checks that the values of the
// setting commands reach their fields as written.
func TestSettingCommandsCarryTheirValues(t *testing.T) {
	tests := []struct {
		line  string
		check func(c *Command) bool
	}{
		{"vacation 7 days", func(c *Command) bool { return c.Vacation != nil && c.Vacation.Days == "7" }},
		{"vacation", func(c *Command) bool { return c.Vacation != nil && c.Vacation.Days == "" }},
		{"back", func(c *Command) bool { return c.Back }},
		{"timezone America/Argentina/Buenos_Aires", func(c *Command) bool {
			return c.Timezone != nil && c.Timezone.Zone == "America/Argentina/Buenos_Aires"
		}},
		{"notify DIGEST 7", func(c *Command) bool { return c.Notify != nil && c.Notify.Mode == "digest" && c.Notify.Hour == "7" }},
		{"notify myturn", func(c *Command) bool { return c.Notify != nil && c.Notify.Mode == "myturn" && c.Notify.Hour == "" }},
		{"pictures Off", func(c *Command) bool { return c.Pictures != nil && c.Pictures.Mode == "off" && !c.Shows() }},
		{"pictures", func(c *Command) bool { return c.Pictures != nil && c.Pictures.Mode == "" && c.Shows() }},
		{"ratings Gomoku", func(c *Command) bool { return c.Ratings != nil && c.Ratings.Game == "gomoku" }},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			c, err := ParseCommand(tc.line)
			if err != nil {
				t.Fatalf("ParseCommand(%q): %v", tc.line, err)
			}
			if !tc.check(c) {
				t.Errorf("ParseCommand(%q) = %+v: the value did not reach its field", tc.line, c)
			}
			if c.GameNumber() != 0 {
				t.Errorf("a setting command names game %d", c.GameNumber())
			}
		})
	}
}

func TestSetGameNumberFromThread(t *testing.T) {
	c, err := ParseCommand("K10 #3")
	if err != nil {
		t.Fatal(err)
	}
	c.SetGameNumber(42)
	if c.String() != "move 42 K10 #3" || c.Move.Expect != 3 {
		t.Errorf("after SetGameNumber: %q", c)
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"move 42 K10 #3", "new pente with a@b.c days=3", "213:c2-c4:-:e2-e3",
		"accept", "preview 1 K10 L9", "vacation 7 days", "notify digest 8", "timezone Europe/Berlin", "<>@<>", "#", "# # #", "new x with , ,", "\x00",
		"zurück 3", "Aceptár partida 7", "neue pente mit ü@ö.de", "sprache Español",
		"wenn K10 dann L9", "nova pente com alguém", "nueva pente con ordenador", "avisos diário 20", "imagens desligar",
		"sperren Einladungen", "aceitar desafio 4", "férias 5 dias", "urlaubsende"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			var nu *NotUnderstood
			if !errors.As(err, &nu) {
				t.Fatalf("%q: error %T %v", line, err, err)
			}
			return
		}
		if c.String() == "" || c.Verb() == "" {
			t.Fatalf("%q: empty reading", line)
		}
		if utf8.RuneCountInString(c.String()) > MaxCommandLen {
			return // its canonical form ("move 100 ..." for "100 ...") is past the limit
		}
		// What was read reads back the same.
		again, err := ParseCommand(c.String())
		if err != nil {
			t.Fatalf("%q read as %q, which does not parse: %v", line, c, err)
		}
		if again.String() != c.String() {
			t.Fatalf("%q read as %q, then %q", line, c, again)
		}
	})
}
