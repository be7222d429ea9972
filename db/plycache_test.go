package db

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestKeptPliesAreTheStoredOnes: whatever a write transaction does to a
// game's plies (adds one, takes some back, is rolled back, rolls back to
// a savepoint; another connection adds one), the plies the next write
// transaction gets are those a fresh read of the file gives.
func TestKeptPliesAreTheStoredOnes(t *testing.T) {
	ctx := context.Background()
	s, path := openAt(t)
	id := storedGame(t, s, "alice@example.org", "bob@example.org")
	at := func(i int) time.Time { return t0.Add(time.Duration(i) * time.Minute) }
	add := func(tx *Tx, n int, tok string) error {
		return tx.AddPly(id, Ply{N: n, Seat: (n - 1) % 2, Token: tok, PlayedAt: at(n).In(time.FixedZone("x", 3600))})
	}
	steps := []struct {
		name string
		fn   func(tx *Tx) error
	}{
		{"read", func(tx *Tx) error { _, err := tx.Plies(id); return err }},
		{"one added", func(tx *Tx) error { return add(tx, 1, "K10") }},
		{"two added, read between", func(tx *Tx) error {
			if err := add(tx, 2, "L9"); err != nil {
				return err
			}
			if _, err := tx.Plies(id); err != nil {
				return err
			}
			return add(tx, 3, "M8")
		}},
		{"added, rolled back", func(tx *Tx) error {
			if err := add(tx, 4, "N7"); err != nil {
				return err
			}
			return errRollback
		}},
		{"added, rolled back to a savepoint, another added", func(tx *Tx) error {
			sp, err := tx.Savepoint()
			if err != nil {
				return err
			}
			if err := add(tx, 4, "N7"); err != nil {
				return err
			}
			if err := sp.Rollback(); err != nil {
				return err
			}
			if ps, err := tx.Plies(id); err != nil || len(ps) != 3 {
				t.Errorf("after the rollback to the savepoint: %v, %v; want 3 plies", ps, err)
			}
			return add(tx, 4, "O6")
		}},
		{"taken back, one added", func(tx *Tx) error {
			if err := tx.DeletePliesFrom(id, 3, at(9)); err != nil {
				return err
			}
			return add(tx, 3, "P5")
		}},
		// The step reads (and keeps) the plies; another connection then
		// adds one, after the step's transaction let the write lock go.
		{"another connection adds one", func(tx *Tx) error { _, err := tx.Plies(id); return err }},
	}
	for _, st := range steps {
		if err := s.Update(ctx, st.fn); err != nil && !errors.Is(err, errRollback) {
			t.Fatalf("%s: %v", st.name, err)
		}
		if st.name == "another connection adds one" {
			fromOther(t, path, func(tx *Tx) error { return add(tx, 4, "Q4") })
		}
		var want, got []Ply
		err := s.View(ctx, func(tx *Tx) (err error) { want, err = tx.Plies(id); return err })
		if err != nil {
			t.Fatal(err)
		}
		update(t, s, func(tx *Tx) (err error) { got, err = tx.Plies(id); return err })
		if !slices.EqualFunc(got, want, func(a, b Ply) bool {
			return a == b || a.PlayedAt.Equal(b.PlayedAt) && a.N == b.N && a.Token == b.Token && a.Seat == b.Seat && a.Message == b.Message
		}) {
			t.Errorf("after %s: plies %v, the store has %v", st.name, got, want)
		}
		if !slices.EqualFunc(got, want, func(a, b Ply) bool { return a.PlayedAt.Location() == b.PlayedAt.Location() }) {
			t.Errorf("after %s: times %v, the store gives %v", st.name, got, want)
		}
	}
	// The store's last word: K10 L9 P5 Q4.
	var toks []string
	update(t, s, func(tx *Tx) error {
		ps, err := tx.Plies(id)
		for _, p := range ps {
			toks = append(toks, p.Token)
		}
		return err
	})
	if want := []string{"K10", "L9", "P5", "Q4"}; !slices.Equal(toks, want) {
		t.Errorf("plies %v, want %v", toks, want)
	}
}
