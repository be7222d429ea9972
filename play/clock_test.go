package play

import (
	"context"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/rules"
)

// newClockWorld is a world whose scheduler the test drives: advance ticks
// every hour, so downtime starts above two hours.
func newClockWorld(t *testing.T, cfg Config) *world {
	t.Helper()
	if cfg.Downtime == 0 {
		cfg.Downtime = 2 * time.Hour
	}
	if cfg.Limits.Unproven == 0 && cfg.Limits.Proven == 0 {
		cfg.Limits = Limits{Unproven: 1000, Proven: 1000}
	}
	return newWorld(t, cfg)
}

// tick runs the scheduler once at the world's time and collects its mail.
func (w *world) tick() TickResult {
	w.t.Helper()
	res, err := w.svc.Tick(context.Background())
	if err != nil {
		w.t.Fatalf("Tick: %v", err)
	}
	w.collect()
	return res
}

// advance moves the world's clock on by d, ticking every hour on the way
// as the daemon would (more often changes nothing but the test's time).
func (w *world) advance(d time.Duration) TickResult {
	w.t.Helper()
	var sum TickResult
	end := w.now.Add(d)
	for w.now.Before(end) {
		w.now = w.now.Add(min(time.Hour, end.Sub(w.now)))
		r := w.tick()
		sum.Grace += r.Grace
		sum.Started += r.Started
		sum.VacationsOver += r.VacationsOver
		sum.Reminders += r.Reminders
		sum.Forfeits += r.Forfeits
		sum.Adjourned += r.Adjourned
		sum.Digests += r.Digests
		sum.Queued = append(sum.Queued, r.Queued...)
	}
	return sum
}

// restart replaces the service by a new one on the same store, as a
// restarted daemon has.
func (w *world) restart() {
	w.t.Helper()
	svc, err := New(w.store, w.svc.cfg)
	if err != nil {
		w.t.Fatal(err)
	}
	w.svc = svc
}

// clock reads a game's clock.
func (w *world) clock(id int64) db.Clock {
	w.t.Helper()
	var c db.Clock
	var ok bool
	err := w.store.View(context.Background(), func(tx *db.Tx) (err error) {
		c, ok, err = tx.Clock(id)
		return err
	})
	if err != nil || !ok {
		w.t.Fatalf("clock of game %d: %v, %v", id, ok, err)
	}
	return c
}

// mailsSince are the mails an address got after the first n.
func (w *world) mailsSince(addr string, n int) []db.Mail { return w.inbox[addr][n:] }

func TestTimeControlOptions(t *testing.T) {
	tests := []struct {
		options string
		tag     string // the TimeControl tag; "" when refused
		stored  string
		msg     string // part of the refusal
	}{
		{"", "*259200", "days=3", ""},
		{"days=5", "*432000", "days=5", ""},
		{"days=60", "*5184000", "days=60", ""},
		{"bank=7", "604800+0", "bank=7", ""},
		{"bank=7+12", "604800+43200", "bank=7+12", ""},
		{"bank=2+0", "172800+0", "bank=2", ""},
		{"days=0", "", "", "days=0: the value must be a whole number of days from 1 to 60"},
		{"days=61", "", "", "from 1 to 60"},
		{"days=3x", "", "", "days=3x: the value"},
		{"bank=0", "", "", "write it as bank=D or bank=D+H"},
		{"bank=7+241", "", "", "(0 to 240)"},
		{"bank=7+", "", "", "bank=7+: write it"},
		{"bank=+5", "", "", "bank=+5: write it"},
		{"days=3 bank=7", "", "", "do not go together"},
	}
	for _, tc := range tests {
		t.Run(tc.options, func(t *testing.T) {
			opts, err := rules.ParseOptions(strings.Fields(tc.options))
			if err != nil {
				t.Fatal(err)
			}
			spec, msg := takeClockOptions(opts)
			if tc.tag == "" {
				if !strings.Contains(msg, tc.msg) || msg == "" {
					t.Fatalf("refusal %q, want one with %q", msg, tc.msg)
				}
				return
			}
			if msg != "" {
				t.Fatalf("refused: %s", msg)
			}
			if got := spec.timeControl(); got != tc.tag {
				t.Errorf("TimeControl %q, want %q", got, tc.tag)
			}
			if got := spec.options().String(); got != tc.stored {
				t.Errorf("stored as %q, want %q", got, tc.stored)
			}
			if len(opts) != 0 {
				t.Errorf("options left for the engine: %v", opts)
			}
		})
	}
}

