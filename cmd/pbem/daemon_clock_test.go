package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/mailer"
)

// quiet checks that the daemon sends nothing at the present time: it
// waits until a tick of the scheduler that began at the present time (or
// later) has ended, which the heartbeat of the tick after it shows, and
// until every mail queued by then has gone out; then no new mail may have
// come. Waiting on the ticks themselves, not on a span of wall time, keeps
// the check whole on a slow machine. The daemon must tick often (--tick).
func (r *rig) quiet(what string) {
	r.t.Helper()
	n := len(r.out.update(r.t))
	now := time.Now
	if r.clock != nil {
		now = r.clock.Now
	}
	began := r.waitHeartbeat(now())
	if r.clock != nil {
		// The next tick is told apart from this one by its time alone.
		r.clock.Advance(time.Millisecond)
	}
	r.waitHeartbeat(began.Add(time.Nanosecond))
	r.waitStore("every queued mail sent", func(tx *db.Tx) (bool, error) {
		rows, err := tx.MailsSince(0)
		for _, m := range rows {
			if m.Sent == nil && m.Failed == nil {
				return false, err
			}
		}
		return true, err
	})
	if all := r.out.update(r.t); len(all) > n {
		m := all[n]
		r.t.Fatalf("%s: the daemon sent %s %q:\n%s", what, m.To, m.Subject, m.Text)
	}
}

// waitHeartbeat waits until the scheduler's heartbeat in the store is at
// or after t, that is until a tick began at t or later, and returns it.
func (r *rig) waitHeartbeat(t time.Time) time.Time {
	r.t.Helper()
	var last time.Time
	r.waitStore(fmt.Sprintf("tick at %v or later", t), func(tx *db.Tx) (bool, error) {
		var err error
		last, _, err = tx.LastTick()
		return !last.Before(t), err
	})
	return last
}

// TestDaemonRemindsThenForfeits plays reminders and a forfeit through the
// daemon and Dovecot, on a clock the test moves: in a rated game with
// three days a move, bob does not answer alice's ply. He is reminded when
// half his time is used and again a day before the deadline, nobody else
// hears of it, and at the deadline he loses on time: both players are
// told, the store has the game finished "time forfeit", and so has its
// record.
func TestDaemonRemindsThenForfeits(t *testing.T) {
	clock := newFakeClock()
	r := newRig(t, dovecot.Config{}, clock)
	// The test's jumps of the clock are not downtime of the daemon: were
	// they, the time would be given back to bob's clock.
	r.start(func(c *serveConfig) { c.downtime = 30 * 24 * time.Hour }, "--tick", "100ms")
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "days=3")

	clock.Advance(time.Hour)
	alice.answer(alice.reply(alice.last[id], "K10"), "You played K10")
	mustSay(t, bob.next("the news of K10"), "played K10", "your move")

	// bob's turn began now: half his time is used in 36 hours, the last
	// reminder is due after 48 and the deadline is at 72.
	clock.Advance(36*time.Hour - time.Minute)
	r.quiet("before half of bob's time is used")
	clock.Advance(2 * time.Minute)
	mustSay(t, bob.next("the half-time reminder"),
		fmt.Sprintf("Reminder: it is your move in game %d, and half of your time for it is used", id), "your move")
	r.quiet("after the half-time reminder")

	clock.Advance(12 * time.Hour)
	mustSay(t, bob.next("the last reminder"),
		fmt.Sprintf("Last reminder: your move in game %d is due by", id), "you lose the game on time")
	clock.Advance(24*time.Hour - 2*time.Minute)
	r.quiet("before bob's deadline")

	clock.Advance(2 * time.Minute)
	var over sentMail
	for _, p := range []*player{alice, bob} {
		over = p.next("the forfeit")
		mustSay(t, over, fmt.Sprintf("bob (Black) did not play in game %d by the deadline and loses on time", id),
			"Game over: alice wins", "game over", "(time forfeit)")
	}
	var row db.Game
	r.view(func(tx *db.Tx) (err error) {
		row, err = tx.Game(id)
		return err
	})
	if row.State != db.Finished || row.Result != "1-0" || row.Termination != "time forfeit" {
		t.Errorf("game %d stored %s %s %q, want finished 1-0 \"time forfeit\"", id, row.State, row.Result, row.Termination)
	}
	rec := bob.answer(bob.reply(over, "record"), "game over")
	// The record, beside the board's picture for the HTML part.
	var records []mailer.Attachment
	for _, a := range rec.Attachments {
		if a.Type != "image/png" {
			records = append(records, a)
		}
	}
	if len(records) != 1 || !strings.Contains(string(records[0].Data), `[Termination "time forfeit"]`) {
		t.Errorf("the record of game %d: %d attachments besides pictures, want one with the tag Termination \"time forfeit\"", id, len(records))
	}
}
