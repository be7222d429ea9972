package play

import (
	"context"
	"fmt"
	"testing"

	"pbem/db"
)

// TestClockPassDoesNotHoldUpMail: after an upgrade, more active games lack
// a clock than one tick sets up. The first tick sets up a batch and
// returns; a mail to a game still waiting for its clock is handled at
// once and sets the clock up itself; the next tick sets up the rest.
func TestClockPassDoesNotHoldUpMail(t *testing.T) {
	w := newClockWorld(t, Config{})
	const games = tickBatch + 2
	var ids []int64
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		a, err := tx.Player("alice@example.org", "", w.now)
		if err != nil {
			return err
		}
		b, err := tx.Player("bob@example.org", "", w.now)
		if err != nil {
			return err
		}
		for range games {
			id, err := tx.CreateGame(db.Game{Kind: "Pente", Options: "days=2 rated=yes tournament=on variant=pente",
				State: db.Active, Created: w.now, Seats: []db.Seat{
					{Seat: 0, PlayerID: a.ID, Invitation: db.Accepted}, {Seat: 1, PlayerID: b.ID, Invitation: db.Accepted}}})
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := w.tick(); r.Started != tickBatch {
		t.Fatalf("first tick started %d clocks; want %d, a batch", r.Started, tickBatch)
	}
	pending := ids[games-1]
	if w.hasClock(pending) {
		t.Fatalf("game %d got its clock in the first batch; want it pending", pending)
	}
	alice := "alice@example.org"
	res := w.deliver(Message{From: alice, To: []string{"pbem+" + w.key(alice, pending) + "@example.org"},
		Text: fmt.Sprintf("move %d K10", pending)})
	if res.Outcome != Answered || w.game(pending).game.Plies() != 1 {
		t.Fatalf("move in a game waiting for its clock: outcome %v, %d plies; want answered, 1; reply:\n%s",
			res.Outcome, w.game(pending).game.Plies(), w.last(alice).Body)
	}
	if c := w.clock(pending); c.Seat != 1 || c.Plies != 1 {
		t.Errorf("clock after the move: %+v; want bob's turn after ply 1", c)
	}
	if r := w.tick(); r.Started != 1 {
		t.Fatalf("second tick started %d clocks; want the 1 left", r.Started)
	}
	for _, id := range ids {
		if !w.hasClock(id) {
			t.Fatalf("game %d has no clock after two ticks", id)
		}
	}
}

// hasClock reports whether a game has a clock.
func (w *world) hasClock(id int64) bool {
	w.t.Helper()
	var ok bool
	err := w.store.View(context.Background(), func(tx *db.Tx) (err error) {
		_, ok, err = tx.Clock(id)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return ok
}