func TestNewGameStoresItsTimeControl(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "bank=7+12")
	g := w.game(id)
	if g.row.Tags["TimeControl"] != "604800+43200" || TimeControl(g.row.Options) != "604800+43200" {
		t.Errorf("tags %v, options %q: want TimeControl 604800+43200", g.row.Tags, g.row.Options)
	}
	w.send("alice@example.org", "", "new pente with bob@example.org days=2 bank=3")
	mustContain(t, w.last("alice@example.org"), "Options days= and bank= do not go together", "Nothing was started")
}

func TestRemindersAtHalfTimeAndADayBefore(t *testing.T) {
	tests := []struct {
		options    string
		half, last time.Duration // after the turn's start; last 0 for none
		deadline   time.Duration
	}{
		{"", 36 * time.Hour, 48 * time.Hour, 72 * time.Hour},
		{"days=5", 60 * time.Hour, 96 * time.Hour, 120 * time.Hour},
		{"days=2", 24 * time.Hour, 0, 48 * time.Hour},
		{"days=1", 12 * time.Hour, 0, 24 * time.Hour},
		{"bank=4", 48 * time.Hour, 72 * time.Hour, 96 * time.Hour},
	}
	for _, tc := range tests {
		t.Run("options "+tc.options, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			id := startPente(t, w, tc.options)
			start := w.now
			if c := w.clock(id); !c.Deadline.Equal(start.Add(tc.deadline)) || c.Seat != 0 {
				t.Fatalf("clock %+v: want seat 0 and the deadline %v after %v", c, tc.deadline, start)
			}
			a, b := w.count("alice@example.org"), w.count("bob@example.org")
			expect := func(at time.Duration, text string) {
				t.Helper()
				w.advance(start.Add(at - time.Hour).Sub(w.now))
				if got := w.mailsSince("alice@example.org", a); len(got) != 0 {
					t.Fatalf("an hour before %v alice got %q", at, got[0].Body)
				}
				if r := w.advance(time.Hour); r.Reminders != 1 {
					t.Fatalf("at %v: %d reminders, want 1", at, r.Reminders)
				}
				got := w.mailsSince("alice@example.org", a)
				if len(got) != 1 {
					t.Fatalf("at %v alice got %d mails, want the reminder", at, len(got))
				}
				mustContain(t, got[0], text, "[pbem 1]", "your move")
				if got[0].Headers["Reply-To"] == "" {
					t.Errorf("the reminder carries no reply key")
				}
				a++
			}
			expect(tc.half, "half of your time for it is used")
			if tc.last > 0 {
				expect(tc.last, "Last reminder: your move in game 1 is due by")
			}
			// A restarted daemon sends none of them again.
			w.restart()
			if r := w.advance(tc.deadline - time.Hour - w.now.Sub(start)); r.Reminders != 0 || r.Forfeits != 0 {
				t.Errorf("after the restart: %+v", r)
			}
			if n := len(w.mailsSince("alice@example.org", a)); n != 0 {
				t.Errorf("alice got %d more mails after the restart", n)
			}
			if n := len(w.mailsSince("bob@example.org", b)); n != 0 {
				t.Errorf("bob, not to move, got %d mails", n)
			}
		})
	}
}

