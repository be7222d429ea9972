package mailer

import (
	"context"
	"errors"
	"sync"
	"testing"

	"pbem/internal/dovecot"
)

// TestIntakeBatchFilesTheMailsBeforeAFailure gives a batch handler five
// mails in one fetch; it handles two, then fails on the third. The two are
// filed at once; the third and those after it stay in INBOX and come again,
// in UID order, until the handler takes them.
func TestIntakeBatchFilesTheMailsBeforeAFailure(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	var uids []uint32
	for i := range 5 {
		_, uid := srv.Append(t, dovecot.User, "INBOX", testMail(i, "move"))
		uids = append(uids, uid)
	}
	var (
		mu      sync.Mutex
		batches [][]uint32
		failing = true
	)
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), nil)
	cfg.Batch = func(_ context.Context, ds []Delivery) ([]Verdict, error) {
		mu.Lock()
		defer mu.Unlock()
		var got []uint32
		for _, d := range ds {
			got = append(got, d.UID)
		}
		batches = append(batches, got)
		if failing && len(ds) == 5 {
			return []Verdict{Processed, Rejected}, errors.New("store down at the third mail")
		}
		failing = false
		verdicts := make([]Verdict, len(ds))
		return verdicts, nil
	}
	start(t, newIntake(t, cfg).Run)
	waitMailboxes(t, srv, dovecot.User, 0, 4, 1)

	mu.Lock()
	defer mu.Unlock()
	if len(batches) < 2 || len(batches[0]) != 5 {
		t.Fatalf("batches %v, want all five mails in the first, then the rest", batches)
	}
	for i, uid := range batches[0] {
		if uid != uids[i] {
			t.Errorf("first batch %v, want UIDs %v in order", batches[0], uids)
			break
		}
	}
	for _, b := range batches[1:] {
		for _, uid := range b {
			if uid == uids[0] || uid == uids[1] {
				t.Errorf("UID %d came again after it was handled (batches %v)", uid, batches)
			}
		}
	}
	if last := batches[len(batches)-1]; len(last) != 3 || last[0] != uids[2] {
		t.Errorf("the last batch %v, want the three mails from the one that failed", last)
	}
}
