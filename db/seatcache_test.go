package db

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestKeptSeatsAreTheStoredOnes: whatever a write transaction does to a
// game's seats or to its players (answers an invitation, names a player,
// is rolled back, rolls back to a savepoint; another connection answers),
// the seats the next write transaction gets are those a fresh read of the
// file gives, and so are those it gets within the transaction.
func TestKeptSeatsAreTheStoredOnes(t *testing.T) {
	ctx := context.Background()
	s, path := openAt(t)
	id := storedGame(t, s, "alice@example.org", "bob@example.org", "carol@example.org")
	seats := func(tx *Tx) ([]Seat, error) {
		g, err := tx.Game(id)
		return g.Seats, err
	}
	// within checks, inside a step, that the transaction sees its own
	// writes and not the cache's older seats.
	within := func(tx *Tx, what string, ok func([]Seat) bool) {
		ss, err := seats(tx)
		if err != nil || !ok(ss) {
			t.Errorf("%s, within the transaction: %v, %v", what, ss, err)
		}
	}
	steps := []struct {
		name string
		fn   func(tx *Tx) error
	}{
		{"read", func(tx *Tx) error { _, err := seats(tx); return err }},
		{"bob accepts", func(tx *Tx) error {
			if err := tx.Answer(id, 1, Accepted, t0); err != nil {
				return err
			}
			within(tx, "bob accepted", func(ss []Seat) bool { return ss[1].Invitation == Accepted })
			return nil
		}},
		{"carol declines, rolled back", func(tx *Tx) error {
			if _, err := seats(tx); err != nil {
				return err
			}
			if err := tx.Answer(id, 2, Refused, t0); err != nil {
				return err
			}
			return errRollback
		}},
		{"carol declines, rolled back to a savepoint", func(tx *Tx) error {
			sp, err := tx.Savepoint()
			if err != nil {
				return err
			}
			if err := tx.Answer(id, 2, Refused, t0); err != nil {
				return err
			}
			within(tx, "carol declined", func(ss []Seat) bool { return ss[2].Invitation == Refused })
			if err := sp.Rollback(); err != nil {
				return err
			}
			within(tx, "carol's answer undone", func(ss []Seat) bool { return ss[2].Invitation == Pending })
			return nil
		}},
		{"alice gets a name", func(tx *Tx) error {
			if _, err := seats(tx); err != nil {
				return err
			}
			if _, err := tx.Player("alice@example.org", "Alice", t0); err != nil {
				return err
			}
			within(tx, "alice named", func(ss []Seat) bool { return ss[0].Name == "Alice" })
			return nil
		}},
		// The step reads (and keeps) the seats; another connection then
		// answers, after the step's transaction let the write lock go.
		{"another connection: carol accepts", func(tx *Tx) error { _, err := seats(tx); return err }},
	}
	for _, st := range steps {
		if err := s.Update(ctx, st.fn); err != nil && !errors.Is(err, errRollback) {
			t.Fatalf("%s: %v", st.name, err)
		}
		if st.name == "another connection: carol accepts" {
			fromOther(t, path, func(tx *Tx) error { return tx.Answer(id, 2, Accepted, t0) })
		}
		var want, got []Seat
		if err := s.View(ctx, func(tx *Tx) (err error) { want, err = seats(tx); return err }); err != nil {
			t.Fatal(err)
		}
		update(t, s, func(tx *Tx) (err error) { got, err = seats(tx); return err })
		if !slices.Equal(got, want) {
			t.Errorf("after %s: seats %v, the store has %v", st.name, got, want)
		}
	}
	// The store's last word: all three accepted, alice named.
	var last []Seat
	update(t, s, func(tx *Tx) (err error) { last, err = seats(tx); return err })
	if len(last) != 3 || last[0].Name != "Alice" || last[1].Invitation != Accepted || last[2].Invitation != Accepted {
		t.Errorf("seats %v, want all accepted and alice named", last)
	}
}

// TestKeptSeatsAreCopies: a caller changing the seats it got changes
// neither the cache nor what the next transaction gets.
func TestKeptSeatsAreCopies(t *testing.T) {
	s := open(t)
	id := storedGame(t, s, "alice@example.org", "bob@example.org")
	for range 2 {
		update(t, s, func(tx *Tx) error {
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			if g.Seats[0].Address != "alice@example.org" {
				t.Errorf("seat 0 is %q, want alice@example.org", g.Seats[0].Address)
			}
			g.Seats[0].Address = "mallory@example.org"
			return nil
		})
	}
}
