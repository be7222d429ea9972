package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pbem/internal/mailtest"
	"pbem/mailer"
)

// syncBuffer is a bytes.Buffer safe for the daemon's writes and the test's
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// daemon is `pbem serve` running in the test's process.
type daemon struct {
	cancel         context.CancelFunc
	done           chan int
	stdout, stderr *syncBuffer
}

func startServe(t *testing.T, args ...string) *daemon {
	t.Helper()
	return startServeWith(t, nil, args...)
}

// startServeWith starts `pbem serve` with hooks run on its configuration
// once the flags are read (see runServeWith).
func startServeWith(t testing.TB, hooks func(*serveConfig), args ...string) *daemon {
	t.Helper()
	args = noArchive(args)
	ctx, cancel := context.WithCancel(context.Background())
	d := &daemon{cancel: cancel, done: make(chan int, 1), stdout: &syncBuffer{}, stderr: &syncBuffer{}}
	go func() {
		d.done <- runServeWith(ctx, args, d.stdout, d.stderr, hooks)
	}()
	t.Cleanup(func() { d.stop(t) })
	return d
}

// noArchive turns the web archive off unless the test chose its address:
// with the embedded default it would take port 8080, which a test must
// leave alone (tests use ports of their own).
func noArchive(args []string) []string {
	if slices.Contains(args, "--http") {
		return args
	}
	return append(slices.Clip(args), "--http", "off")
}

// stop ends the daemon as SIGTERM would and returns its exit code.
func (d *daemon) stop(t testing.TB) int {
	t.Helper()
	d.cancel()
	select {
	case code := <-d.done:
		d.done <- code // stop is idempotent
		return code
	case <-time.After(mailWait):
		t.Fatalf("pbem serve did not stop within %v; log:\n%s", mailWait, d.stderr)
		return -1
	}
}

// embeddedMail is the embedded server as the banner describes it, and the
// daemon whose stdout shows each new account's password.
type embeddedMail struct {
	imapAddr, smtpAddr string
	d                  *daemon
}

var banner = regexp.MustCompile(`IMAP  (\S+) port (\d+), user alice@localhost[^\n]*\n  SMTP  (\S+) port (\d+)`)

