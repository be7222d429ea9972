package db

import (
	"testing"
)

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