func TestTimeRunsOut(t *testing.T) {
	tests := []struct {
		name        string
		options     string
		state       db.GameState
		result      string
		termination string
		told        []string
		rated       bool
	}{
		{"a rated game is lost on time", "", db.Finished, "0-1", "time forfeit",
			[]string{"alice (White) did not play in game 1 by the deadline and loses on time.", "Game over: bob wins (time forfeit)."}, true},
		{"an unrated game is adjourned", "rated=no", db.Active, "*", "",
			[]string{"The game is unrated, so it is adjourned, not lost: it goes on when alice plays"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			id := startPente(t, w, tc.options)
			r := w.advance(72*time.Hour - time.Minute)
			if g := w.game(id); g.row.State != db.Active || r.Forfeits+r.Adjourned != 0 {
				t.Fatalf("a minute before the deadline: %s, %+v", g.row.State, r)
			}
			r = w.advance(time.Hour)
			if r.Forfeits != boolCount(tc.rated) || r.Adjourned != boolCount(!tc.rated) {
				t.Fatalf("at the deadline: %+v", r)
			}
			g := w.game(id)
			if g.row.State != tc.state || g.row.Result != tc.result || g.row.Termination != tc.termination {
				t.Fatalf("game %s %s %q, want %s %s %q", g.row.State, g.row.Result, g.row.Termination, tc.state, tc.result, tc.termination)
			}
			for _, who := range []string{"alice@example.org", "bob@example.org"} {
				mustContain(t, w.lastAbout(who, id), tc.told...)
			}
			if tc.rated {
				mustContain(t, w.lastAbout("bob@example.org", id), "Ratings in Pente", "bob (Black)", "-> 1662?  +162")
				if r := w.advance(72 * time.Hour); r.Forfeits+r.Reminders != 0 {
					t.Errorf("a finished game's clock went on: %+v", r)
				}
				return
			}
			if c := w.clock(id); c.Reason != db.PauseAdjourned {
				t.Fatalf("clock %+v, want it adjourned", c)
			}
			if r := w.advance(10 * 24 * time.Hour); r.Forfeits+r.Reminders+r.Adjourned != 0 {
				t.Fatalf("an adjourned game's clock went on: %+v", r)
			}
			// The seat to move plays: the game goes on, the clock afresh.
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
			c := w.clock(id)
			if c.Reason != db.Running || c.Seat != 1 || !c.Deadline.Equal(w.now.Add(72*time.Hour)) {
				t.Errorf("after alice played: %+v, want bob's clock running for 3 days from %v", c, w.now)
			}
			mustContain(t, w.last("bob@example.org"), "Your deadline:", "3 days from now")
			mustContain(t, w.last("alice@example.org"), "Deadline of bob (Black):", "3 days from now")
		})
	}
}

func TestGraceAfterDowntime(t *testing.T) {
	tests := []struct {
		name   string
		gap    time.Duration
		byMail bool          // a mail comes in before the first tick after the gap
		grace  time.Duration // what the clocks get back
	}{
		{"a short gap is no downtime", 90 * time.Minute, false, 0},
		{"ten hours down", 10 * time.Hour, false, 10 * time.Hour},
		{"down past half time: no reminder yet", 40 * time.Hour, false, 40 * time.Hour},
		{"down past the deadline: nobody loses", 100 * time.Hour, false, 100 * time.Hour},
		// The mail comes a minute after the gap, which counts as downtime.
		{"a mail before the tick gets the grace too", 10 * time.Hour, true, 10*time.Hour + time.Minute},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			id := startPente(t, w, "")
			w.tick()
			before := w.clock(id)
			sent := w.count("alice@example.org")
			w.now = w.now.Add(tc.gap) // the daemon is down: no ticks
			if tc.byMail {
				w.send("carol@example.org", "", "board 1")
			}
			r := w.tick()
			if tc.byMail {
				if r.Grace != 0 {
					t.Errorf("the tick after the mail gave %v again", r.Grace)
				}
			} else if r.Grace != tc.grace {
				t.Errorf("grace %v, want %v", r.Grace, tc.grace)
			}
			after := w.clock(id)
			if got := after.Deadline.Sub(before.Deadline); got != tc.grace {
				t.Errorf("the deadline moved by %v, want %v", got, tc.grace)
			}
			if r.Forfeits+r.Reminders != 0 || w.game(id).row.State != db.Active {
				t.Errorf("judged during the downtime: %+v", r)
			}
			if n := w.count("alice@example.org") - sent; n != 0 {
				t.Errorf("alice got %d mails for the downtime", n)
			}
		})
	}
}

func TestFischerBankWithIncrementAndCap(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "bank=2+12")
	hours := func(d time.Duration) time.Duration { return d * time.Hour }
	steps := []struct {
		who   string
		think time.Duration // how long the seat to move takes
		ply   string
		banks [2]time.Duration // the banks after the ply
	}{
		// 2 days - 10 hours + 12 hours would be 50 hours: capped at 48.
		{"alice@example.org", hours(10), "K10", [2]time.Duration{hours(48), hours(48)}},
		{"bob@example.org", hours(30), "L9", [2]time.Duration{hours(48), hours(30)}},
		{"alice@example.org", hours(40), "O6", [2]time.Duration{hours(20), hours(30)}},
		{"bob@example.org", hours(29), "M8", [2]time.Duration{hours(20), hours(13)}},
	}
	for i, s := range steps {
		w.advance(s.think)
		w.reply(s.who, w.lastAbout(s.who, id), s.ply)
		c := w.clock(id)
		// The mail itself takes a minute of the clock's time.
		got := [2]time.Duration{c.Banks[0].Round(time.Hour), c.Banks[1].Round(time.Hour)}
		if got != s.banks {
			t.Fatalf("after ply %d: banks %v, want %v", i+1, got, s.banks)
		}
		if want := w.now.Add(c.Banks[c.Seat]); !c.Deadline.Equal(want) {
			t.Fatalf("after ply %d: deadline %v, want %v (the bank of the seat to move)", i+1, c.Deadline, want)
		}
	}
	// Each mail takes a minute of its sender's bank: 20 hours are 19:59.
	mustContain(t, w.last("alice@example.org"), "Time banks: alice (White) 19 hours 59 minutes, bob (Black) 12 hours 58 minutes.",
		"Each move adds 12 hours, up to 2 days.")
	// Alice's bank of 20 hours runs out: she loses on time.
	if r := w.advance(hours(20)); r.Forfeits != 1 {
		t.Fatalf("after 20 hours: %+v, want alice's forfeit", r)
	}
}

