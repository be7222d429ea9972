package play

import (
	"testing"
	"time"

	"pbem/db"
)

func TestVacationStopsOnlyTheVacationersClock(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	// Bob, not to move, goes away: alice's clock runs on.
	w.send("bob@example.org", "", "vacation 7")
	mustContain(t, w.last("bob@example.org"), "You are on vacation until Sun 6 Dec 2026 09:03 UTC",
		"Your clock in game 1 stands still whenever it is your move", "23 of 30 vacation days are left in 2026")
	mustContain(t, w.lastAbout("alice@example.org", id), "bob (Black) is on vacation until Sun 6 Dec 2026 09:03 UTC")
	if c := w.clock(id); c.Reason != db.Running {
		t.Fatalf("alice's clock stopped for bob's vacation: %+v", c)
	}
	// Alice plays: bob's turn begins with his clock stopped.
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	c := w.clock(id)
	if c.Seat != 1 || c.Reason != db.PauseVacation || c.Paused == nil {
		t.Fatalf("bob's turn on vacation: %+v", c)
	}
	mustContain(t, w.last("bob@example.org"), "The clock stands still while bob (Black) is on vacation, until Sun 6 Dec 2026 09:03 UTC; 3 days will be left then.")
	if r := w.advance(5 * 24 * time.Hour); r.Reminders+r.Forfeits != 0 || r.VacationsOver != 0 {
		t.Fatalf("during the vacation: %+v", r)
	}
	// Back early, in the sixth day: the seventh comes back, the clock runs
	// with all its time.
	w.send("bob@example.org", "", "back")
	mustContain(t, w.last("bob@example.org"), "Welcome back", "1 day(s) not begun came back; 24 of 30",
		"Game 1: play by Mon 7 Dec 2026 09:05 UTC (3 days from now).")
	c = w.clock(id)
	if c.Reason != db.Running || !c.Deadline.Equal(w.now.Add(72*time.Hour)) {
		t.Errorf("after back: %+v, want 3 days from %v", c, w.now)
	}
	w.send("bob@example.org", "", "games")
	mustContain(t, w.last("bob@example.org"), "2 days 23 hours left, until Mon 7 Dec 2026 09:05 UTC", "Vacation: 24 of 30 days left in 2026")
}

func TestVacationEndsByItself(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	w.advance(10 * time.Hour) // alice used 10 of her 72 hours
	w.send("alice@example.org", "", "vacation 2")
	if c := w.clock(id); c.Reason != db.PauseVacation {
		t.Fatalf("alice on vacation, her clock %+v", c)
	}
	sent := w.count("alice@example.org")
	if r := w.advance(47 * time.Hour); r.VacationsOver != 0 {
		t.Fatalf("vacation over a day early: %+v", r)
	}
	if r := w.advance(time.Hour); r.VacationsOver != 1 {
		t.Fatalf("after 2 days: %+v, want the vacation over", r)
	}
	got := w.mailsSince("alice@example.org", sent)
	if len(got) != 1 {
		t.Fatalf("alice got %d mails, want the end of her vacation", len(got))
	}
	mustContain(t, got[0], "Your vacation ended at Tue 1 Dec 2026 19:03 UTC: your clocks run again.", "Game 1: play by")
	c := w.clock(id)
	// The tick that ends the vacation, up to an hour after its end here
	// (a minute with the daemon's ticks), restarts the clock.
	if left := c.Deadline.Sub(w.now); c.Reason != db.Running || left != 62*time.Hour-time.Minute {
		t.Errorf("clock after the vacation %+v: %v left, want 61h59m", c, left)
	}
}

