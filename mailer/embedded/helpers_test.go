package embedded

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
	"golang.org/x/crypto/bcrypt"
)

// syncBuffer collects a server's logs; they are shown when a test fails.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testServer is a running server and the passwords of the accounts the
// test has made, by user name.
type testServer struct {
	*Server
	dir  string
	logs *syncBuffer

	mu        sync.Mutex
	passwords map[string]string
}

// startServer runs a server on free ports over dir until the test ends.
func startServer(t *testing.T, dir string) *testServer {
	t.Helper()
	return startServerWith(t, Config{Dir: dir})
}

// startServerWith runs a server with cfg, on free ports, logging to the
// test and keeping the passwords of the accounts it makes on first use.
func startServerWith(t *testing.T, cfg Config) *testServer {
	t.Helper()
	ts := &testServer{dir: cfg.Dir, logs: &syncBuffer{}, passwords: make(map[string]string)}
	if cfg.hashCost == 0 {
		cfg.hashCost = bcrypt.MinCost
	}
	cfg.Logger = slog.New(slog.NewTextHandler(ts.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	onNew := cfg.OnNewAccount
	cfg.OnNewAccount = func(address, password string) {
		name, _, _ := strings.Cut(address, "@")
		ts.mu.Lock()
		ts.passwords[name] = password
		ts.mu.Unlock()
		if onNew != nil {
			onNew(address, password)
		}
	}
	s, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	ts.Server = s
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if t.Failed() {
			t.Logf("server logs:\n%s", ts.logs.String())
		}
	})
	return ts
}

// password is login's password, from the server's first-use announcement
// or else made with NewPassword.
func (s *testServer) password(t *testing.T, login string) string {
	t.Helper()
	name, err := loginUser(login, DefaultDomain)
	if err != nil {
		t.Fatalf("login %q: %v", login, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if pw, ok := s.passwords[name]; ok {
		return pw
	}
	// What NewPassword does, at the tests' bcrypt cost.
	pw, err := newAccounts(s.dir, bcrypt.MinCost).reset(name)
	if err != nil {
		t.Fatalf("a new password for %s: %v", login, err)
	}
	s.passwords[name] = pw
	return pw
}

// dialIMAP logs in as login with its own password; the connection closes
// when the test ends.
func dialIMAP(t *testing.T, s *testServer, login string, opts *imapclient.Options) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAPAddr(), opts)
	if err != nil {
		t.Fatalf("dialing IMAP: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(login, s.password(t, login)).Wait(); err != nil {
		t.Fatalf("IMAP login as %s: %v", login, err)
	}
	return c
}

// sendSMTP submits msg without AUTH, as a local client may.
func sendSMTP(s *testServer, from string, to []string, msg []byte) error {
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Hello("client.localhost"); err != nil {
		return err
	}
	if err := c.SendMail(from, to, bytes.NewReader(msg)); err != nil {
		return err
	}
	return c.Quit()
}

// fixture reads testdata/mail/<name>.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "mail", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// appendMsg APPENDs body to mailbox and returns its UID.
func appendMsg(t *testing.T, c *imapclient.Client, mailbox string, body []byte, flags ...imap.Flag) imap.UID {
	t.Helper()
	cmd := c.Append(mailbox, int64(len(body)), &imap.AppendOptions{Flags: flags})
	if _, err := cmd.Write(body); err != nil {
		t.Fatalf("APPEND write: %v", err)
	}
	if err := cmd.Close(); err != nil {
		t.Fatalf("APPEND close: %v", err)
	}
	data, err := cmd.Wait()
	if err != nil {
		t.Fatalf("APPEND to %s: %v", mailbox, err)
	}
	return data.UID
}

// message is what a test compares of a stored message.
type message struct {
	UID   imap.UID
	Flags []imap.Flag
	Body  string
}

var peekAll = &imap.FetchItemBodySection{Peek: true}

// fetchAll selects mailbox and returns every message with its flags and
// body, read with BODY.PEEK[].
func fetchAll(t *testing.T, c *imapclient.Client, mailbox string) (*imap.SelectData, []message) {
	t.Helper()
	sel, err := c.Select(mailbox, nil).Wait()
	if err != nil {
		t.Fatalf("SELECT %s: %v", mailbox, err)
	}
	if sel.NumMessages == 0 {
		return sel, nil
	}
	bufs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: 0}}, &imap.FetchOptions{
		UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{peekAll},
	}).Collect()
	if err != nil {
		t.Fatalf("FETCH in %s: %v", mailbox, err)
	}
	msgs := make([]message, len(bufs))
	for i, b := range bufs {
		flags := slices.Clone(b.Flags)
		slices.Sort(flags)
		msgs[i] = message{UID: b.UID, Flags: flags, Body: string(b.FindBodySection(peekAll))}
	}
	return sel, msgs
}

// uids lists the UIDs of msgs.
func uids(msgs []message) []imap.UID {
	l := make([]imap.UID, len(msgs))
	for i, m := range msgs {
		l[i] = m.UID
	}
	return l
}

// missing lists the subs that s does not contain.
func missing(s string, subs ...string) []string {
	var l []string
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			l = append(l, sub)
		}
	}
	return l
}

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }
