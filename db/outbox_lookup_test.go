package db

import (
	"errors"
	"testing"
)

func TestMailByMessageID(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		for _, id := range []string{"pbem.1-a.01@example.org", "pbem.1-b.02@example.org"} {
			if _, err := tx.Queue(Mail{MessageID: id, To: "bob@example.org", Subject: "s", Body: "body of " + id, Created: t0}); err != nil {
				return err
			}
		}
		m, err := tx.MailByMessageID("pbem.1-b.02@example.org")
		if err != nil {
			return err
		}
		if m.Body != "body of pbem.1-b.02@example.org" || m.To != "bob@example.org" {
			t.Errorf("found %+v, want the second mail", m)
		}
		if _, err := tx.MailByMessageID("pbem.1-c.03@example.org"); !errors.Is(err, ErrNotFound) {
			t.Errorf("an unknown id: %v, want ErrNotFound", err)
		}
		return nil
	})
}