func TestTakebackStartsAFreshTurn(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.advance(20 * time.Hour)
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "takeback")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "accept")
	c := w.clock(id)
	if c.Seat != 0 || c.Turn != 3 || !c.Deadline.Equal(w.now.Add(72*time.Hour)) {
		t.Errorf("after the takeback: %+v, want alice's third turn with 3 days", c)
	}
}

func TestGamesStartedBeforeClocksGetOne(t *testing.T) {
	w := newClockWorld(t, Config{})
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		a, err := tx.Player("alice@example.org", "", w.now)
		if err != nil {
			return err
		}
		b, err := tx.Player("bob@example.org", "", w.now)
		if err != nil {
			return err
		}
		_, err = tx.CreateGame(db.Game{Kind: "Pente", Options: "days=2 rated=yes tournament=on variant=pente",
			State: db.Active, Created: w.now, Seats: []db.Seat{
				{Seat: 0, PlayerID: a.ID, Invitation: db.Accepted}, {Seat: 1, PlayerID: b.ID, Invitation: db.Accepted}}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := w.tick(); r.Started != 1 {
		t.Fatalf("tick: %+v, want one clock started", r)
	}
	if c := w.clock(1); !c.Deadline.Equal(w.now.Add(48 * time.Hour)) {
		t.Errorf("clock %+v, want 2 days from the tick", c)
	}
	if r := w.tick(); r.Started != 0 {
		t.Errorf("second tick started %d clocks", r.Started)
	}
}

func TestQuatroSeatLosesOnTime(t *testing.T) {
	w := newClockWorld(t, Config{})
	players := []string{"alice@example.org", "bob@example.org", "carol@example.org"}
	id := invite(t, w, "new quatro with bob@example.org carol@example.org days=1", players...)
	playOut(t, w, id, 1, 1) // alice plays: bob to move
	if r := w.advance(24 * time.Hour); r.Forfeits != 1 {
		t.Fatalf("after a day: %+v, want bob's forfeit", r)
	}
	g := w.game(id)
	if g.row.State != db.Active || g.game.ToMove() != 2 || g.plies[1].Token != "s2:time" {
		t.Fatalf("after bob's time ran out: %s, seat %d to move, plies %+v; want carol to move", g.row.State, g.game.ToMove().Number(), g.plies)
	}
	mustContain(t, w.lastAbout("carol@example.org", id), "bob (Seat 2) did not play in game 1 by the deadline and is out of it on time.",
		"carol (Seat 3) is to move")
	// Carol's clock started with her turn: she too runs out of time, and
	// alice is the last seat standing.
	if r := w.advance(24 * time.Hour); r.Forfeits != 1 {
		t.Fatalf("after another day: %+v, want carol's forfeit", r)
	}
	g = w.game(id)
	if g.row.Result != "1-0-0" || g.row.State != db.Finished {
		t.Fatalf("result %q (%s), want 1-0-0", g.row.Result, g.row.State)
	}
	a, _ := w.ratingOf("alice@example.org", "quatro")
	b, _ := w.ratingOf("bob@example.org", "quatro")
	c, _ := w.ratingOf("carol@example.org", "quatro")
	if !(b.R < 1500 && a.R > 1500 && b.R == c.R) {
		t.Errorf("ratings alice %.1f bob %.1f carol %.1f: want alice up, bob and carol down alike", a.R, b.R, c.R)
	}
	mustContain(t, w.lastAbout("bob@example.org", id), "carol (Seat 3) did not play in game 1 by the deadline and is out of it on time. alice (Seat 1) wins as the last seat standing.")
}
