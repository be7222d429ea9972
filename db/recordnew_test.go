package db

import (
	"context"
	"testing"
)

// TestRecordNewMessageWritesOnlyNewMail: a mail already recorded, by its
// Message-ID or by its mailbox place, is not fresh and writes nothing; a
// new one is recorded with its row id.
func TestRecordNewMessageWritesOnlyNewMail(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		_, err := tx.RecordMessage(Message{MessageID: "a@x", Mailbox: "INBOX", UIDValidity: 7, UID: 1, Received: t0})
		return err
	})
	tests := []struct {
		name    string
		id, box string
		uidv    uint32
		uid     uint32
		fresh   bool
	}{
		{"same Message-ID", "a@x", "", 0, 0, false},
		{"same mailbox place", "b@x", "INBOX", 7, 1, false},
		{"same UID, new UIDVALIDITY", "c@x", "INBOX", 8, 1, true},
		{"new mail", "d@x", "INBOX", 7, 2, true},
		{"no Message-ID, no mailbox", "", "", 0, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Rolled back, so that each case sees the same store.
			_ = s.Update(context.Background(), func(tx *Tx) error {
				var before int
				if err := tx.queryRow(`SELECT COUNT(*) FROM messages`).Scan(&before); err != nil {
					t.Fatal(err)
				}
				id, fresh, err := tx.RecordNewMessage(Message{MessageID: tc.id, Mailbox: tc.box, UIDValidity: tc.uidv,
					UID: tc.uid, Sender: "a@example.org", Received: t0})
				if err != nil || fresh != tc.fresh {
					t.Errorf("RecordNewMessage = %d, %v, %v; want fresh %v", id, fresh, err, tc.fresh)
				}
				var after int
				if err := tx.queryRow(`SELECT COUNT(*) FROM messages`).Scan(&after); err != nil {
					t.Fatal(err)
				}
				if wrote := after - before; wrote != map[bool]int{true: 1, false: 0}[tc.fresh] {
					t.Errorf("%d rows written", wrote)
				}
				if tc.fresh {
					if m, err := tx.MessageByID(id); err != nil || m.Sender != "a@example.org" {
						t.Errorf("row %d: %+v, %v", id, m, err)
					}
				}
				return errRollback
			})
		})
	}
}
