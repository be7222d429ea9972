package mailer

import (
	"fmt"
	"testing"

	"pbem/db"
	"pbem/internal/smtptest"
)

// TestSenderUsesEachMailsEnvelopeSender checks the MAIL FROM of every mail:
// its own envelope sender when it has one, else the service's address;
// the From header is the service's address either way.
func TestSenderUsesEachMailsEnvelopeSender(t *testing.T) {
	tests := []struct {
		name     string
		envelope string // the mail's EnvelopeFrom
		mailFrom string // the MAIL FROM the server must see
	}{
		{"own envelope sender", "pbem+bounce-1-abcdefghijklmnop@example.org", "pbem+bounce-1-abcdefghijklmnop@example.org"},
		{"another mail's own", "pbem+bounce-2-qrstuvwxyz234567@example.org", "pbem+bounce-2-qrstuvwxyz234567@example.org"},
		{"none: the service's address", "", serviceAddress},
	}
	srv := smtptest.New(t, smtptest.Options{})
	store := openStore(t)
	want := map[string]string{} // by recipient
	var ids []int64
	for i, tc := range tests {
		m := simpleMail(i+1, "p"+string(rune('a'+i))+"@example.org")
		m.EnvelopeFrom = tc.envelope
		want[m.To] = tc.mailFrom
		ids = append(ids, queue(t, store, m)...)
	}
	start(t, newSender(t, testSender(t, "smtp://"+srv.Addr, store)).Run)
	waitSent(t, store, ids...)
	got := srv.Mails()
	if len(got) != len(tests) {
		t.Fatalf("server received %d mails, want %d", len(got), len(tests))
	}
	for _, m := range got {
		if len(m.To) != 1 {
			t.Fatalf("a mail to %v, want one recipient", m.To)
		}
		if m.From != want[m.To[0]] {
			t.Errorf("mail to %s: MAIL FROM %q, want %q", m.To[0], m.From, want[m.To[0]])
		}
		if p, err := Parse(m.Data); err != nil || p.From != serviceAddress {
			t.Errorf("mail to %s: From header %v, %v; want the service's address", m.To[0], p, err)
		}
	}
}

// TestSenderFallsBackWhenTheServerRefusesOwnEnvelopeSenders has a server
// that takes mail only from the account's own address (a 553 to MAIL FROM
// of any other): each mail still goes, from the service's address, and
// none is failed or bounced for it.
func TestSenderFallsBackWhenTheServerRefusesOwnEnvelopeSenders(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	srv.OnMail(func(from string) error {
		if from != serviceAddress {
			return smtptest.Reply(553, "5.7.1 Sender address rejected: not owned by user")
		}
		return nil
	})
	store := openStore(t)
	var ids []int64
	for i, to := range []string{"alice@example.org", "bob@example.org"} {
		m := simpleMail(i+1, to)
		m.EnvelopeFrom = fmt.Sprintf("pbem+bounce-%d-abcdefghijklmnop@example.org", i+1)
		ids = append(ids, queue(t, store, m)...)
	}
	cfg := testSender(t, "smtp://"+srv.Addr, store)
	cfg.OnFail = func(_ *db.Tx, m db.Mail, reason string) error {
		t.Errorf("mail to %s failed: %s", m.To, reason)
		return nil
	}
	start(t, newSender(t, cfg).Run)
	waitSent(t, store, ids...)
	got := srv.Mails()
	if len(got) != 2 {
		t.Fatalf("server received %d mails, want 2", len(got))
	}
	for _, m := range got {
		if m.From != serviceAddress {
			t.Errorf("mail to %v: MAIL FROM %q, want %q", m.To, m.From, serviceAddress)
		}
	}
}
