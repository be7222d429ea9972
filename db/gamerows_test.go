package db

import (
	"testing"
)

// TestWhatAGameLacksHoldsUntilWritten: once a game's row is read, a
// transaction leaves out the statements that would find none of its
// watchers, offers, conditions or reminders; each written in the
// transaction is then found, and a rollback to a savepoint makes them all
// read again.
func TestWhatAGameLacksHoldsUntilWritten(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "alice@example.org", "bob@example.org")
		if err := tx.PutClock(Clock{GameID: g.ID, Turn: 3, Started: t0, Deadline: t0, CheckAt: t0}); err != nil {
			return err
		}
		// An old turn's reminder does not stand in the way of the new turns.
		if _, err := tx.Remind(g.ID, 2, "half", t0); err != nil {
			return err
		}
		carol, err := tx.Player("carol@example.org", "", t0)
		if err != nil {
			return err
		}
		if _, err := tx.Game(g.ID); err != nil {
			return err
		}
		if n := tx.lacks(g.ID); !n.watchers || !n.offers || !n.conditions || !n.reminders || n.remindersFrom != 3 {
			t.Errorf("game read: lacks %+v, want all from turn 3", n)
		}
		if sent, err := tx.Reminded(g.ID, 2); err != nil || !sent["half"] {
			t.Errorf("turn 2's reminders %v, %v; want half", sent, err)
		}
		if err := tx.Watch(g.ID, carol.ID, t0); err != nil {
			return err
		}
		if ws, err := tx.Watchers(g.ID); err != nil || len(ws) != 1 {
			t.Errorf("watchers after Watch: %v, %v; want carol", ws, err)
		}
		if err := tx.PutOffer(g.ID, Offer{Kind: DrawOffer, Seat: 0, Agreed: []int{0}, Made: t0}); err != nil {
			return err
		}
		if _, ok, err := tx.GetOffer(g.ID, DrawOffer); err != nil || !ok {
			t.Errorf("offer after PutOffer: %v, %v", ok, err)
		}
		if err := tx.PutConditions(g.ID, Conditions{Seat: 1, Lines: [][]string{{"K10", "L9"}}, Updated: t0}); err != nil {
			return err
		}
		if _, ok, err := tx.GetConditions(g.ID, 1); err != nil || !ok {
			t.Errorf("conditions after PutConditions: %v, %v", ok, err)
		}
		if _, err := tx.Remind(g.ID, 3, "half", t0); err != nil {
			return err
		}
		if sent, err := tx.Reminded(g.ID, 3); err != nil || !sent["half"] {
			t.Errorf("reminders after Remind: %v, %v; want half", sent, err)
		}
		// Read again, the row says what it has now; a rollback to a
		// savepoint forgets what was known.
		if _, err := tx.Game(g.ID); err != nil {
			return err
		}
		if n := tx.lacks(g.ID); n.watchers || n.offers || n.conditions || n.reminders {
			t.Errorf("game read again: lacks %+v, want nothing", n)
		}
		sp, err := tx.Savepoint()
		if err != nil {
			return err
		}
		if _, err := tx.Game(g.ID); err != nil {
			return err
		}
		if err := sp.Rollback(); err != nil {
			return err
		}
		if n := tx.lacks(g.ID); n != (noRows{}) {
			t.Errorf("after a rollback to a savepoint: lacks %+v, want nothing known", n)
		}
		return nil
	})
}
