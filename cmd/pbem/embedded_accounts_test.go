package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"pbem/internal/mailtest"
	"pbem/mailer"
)

// These tests attack `pbem serve` with its embedded mail server the way a
// player on the same machine could: logging in as someone else, sending
// huge messages, making accounts in bulk.

// startEmbeddedServe runs pbem serve on a fresh data folder with the
// embedded server on free ports.
func startEmbeddedServe(t *testing.T) (*daemon, embeddedMail, string) {
	t.Helper()
	data := filepath.Join(t.TempDir(), "data")
	d := startServe(t, "--data", data, "--imap-port", "0", "--smtp-port", "0", "--poll", "200ms", "--log", "warn")
	return d, d.embedded(t), data
}

// imapLogin logs in over IMAP and hangs up.
func imapLogin(addr, user, password string) error {
	c, err := imapclient.DialInsecure(addr, &imapclient.Options{Dialer: &net.Dialer{Timeout: 10 * time.Second}})
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Login(user, password).Wait()
}

// smtpLogin logs in over SMTP with AUTH PLAIN and hangs up.
func smtpLogin(addr, user, password string) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Auth(sasl.NewPlainClient("", user, password))
}

func TestEmbeddedPlayerCannotLogInAsAnotherPlayerOrTheService(t *testing.T) {
	_, mail, _ := startEmbeddedServe(t)
	alice := &client{t: t, mail: mail, addr: "alice@localhost"}
	bob := &client{t: t, mail: mail, addr: "bob@localhost"}
	id := alice.send("pbem@localhost", "a game?", "", "new pente with bob@localhost tournament=off")
	mailtest.Wait(t, 20*time.Second, "alice's confirmation", func() *mailer.Parsed { return mailtest.ReplyTo(alice.inbox(), id) })
	// Bob's INBOX now holds his invitation, with his reply key.
	bob.latest("invitation")

	for _, try := range []struct {
		name  string
		login func(addr, user, password string) error
		addr  string
	}{
		{"IMAP", imapLogin, mail.imapAddr},
		{"SMTP AUTH", smtpLogin, mail.smtpAddr},
	} {
		for _, user := range []string{"bob@localhost", "bob", "pbem@localhost", "pbem", "pbem+1-x@localhost"} {
			if err := try.login(try.addr, user, alice.password); err == nil {
				t.Errorf("%s: alice's password opens %s", try.name, user)
			}
		}
		if err := try.login(try.addr, "alice@localhost", alice.password); err != nil {
			t.Errorf("%s: alice's password does not open her own account: %v", try.name, err)
		}
	}
	if alice.password == bob.password {
		t.Errorf("alice and bob were given the same password")
	}
}

// hugeMessage is the size of the attack's messages.
const hugeMessage = 99 << 20

// repeatReader is an endless message body: a header, then lines of x.
type repeatReader struct{ off int }

const repeatHead = "From: alice@localhost\r\nTo: bob@localhost\r\nSubject: big\r\n\r\n"

var repeatLine = strings.Repeat("x", 78) + "\r\n"

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if r.off < len(repeatHead) {
			k := copy(p[n:], repeatHead[r.off:])
			n, r.off = n+k, r.off+k
			continue
		}
		k := copy(p[n:], repeatLine[(r.off-len(repeatHead))%len(repeatLine):])
		n, r.off = n+k, r.off+k
	}
	return n, nil
}

func TestEmbeddedRefusesHugeMessages(t *testing.T) {
	d, mail, _ := startEmbeddedServe(t)
	alice := &client{t: t, mail: mail, addr: "alice@localhost"}
	alice.send("bob@localhost", "hello", "", "hi")
	password := d.password(t, "alice@localhost")

	// SMTP, without SIZE: the server reads the whole message and refuses it.
	for _, size := range []int64{26 << 20, hugeMessage} {
		c, err := smtp.Dial(mail.smtpAddr)
		if err != nil {
			t.Fatal(err)
		}
		err = c.Mail("alice@localhost", nil)
		if err == nil {
			err = c.Rcpt("bob@localhost", nil)
		}
		var w io.WriteCloser
		if err == nil {
			w, err = c.Data()
		}
		if err != nil {
			t.Fatalf("SMTP before DATA: %v", err)
		}
		if _, err := io.Copy(w, io.LimitReader(&repeatReader{}, size)); err != nil {
			t.Fatalf("SMTP DATA of %d MiB: writing: %v", size>>20, err)
		}
		err = w.Close()
		c.Close()
		var smtpErr *smtp.SMTPError
		if !errors.As(err, &smtpErr) || smtpErr.Code != 552 {
			t.Errorf("SMTP DATA of %d MiB: got %v, want 552, message too large", size>>20, err)
		}
	}

	// IMAP APPEND: refused before the client sends the literal.
	conn, err := net.DialTimeout("tcp", mail.imapAddr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Minute))
	r := bufio.NewReader(conn)
	answer := func(tag string) string {
		t.Helper()
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("IMAP: reading the answer to %s: %v", tag, err)
			}
			if strings.HasPrefix(line, "+") {
				// A server that asks for the literal gets it, as the attack
				// sent it.
				if _, err := io.Copy(conn, io.LimitReader(&repeatReader{}, hugeMessage)); err != nil {
					t.Fatalf("IMAP: sending the literal: %v", err)
				}
				io.WriteString(conn, "\r\n")
				continue
			}
			if strings.HasPrefix(line, tag+" ") {
				return line
			}
		}
	}
	fmt.Fprintf(conn, "a LOGIN alice@localhost %q\r\n", password)
	if line := answer("a"); !strings.HasPrefix(line, "a OK") {
		t.Fatalf("IMAP LOGIN: %q", line)
	}
	fmt.Fprintf(conn, "b APPEND INBOX {%d}\r\n", hugeMessage)
	if line := answer("b"); !strings.HasPrefix(line, "b NO [TOOBIG]") {
		t.Errorf("IMAP APPEND of 99 MiB: got %q, want NO [TOOBIG]", line)
	}
	if n := len(alice.inbox()); n != 0 {
		t.Errorf("alice's INBOX holds %d messages after the refused APPEND, want none", n)
	}
}

