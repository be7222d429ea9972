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
)

const testPassword = "correct horse"

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

// startServer runs a server on free ports over dir until the test ends.
func startServer(t *testing.T, dir string) *Server {
	t.Helper()
	logs := &syncBuffer{}
	s, err := Start(context.Background(), Config{
		Dir:      dir,
		Password: testPassword,
		Logger:   slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if t.Failed() {
			t.Logf("server logs:\n%s", logs.String())
		}
	})
	return s
}

// dialIMAP logs in as login; the connection closes when the test ends.
func dialIMAP(t *testing.T, s *Server, login string, opts *imapclient.Options) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAPAddr(), opts)
	if err != nil {
		t.Fatalf("dialing IMAP: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Login(login, testPassword).Wait(); err != nil {
		t.Fatalf("IMAP login as %s: %v", login, err)
	}
	return c
}

// sendSMTP submits msg without AUTH, as a local client may.
func sendSMTP(s *Server, from string, to []string, msg []byte) error {
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