func (d *daemon) embedded(t testing.TB) embeddedMail {
	t.Helper()
	deadline := time.Now().Add(mailWait)
	for time.Now().Before(deadline) {
		if m := banner.FindStringSubmatch(d.stdout.String()); m != nil {
			return embeddedMail{imapAddr: m[1] + ":" + m[2], smtpAddr: m[3] + ":" + m[4], d: d}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no banner from pbem serve; stdout:\n%s\nlog:\n%s", d.stdout, d.stderr)
	return embeddedMail{}
}

// newAccount is the line pbem serve prints when the embedded server makes
// an account.
var newAccount = regexp.MustCompile(`New mail account (\S+), password (\S+) `)

// password waits until pbem serve has printed addr's password.
func (d *daemon) password(t testing.TB, addr string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, m := range newAccount.FindAllStringSubmatch(d.stdout.String(), -1) {
			if m[1] == addr {
				return m[2]
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("pbem serve printed no password for %s; stdout:\n%s", addr, d.stdout)
	return ""
}

// client is a player with a mail client on the embedded server.
type client struct {
	t        *testing.T
	mail     embeddedMail
	addr     string
	password string // what pbem serve printed when empty
	n        int
}

func (c *client) inbox() []*mailer.Parsed {
	if c.password == "" {
		c.password = c.mail.d.password(c.t, c.addr)
	}
	user, _, _ := strings.Cut(c.addr, "@")
	return mailtest.Fetch(c.t, c.mail.imapAddr, user, c.password, "INBOX")
}

// send mails the service; it returns the Message-ID used.
func (c *client) send(to, subject, inReplyTo, body string) string {
	c.n++
	id := fmt.Sprintf("%d.%s", c.n, c.addr)
	mailtest.Send(c.t, c.mail.smtpAddr, c.addr, to, mailtest.Compose(c.addr, to, subject, id, inReplyTo, body))
	return id
}

// answered sends body in reply to m (to its Reply-To) and waits for the
// service's answer.
func (c *client) answered(m *mailer.Parsed, body string) *mailer.Parsed {
	c.t.Helper()
	id := c.send(m.ReplyTo, "Re: "+m.Subject, m.MessageID, body)
	return mailtest.Wait(c.t, mailWait, "answer to "+body, func() *mailer.Parsed {
		return mailtest.ReplyTo(c.inbox(), id)
	})
}

// latest waits for the newest mail whose subject has s.
func (c *client) latest(s string) *mailer.Parsed {
	c.t.Helper()
	return mailtest.Wait(c.t, mailWait, "mail "+s, func() *mailer.Parsed {
		return mailtest.Latest(c.inbox(), s)
	})
}

// latestWith waits for the newest mail whose subject has s and whose text
// has text.
func (c *client) latestWith(s, text string) *mailer.Parsed {
	c.t.Helper()
	return mailtest.Wait(c.t, mailWait, "mail "+s+" with "+text, func() *mailer.Parsed {
		if m := mailtest.Latest(c.inbox(), s); m != nil && strings.Contains(m.Text, text) {
			return m
		}
		return nil
	})
}

// TestServeWithTheEmbeddedMailServer runs the README's command: pbem serve
// with no mail configuration, and plays a whole game through its embedded
// mail server with real SMTP and IMAP clients; then stops it as SIGTERM
// does, starts it again on the same data and finds the game there.
func TestServeWithTheEmbeddedMailServer(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	args := []string{"--data", data, "--imap-port", "0", "--smtp-port", "0", "--poll", "200ms", "--log", "warn"}
	d := startServe(t, args...)
	mail := d.embedded(t)
	alice := &client{t: t, mail: mail, addr: "alice@localhost"}
	bob := &client{t: t, mail: mail, addr: "bob@localhost"}

	id := alice.send("pbem@localhost", "a game?", "", "new pente with bob@localhost tournament=off")
	mailtest.Wait(t, mailWait, "alice's confirmation", func() *mailer.Parsed { return mailtest.ReplyTo(alice.inbox(), id) })
	inv := bob.latest("invitation")
	if got := bob.answered(inv, "accept"); !strings.Contains(got.Text, "Everyone has accepted") {
		t.Fatalf("accept answered with:\n%s", got.Text)
	}
	white := []string{"K10", "L10", "M10", "N10", "O10"}
	black := []string{"A1", "C1", "E1", "G1"}
	for i := range white {
		// The notice of bob's ply may come after his answer: wait for it.
		turn := alice.latest("your move")
		if i > 0 {
			turn = alice.latestWith("your move", "Black "+black[i-1])
		}
		got := alice.answered(turn, white[i])
		if !strings.Contains(got.Text, "You played "+white[i]) {
			t.Fatalf("alice's %s answered with:\n%s", white[i], got.Text)
		}
		if i < len(black) {
			got := bob.answered(bob.latestWith("your move", "White "+white[i]), black[i])
			if !strings.Contains(got.Text, "You played "+black[i]) {
				t.Fatalf("bob's %s answered with:\n%s", black[i], got.Text)
			}
		}
	}
	over := bob.latest("game over")
	if !strings.Contains(over.Text, "alice wins") {
		t.Errorf("bob's last mail:\n%s", over.Text)
	}
	if code := d.stop(t); code != exitOK {
		t.Fatalf("pbem serve exit %d after a stop; log:\n%s", code, d.stderr)
	}

	d2 := startServe(t, args...)
	mail2 := d2.embedded(t)
	// Accounts survive a restart: alice keeps her password, and no new one
	// is printed.
	alice2 := &client{t: t, mail: mail2, addr: "alice@localhost", password: alice.password, n: 100}
	id = alice2.send("pbem@localhost", "", "", "games")
	got := mailtest.Wait(t, mailWait, "games list", func() *mailer.Parsed { return mailtest.ReplyTo(alice2.inbox(), id) })
	if !strings.Contains(got.Text, "Pente: alice vs bob - game over, alice wins") {
		t.Errorf("games after a restart:\n%s", got.Text)
	}
	if n := len(alice2.inbox()); n < 8 {
		t.Errorf("alice's mailbox has %d mails after the restart, want every earlier one kept", n)
	}
	if out := d2.stdout.String(); newAccount.MatchString(out) {
		t.Errorf("pbem serve made accounts again after a restart:\n%s", out)
	}
}
