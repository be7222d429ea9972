package play

import (
	"context"
	"testing"
)

// TestBatchKeepsEachMailApart hands in a batch whose middle mail meets a
// bug (a game damaged in the store): that mail alone is kept as failed and
// answered, the mails around it are acted on, and the same batch handed in
// again (a crash after the commit) changes nothing.
func TestBatchKeepsEachMailApart(t *testing.T) {
	w := newWorld(t, Config{})
	w.damagedGame()
	batch := []Message{
		{MessageID: "<one@client.example>", Mailbox: "INBOX", UIDValidity: 1, UID: 1, From: "dave@example.org", Subject: "help", Text: "help"},
		{MessageID: "bug@client.example", Mailbox: "INBOX", UIDValidity: 1, UID: 2, From: "carol@example.org", Text: "board 1", Raw: []byte("board 1")},
		{MessageID: "three@client.example", Mailbox: "INBOX", UIDValidity: 1, UID: 3, From: "erin@example.org", Subject: "games", Text: "games"},
	}
	results, err := w.svc.HandleBatch(context.Background(), batch)
	if err != nil {
		t.Fatalf("HandleBatch: %v", err)
	}
	if len(results) != len(batch) {
		t.Fatalf("%d results for %d mails", len(results), len(batch))
	}
	if res := results[1]; res.Outcome != Failed || len(res.Queued) != 1 {
		t.Errorf("the mail meeting the bug: %+v, want it kept as failed with one reply", res)
	}
	for _, i := range []int{0, 2} {
		if res := results[i]; res.Outcome != Answered || len(res.Queued) != 1 || res.Duplicate {
			t.Errorf("mail %d: %+v, want it answered once", i, res)
		}
	}
	w.collect()
	mustContain(t, w.last("carol@example.org"), "met a fault in this service")
	mustContain(t, w.last("erin@example.org"), "You have no games")
	if w.count("dave@example.org") != 1 {
		t.Errorf("dave got %d mails, want 1", w.count("dave@example.org"))
	}

	again, err := w.svc.HandleBatch(context.Background(), batch)
	if err != nil {
		t.Fatalf("HandleBatch again: %v", err)
	}
	for i, res := range again {
		if !res.Duplicate || len(res.Queued) != 0 {
			t.Errorf("mail %d handed in again: %+v, want a duplicate with nothing queued", i, res)
		}
	}
	w.collect()
	for _, a := range []string{"carol@example.org", "dave@example.org", "erin@example.org"} {
		if n := w.count(a); n != 1 {
			t.Errorf("%s got %d mails after the batch came again, want 1", a, n)
		}
	}
	w.consistent()
}
