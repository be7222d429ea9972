package db

import (
	"errors"
	"fmt"
	"testing"
)

func TestEnvelopeSenderIsKeptAndAMailBouncesOnce(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		id, err := tx.QueueFrom(Mail{MessageID: "m1@example.org", To: "Bob@Example.org", Subject: "s", Body: "b", Created: t0},
			func(id int64) string { return fmt.Sprintf("pbem+bounce-%d-x@example.org", id) })
		if err != nil {
			return err
		}
		m, err := tx.MailByID(id)
		if err != nil || m.EnvelopeFrom != "pbem+bounce-1-x@example.org" || m.To != "bob@example.org" || m.Bounced != nil {
			t.Errorf("mail %d: envelope %q to %q, %v", id, m.EnvelopeFrom, m.To, err)
		}
		due, err := tx.Due(t0, 10)
		if err != nil || len(due) != 1 || due[0].EnvelopeFrom != m.EnvelopeFrom {
			t.Errorf("due mail %+v, %v; want it with its envelope sender", due, err)
		}
		for i, want := range []bool{true, false} {
			first, err := tx.MarkBounced(id, t0)
			if err != nil || first != want {
				t.Errorf("MarkBounced #%d: %v, %v; want %v", i+1, first, err, want)
			}
		}
		if m, _ := tx.MailByID(id); m.Bounced == nil || !m.Bounced.Equal(t0) {
			t.Errorf("bounced at %v, want %v", m.Bounced, t0)
		}
		if _, err := tx.MailByID(id + 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("a mail that is not there: %v, want ErrNotFound", err)
		}
		return nil
	})
}
