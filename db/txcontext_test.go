package db

import (
	"context"
	"errors"
	"testing"
)

// TestUpdateEndsWithItsContext: the statements of a transaction run
// without the context's cancellation (for speed), yet ending the context
// still ends the transaction: the statements after it fail with the
// context's error and nothing of the transaction is committed, even when
// fn ignores the failure.
func TestUpdateEndsWithItsContext(t *testing.T) {
	s := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var after error
	err := s.Update(ctx, func(tx *Tx) error {
		if _, err := tx.Player("alice@example.org", "", t0); err != nil {
			return err
		}
		cancel()
		_, after = tx.Player("bob@example.org", "", t0)
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Update error %v, want context.Canceled", err)
	}
	if !errors.Is(after, context.Canceled) {
		t.Errorf("statement after the end: error %v, want context.Canceled", after)
	}
	update(t, s, func(tx *Tx) error {
		for _, a := range []string{"alice@example.org", "bob@example.org"} {
			if _, err := tx.PlayerByAddress(a); !errors.Is(err, ErrNotFound) {
				t.Errorf("player %s after an ended transaction: %v, want not found", a, err)
			}
		}
		return nil
	})
	if err := s.Update(ctx, func(*Tx) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Update under an ended context: %v, want context.Canceled", err)
	}
}

// TestPlayersReadAgainAfterAWrite: a transaction keeps the players it
// read, yet reads one afresh after a write to players, and after a
// rollback to a savepoint undid one.
func TestPlayersReadAgainAfterAWrite(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		p, err := tx.Player("alice@example.org", "", t0)
		if err != nil {
			return err
		}
		if _, err := tx.PlayerByID(p.ID); err != nil { // now kept
			return err
		}
		if err := tx.SetSetting(p.ID, "language", "fr"); err != nil {
			return err
		}
		if got, err := tx.PlayerByAddress("alice@example.org"); err != nil || got.Settings["language"] != "fr" {
			t.Errorf("after SetSetting: settings %v (%v), want language fr", got.Settings, err)
		}
		sp, err := tx.Savepoint()
		if err != nil {
			return err
		}
		if err := tx.SetSetting(p.ID, "language", "de"); err != nil {
			return err
		}
		if _, err := tx.PlayerByID(p.ID); err != nil {
			return err
		}
		if err := sp.Rollback(); err != nil {
			return err
		}
		if got, err := tx.PlayerByID(p.ID); err != nil || got.Settings["language"] != "fr" {
			t.Errorf("after the rollback: settings %v (%v), want language fr", got.Settings, err)
		}
		if _, err := tx.Player("alice@example.org", "Alice", t0); err != nil {
			return err
		}
		if got, err := tx.PlayerByID(p.ID); err != nil || got.Name != "Alice" {
			t.Errorf("after naming: name %q (%v), want Alice", got.Name, err)
		}
		// A caller's change to a player read is its own.
		got, err := tx.PlayerByID(p.ID)
		if err != nil {
			return err
		}
		got.Settings["language"] = "it"
		if again, _ := tx.PlayerByID(p.ID); again.Settings["language"] != "fr" {
			t.Errorf("a caller's change reached the kept player: %v", again.Settings)
		}
		return nil
	})
}