func TestVacationAllowance(t *testing.T) {
	tests := []struct {
		name  string
		steps []string // commands, each a mail a minute apart
		want  string   // in the reply to the last
	}{
		{"all of it", []string{"vacation 30"}, "0 of 30 vacation days are left in 2026"},
		{"more than a year's", []string{"vacation 31"}, "A vacation is a whole number of days from 1 to 30"},
		{"more than is left", []string{"vacation 20", "vacation 25"}, ""},
		{"a day begun counts", []string{"vacation 10", "back", "vacation 29"}, "0 of 30 vacation days are left"},
		{"over what is left", []string{"vacation 10", "back", "vacation 30"}, "You have 29 vacation day(s) left in 2026, fewer than the 30 asked for"},
		{"a new vacation replaces the one running", []string{"vacation 10", "vacation 5"}, "24 of 30 vacation days are left"},
		{"the status", []string{"vacation 4", "vacation"}, "You are on vacation until Thu 3 Dec 2026 09:01 UTC; 26 of 30 vacation days are left in 2026"},
		{"zero days", []string{"vacation 0"}, "from 1 to 30"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			for _, s := range tc.steps {
				w.send("alice@example.org", "", s)
			}
			if tc.want == "" {
				// 20 asked, then 25 replacing it: the 20 come back but the
				// one begun, so 29 are left and 25 fit.
				mustContain(t, w.last("alice@example.org"), "4 of 30 vacation days are left")
				return
			}
			mustContain(t, w.last("alice@example.org"), tc.want)
		})
	}
}

func TestVacationAllowanceIsYearly(t *testing.T) {
	w := newClockWorld(t, Config{VacationDays: 10})
	w.send("alice@example.org", "", "vacation 10")
	mustContain(t, w.last("alice@example.org"), "0 of 10 vacation days are left in 2026")
	w.now = time.Date(2027, 1, 2, 9, 0, 0, 0, time.UTC)
	w.send("alice@example.org", "", "vacation 3")
	mustContain(t, w.last("alice@example.org"), "7 of 10 vacation days are left in 2027")
}

// TestBouncePausesTheClock has a game mail to bob come back: the clock of
// that game stops (bob's other game runs on), nobody is judged while it
// stands, and bob's next mail starts it again with the time it had.
func TestBouncePausesTheClock(t *testing.T) {
	w := newClockWorld(t, Config{})
	startPente(t, w, "")
	invite(t, w, "new gomoku with carol@example.org", "bob@example.org", "carol@example.org")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "K10")
	w.advance(10 * time.Hour)
	sentBob := w.count("bob@example.org")
	w.deliverReport(bounceOf(w.lastAbout("bob@example.org", 1)))
	if n := w.count("bob@example.org") - sentBob; n != 0 {
		t.Errorf("bob got %d mails though his mail bounces", n)
	}
	for id, want := range map[int64]db.PauseReason{1: db.PauseBounce, 2: db.Running} {
		if c := w.clock(id); c.Reason != want {
			t.Errorf("game %d clock %+v, want %q", id, c, want)
		}
	}
	mustContain(t, w.lastAbout("alice@example.org", 1), "Mail to bob (Black) about game 1 came back undelivered",
		"nobody loses on time to a mail fault", "The clock stands still: mail to bob bounced. It runs again when bob writes to the service; then bob (Black) has 2 days 13 hours left.")
	w.advance(5 * 24 * time.Hour)
	if g := w.game(1); g.row.State != db.Active {
		t.Fatalf("game 1 was judged while held: %s %s", g.row.Result, g.row.Termination)
	}
	// Bob writes: the clock runs again with the time it had.
	w.send("bob@example.org", "", "games")
	mustContain(t, w.last("bob@example.org"), "Mail to you about game 1 had bounced", "it runs again")
	mustContain(t, w.lastAbout("alice@example.org", 1), "bob (Black) wrote to the service again after a bounce")
	c := w.clock(1)
	if left := c.Deadline.Sub(w.now); c.Reason != db.Running || left != 62*time.Hour-time.Minute {
		t.Errorf("after bob wrote: %+v, %v left; want it running with 61h59m", c, left)
	}
}
