package db

import (
	"errors"
	"testing"
)

func TestEnvelopeSenderIsKeptAndAMailBouncesOnce(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		id, err := tx.Queue(Mail{MessageID: "m1@example.org", To: "Bob@Example.org", Subject: "s", Body: "b", Created: t0})
		if err != nil {
			return err
		}
		if m, err := tx.MailByID(id); err != nil || m.EnvelopeFrom != "" || m.Bounced != nil {
			t.Errorf("new mail: envelope %q, bounced %v, %v; want none yet", m.EnvelopeFrom, m.Bounced, err)
		}
		if err := tx.SetEnvelope(id, "pbem+bounce-1-x@example.org"); err != nil {
			return err
		}
		m, err := tx.MailByID(id)
		if err != nil || m.EnvelopeFrom != "pbem+bounce-1-x@example.org" || m.To != "bob@example.org" {
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