func TestEmbeddedOneMessageToAHundredAddressesMakesFewAccounts(t *testing.T) {
	d, mail, data := startEmbeddedServe(t)
	c, err := smtp.Dial(mail.smtpAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Mail("mallory@localhost", nil); err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for i := range 100 {
		if c.Rcpt(fmt.Sprintf("victim%d@localhost", i), nil) == nil {
			accepted++
		}
	}
	if accepted > 0 {
		w, err := c.Data()
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, "From: mallory@localhost\r\nSubject: hi\r\n\r\nhi\r\n")
		if err := w.Close(); err != nil {
			t.Fatalf("DATA to the %d accepted recipients: %v", accepted, err)
		}
	}
	c.Quit()

	// Every address that got mail has a directory under <data>/mail.
	entries, err := os.ReadDir(filepath.Join(data, "mail"))
	if err != nil {
		t.Fatal(err)
	}
	victims := 0
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "victim") {
			victims++
		}
	}
	made := len(regexp.MustCompile(`New mail account victim`).FindAllString(d.stdout.String(), -1))
	if victims > 5 || made > 5 || accepted > 20 {
		t.Errorf("one message to 100 new addresses: %d accepted, %d mailboxes and %d accounts made; want at most 20 accepted and 5 made",
			accepted, victims, made)
	}
	if made != victims {
		t.Errorf("%d accounts announced but %d mailboxes made", made, victims)
	}
}

// accountLine is what `pbem account` prints first.
var accountLine = regexp.MustCompile(`^(\S+): password (\S+)\n`)

func TestAccountCommandWhileServeRuns(t *testing.T) {
	_, mail, data := startEmbeddedServe(t)
	newPassword := func(addr string) string {
		t.Helper()
		code, out, errOut := runPbem(t, "", "account", "--data", data, addr)
		m := accountLine.FindStringSubmatch(out)
		if code != exitOK || m == nil || m[1] != "carol@localhost" {
			t.Fatalf("pbem account %s: exit %d, stdout:\n%s\nstderr:\n%s", addr, code, out, errOut)
		}
		return m[2]
	}
	first := newPassword("carol@localhost")
	if err := imapLogin(mail.imapAddr, "carol@localhost", first); err != nil {
		t.Fatalf("carol's password from pbem account: %v", err)
	}
	second := newPassword("Carol+x@localhost")
	if err := imapLogin(mail.imapAddr, "carol@localhost", second); err != nil {
		t.Errorf("carol's new password, pbem serve not restarted: %v", err)
	}
	var imapErr *imap.Error
	if err := imapLogin(mail.imapAddr, "carol@localhost", first); !errors.As(err, &imapErr) || imapErr.Code != imap.ResponseCodeAuthenticationFailed {
		t.Errorf("the replaced password: got %v, want NO [AUTHENTICATIONFAILED]", err)
	}

	code, out, errOut := runPbem(t, "", "account", "--data", data, "pbem@localhost")
	if code != exitInvalid || !strings.Contains(errOut, "the service's own account") || strings.Contains(out, "password") {
		t.Errorf("pbem account for the service: exit %d, stdout %q, stderr %q; want a refusal", code, out, errOut)
	}
	if code, _, _ := runPbem(t, "", "account", "--data", data); code != exitUsage {
		t.Errorf("pbem account without an address: exit %d, want %d", code, exitUsage)
	}
}

func TestServeRefusesTheSharedMailPasswordOfOldVersions(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	d := startServe(t, "--data", data, "--imap-port", "0", "--smtp-port", "0", "--mail-password", "known-to-all")
	select {
	case code := <-d.done:
		d.done <- code
		if code == exitOK || !strings.Contains(d.stderr.String(), "--mail-password") {
			t.Errorf("pbem serve with --mail-password: exit %d, log:\n%s", code, d.stderr)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("pbem serve with --mail-password is still running; stdout:\n%s", d.stdout)
	}
}
