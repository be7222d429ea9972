package embedded

import (
	"errors"
	"golang.org/x/crypto/bcrypt"
	"strings"
	"testing"

	"github.com/emersion/go-smtp"
)

func TestSMTPDeliversLocalMailToTheOwnersInbox(t *testing.T) {
	s := startServer(t, t.TempDir())
	tests := []struct {
		name  string
		rcpt  string
		login string // whose INBOX receives it
	}{
		{"plain address", "alice@localhost", "alice@localhost"},
		{"plus tag goes to the part before +", "pbem+1-abc@localhost", "pbem@localhost"},
		{"address case does not matter", "Bob@LOCALHOST", "bob"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := fixture(t, "move.eml")
			if err := sendSMTP(s, "sender@localhost", []string{tt.rcpt}, msg); err != nil {
				t.Fatalf("sending to %s: %v", tt.rcpt, err)
			}
			c := dialIMAP(t, s, tt.login, nil)
			_, msgs := fetchAll(t, c, "INBOX")
			if len(msgs) != 1 {
				t.Fatalf("INBOX of %s holds %d messages, want 1", tt.login, len(msgs))
			}
			if m := missing(msgs[0].Body, string(msg), "Delivered-To: "+tt.rcpt+"\r\n", "Return-Path: <sender@localhost>\r\n"); m != nil {
				t.Errorf("delivered message lacks %q:\n%s", m, msgs[0].Body)
			}
		})
	}
}

func TestSMTPRefusesWhatItCannotDeliver(t *testing.T) {
	s := startServer(t, t.TempDir())
	tests := []struct {
		name     string
		rcpt     string
		code     int
		enhanced smtp.EnhancedCode
		text     string
	}{
		{"foreign domain is not relayed", "carol@example.org", 550, smtp.EnhancedCode{5, 7, 1}, "Relaying denied"},
		{"local part that cannot be a user", "bad/name@localhost", 550, smtp.EnhancedCode{5, 1, 3}, `contains '/'`},
		{"empty user before the plus tag", "+tag@localhost", 550, smtp.EnhancedCode{5, 1, 3}, "is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := sendSMTP(s, "sender@localhost", []string{tt.rcpt}, fixture(t, "move.eml"))
			var smtpErr *smtp.SMTPError
			if !errors.As(err, &smtpErr) {
				t.Fatalf("sending to %s: got %v, want an SMTP error", tt.rcpt, err)
			}
			if smtpErr.Code != tt.code || smtpErr.EnhancedCode != tt.enhanced || !strings.Contains(smtpErr.Message, tt.text) {
				t.Errorf("sending to %s: got %d %v %q, want %d %v containing %q",
					tt.rcpt, smtpErr.Code, smtpErr.EnhancedCode, smtpErr.Message, tt.code, tt.enhanced, tt.text)
			}
		})
	}
}

func TestSMTPRequiresAuthOffLoopback(t *testing.T) {
	st, err := openStore(t.TempDir(), discardLogger())
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := Config{Dir: t.TempDir()}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	b := &smtpBackend{store: st, accounts: newAccounts(cfg.Dir, bcrypt.MinCost), cfg: cfg, log: discardLogger()}
	tests := []struct {
		name     string
		loopback bool
		authUser string
		want     error
	}{
		{"loopback without AUTH", true, "", nil},
		{"remote without AUTH", false, "", smtp.ErrAuthRequired},
		{"remote after AUTH", false, "alice", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess := &smtpSession{backend: b, loopback: tt.loopback, authUser: tt.authUser}
			if err := sess.Mail("alice@localhost", nil); err != tt.want {
				t.Errorf("MAIL FROM: got %v, want %v", err, tt.want)
			}
		})
	}
}
