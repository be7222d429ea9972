package db

import (
	"context"
	"testing"
)

// TestPauseReasonIsWrittenWhenItChanges: PutClock leaves the pause reason
// out of its UPDATE when the transaction's clock has the same one; each
// change is still stored, whether the clock was read before or not, and a
// reason outside the list is still refused.
func TestPauseReasonIsWrittenWhenItChanges(t *testing.T) {
	s := open(t)
	id := storedGame(t, s, "alice@example.org", "bob@example.org")
	stored := func() PauseReason {
		t.Helper()
		var c Clock
		if err := s.View(context.Background(), func(tx *Tx) (err error) { c, _, err = tx.readClock(id); return err }); err != nil {
			t.Fatal(err)
		}
		return c.Reason
	}
	clock := func(r PauseReason) Clock {
		return Clock{GameID: id, Turn: 1, Started: t0, Deadline: t0, CheckAt: t0, Paused: &t0, Reason: r}
	}
	steps := []struct {
		name string
		fn   func(tx *Tx) error
		want PauseReason
	}{
		{"first clock, not read", func(tx *Tx) error { return tx.PutClock(clock(PauseVacation)) }, PauseVacation},
		{"same reason after a read", func(tx *Tx) error {
			if _, err := tx.Game(id); err != nil {
				return err
			}
			return tx.PutClock(clock(PauseVacation))
		}, PauseVacation},
		{"another reason after a read", func(tx *Tx) error {
			if _, _, err := tx.Clock(id); err != nil {
				return err
			}
			return tx.PutClock(clock(PauseBounce))
		}, PauseBounce},
		{"twice in a transaction", func(tx *Tx) error {
			if err := tx.PutClock(clock(PauseAdjourned)); err != nil {
				return err
			}
			if err := tx.PutClock(clock(PauseAdjourned)); err != nil {
				return err
			}
			return tx.PutClock(clock(Running))
		}, Running},
	}
	for _, st := range steps {
		update(t, s, st.fn)
		if got := stored(); got != st.want {
			t.Errorf("%s: reason %q stored, want %q", st.name, got, st.want)
		}
	}
	err := s.Update(context.Background(), func(tx *Tx) error { return tx.PutClock(clock("asleep")) })
	if err == nil {
		t.Error("a reason outside the list was stored")
	}
}
