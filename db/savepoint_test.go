package db

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// A rolled-back savepoint undoes only the work after it; a released one
// keeps its work, and both commit with the transaction.
func TestSavepointKeepsWorkBeforeIt(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	record := func(tx *Tx, id string) {
		t.Helper()
		if _, err := tx.RecordMessage(Message{MessageID: id, Sender: "a@example.org", Outcome: "answered", Received: at}); err != nil {
			t.Fatal(err)
		}
	}
	err = s.Update(ctx, func(tx *Tx) error {
		record(tx, "kept@x")
		sp, err := tx.Savepoint()
		if err != nil {
			return err
		}
		record(tx, "undone@x")
		if err := sp.Rollback(); err != nil {
			return err
		}
		sp, err = tx.Savepoint()
		if err != nil {
			return err
		}
		record(tx, "released@x")
		return sp.Release()
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(ctx, func(tx *Tx) error {
		for id, want := range map[string]bool{"kept@x": true, "undone@x": false, "released@x": true} {
			seen, err := tx.Seen(id, "", 0, 0)
			if err != nil {
				return err
			}
			if seen != want {
				t.Errorf("message %s stored: %v, want %v", id, seen, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
