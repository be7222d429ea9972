package mailer

import (
	"testing"

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
