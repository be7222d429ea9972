package embedded

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-smtp"
)

// filler is a message of exactly n bytes: a header, then lines of x.
type filler struct{ n, off int64 }

func newFiller(n int64) *filler { return &filler{n: n} }

const fillerHead = "From: alice@localhost\r\nTo: bob@localhost\r\nSubject: big\r\n\r\n"

var fillerLine = strings.Repeat("x", 78) + "\r\n"

func (f *filler) Read(p []byte) (int, error) {
	if f.off >= f.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), f.n-f.off)]
	n := 0
	for n < len(p) {
		o := f.off + int64(n)
		if o < int64(len(fillerHead)) {
			n += copy(p[n:], fillerHead[o:])
		} else {
			n += copy(p[n:], fillerLine[(o-int64(len(fillerHead)))%int64(len(fillerLine)):])
		}
	}
	f.off += int64(n)
	return n, nil
}

// allocated runs f and returns the bytes the process allocated meanwhile,
// freed or not: what the server held of a message shows there.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// sendFiller sends a message of n bytes over SMTP without holding it.
func sendFiller(t *testing.T, s *testServer, n int64) error {
	t.Helper()
	c := dialSMTP(t, s, "", "")
	if err := c.Mail("alice@localhost", nil); err != nil {
		return err
	}
	if err := c.Rcpt("bob@localhost", nil); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, newFiller(n)); err != nil {
		return err
	}
	return w.Close()
}

// appendFiller APPENDs a message of n bytes to bob's INBOX.
func appendFiller(t *testing.T, s *testServer, n int64) error {
	t.Helper()
	c := dialIMAP(t, s, "bob", nil)
	cmd := c.Append("INBOX", n, nil)
	_, werr := io.Copy(cmd, newFiller(n))
	cerr := cmd.Close()
	_, err := cmd.Wait()
	return errors.Join(err, werr, cerr)
}

func TestMessagesOverTheSizeLimitAreRefused(t *testing.T) {
	const limit = 256 << 10
	s := startServerWith(t, Config{Dir: t.TempDir(), MaxMessageBytes: limit})
	s.password(t, "bob")
	for _, tt := range []struct {
		size int64
		ok   bool
	}{{1000, true}, {limit - 100, true}, {limit + 1, false}, {4 * limit, false}} {
		t.Run(fmt.Sprintf("SMTP DATA of %d bytes", tt.size), func(t *testing.T) {
			err := sendFiller(t, s, tt.size)
			if tt.ok {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			code, enhanced, text := smtpErr(t, err)
			if code != 552 || enhanced != (smtp.EnhancedCode{5, 3, 4}) || !strings.Contains(text, fmt.Sprintf("larger than %d bytes", limit)) {
				t.Errorf("got %d %v %q, want 552 5.3.4 naming the limit", code, enhanced, text)
			}
		})
		t.Run(fmt.Sprintf("IMAP APPEND of %d bytes", tt.size), func(t *testing.T) {
			err := appendFiller(t, s, tt.size)
			if tt.ok {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var imapErr *imap.Error
			if !errors.As(err, &imapErr) || imapErr.Code != imap.ResponseCodeTooBig {
				t.Errorf("got %v, want NO [TOOBIG]", err)
			}
		})
	}
	caps, err := dialIMAP(t, s, "bob", nil).Capability().Wait()
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := caps.AppendLimit(); !ok || got == nil || *got != limit {
		t.Errorf("APPENDLIMIT is %v (offered: %v), want %d", got, ok, limit)
	}
	if caps.Has(imap.CapLiteralPlus) {
		t.Error("LITERAL+ is offered: a client could then push a literal over the limit unasked")
	}
}

// TestHugeMessagesAreRefusedWithoutBeingHeld sends the 99 MB messages of
// the attack at the default limit. SMTP reads them and drops all past the
// limit; IMAP refuses the APPEND before the client sends a byte of it.
func TestHugeMessagesAreRefusedWithoutBeingHeld(t *testing.T) {
	const huge = 99 << 20
	s := startServer(t, t.TempDir())
	s.password(t, "bob")

	var err error
	grew := allocated(func() { err = sendFiller(t, s, huge) })
	if code, enhanced, _ := smtpErr(t, err); code != 552 || enhanced != (smtp.EnhancedCode{5, 3, 4}) {
		t.Errorf("SMTP DATA of 99 MiB: got %d %v, want 552 5.3.4", code, enhanced)
	}
	// The server keeps at most the limit (25 MiB) of it in chunks.
	if grew > DefaultMaxMessageBytes+8<<20 {
		t.Errorf("SMTP DATA of 99 MiB allocated %d MiB, want at most the 25 MiB limit and a little", grew>>20)
	}

	// A raw client, to see that the server never asks for the literal.
	conn, err := net.DialTimeout("tcp", s.IMAPAddr(), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(conn)
	readTagged := func(tag string) string {
		t.Helper()
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("reading the answer to %s: %v", tag, err)
			}
			if strings.HasPrefix(line, "+") {
				t.Fatalf("the server asked for the literal: %q", line)
			}
			if strings.HasPrefix(line, tag+" ") {
				return line
			}
		}
	}
	fmt.Fprintf(conn, "a LOGIN bob %q\r\n", s.password(t, "bob"))
	if line := readTagged("a"); !strings.HasPrefix(line, "a OK") {
		t.Fatalf("LOGIN: %q", line)
	}
	fmt.Fprintf(conn, "b APPEND INBOX {%d}\r\n", huge)
	if line := readTagged("b"); !strings.HasPrefix(line, "b NO [TOOBIG]") {
		t.Errorf("APPEND of 99 MiB: got %q, want NO [TOOBIG]", line)
	}
	// The connection goes on serving.
	fmt.Fprintf(conn, "c NOOP\r\n")
	if line := readTagged("c"); !strings.HasPrefix(line, "c OK") {
		t.Errorf("NOOP after the refused APPEND: %q", line)
	}
}

func TestRecipientsPerMessageAreLimited(t *testing.T) {
	s := startServerWith(t, Config{Dir: t.TempDir(), MaxNewAccountsPerConnection: 100})
	c := dialSMTP(t, s, "", "")
	if err := c.Mail("x@example.org", nil); err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for i := range DefaultMaxRecipients + 5 {
		err := c.Rcpt(fmt.Sprintf("p%d@localhost", i), nil)
		if err == nil {
			accepted++
			continue
		}
		if code, enhanced, _ := smtpErr(t, err); code != 452 || enhanced != (smtp.EnhancedCode{4, 5, 3}) {
			t.Errorf("recipient %d: got %d %v, want 452 4.5.3", i+1, code, enhanced)
		}
	}
	if accepted != DefaultMaxRecipients {
		t.Errorf("%d recipients accepted, want %d", accepted, DefaultMaxRecipients)
	}
}

// countAccounts is the number of accounts in the store.
func countAccounts(t *testing.T, s *testServer) int {
	t.Helper()
	st, err := newAccounts(s.dir, 0).load()
	if err != nil {
		t.Fatal(err)
	}
	return len(st.Accounts)
}

// rcptAll offers every recipient and returns the errors, one per address.
func rcptAll(c *smtp.Client, to []string) []error {
	errs := make([]error, len(to))
	for i, addr := range to {
		errs[i] = c.Rcpt(addr, nil)
	}
	return errs
}

func addresses(prefix string, n int) []string {
	l := make([]string, n)
	for i := range l {
		l[i] = fmt.Sprintf("%s%d@localhost", prefix, i)
	}
	return l
}

func TestOneConnectionMakesFewAccounts(t *testing.T) {
	s := startWithService(t, Config{MaxNewAccountsPerConnection: 3})
	c := dialSMTP(t, s, "", "")
	if err := c.Mail("x@example.org", nil); err != nil {
		t.Fatal(err)
	}
	errs := rcptAll(c, addresses("p", 10))
	for i, err := range errs {
		if i < 3 {
			if err != nil {
				t.Errorf("new recipient %d: %v", i+1, err)
			}
			continue
		}
		code, enhanced, text := smtpErr(t, err)
		if code != 452 || enhanced != (smtp.EnhancedCode{4, 5, 3}) || !strings.Contains(text, "at most 3 new accounts") {
			t.Errorf("new recipient %d: got %d %v %q, want 452 4.5.3 naming the limit", i+1, code, enhanced, text)
		}
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "Subject: hi\r\n\r\nhi\r\n")
	if err := w.Close(); err != nil {
		t.Fatalf("DATA to the accepted recipients: %v", err)
	}
	if n := countAccounts(t, s); n != 1+3 {
		t.Errorf("%d accounts after the message, want the service's and 3", n)
	}

	// The same connection: old accounts yes, new ones no.
	if err := c.Mail("x@example.org", nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("p0@localhost", nil); err != nil {
		t.Errorf("an account this connection made: %v", err)
	}
	if code, _, _ := smtpErr(t, c.Rcpt("q@localhost", nil)); code != 452 {
		t.Errorf("a fourth new account on one connection: got %d, want 452", code)
	}
	c.Reset()
	// A local sender without an account counts too.
	if code, enhanced, _ := smtpErr(t, c.Mail("newcomer@localhost", nil)); code != 451 || enhanced != (smtp.EnhancedCode{4, 7, 1}) {
		t.Errorf("a new sender past the limit: got %d %v, want 451 4.7.1", code, enhanced)
	}

	// The service's own connection is not bound by it.
	svc := dialSMTP(t, s, "pbem", servicePassword)
	if err := svc.Mail("pbem@localhost", nil); err != nil {
		t.Fatal(err)
	}
	for i, err := range rcptAll(svc, addresses("invited", 5)) {
		if err != nil {
			t.Errorf("the service's new recipient %d: %v", i+1, err)
		}
	}
}

func TestTheServerHoldsAtMostMaxAccounts(t *testing.T) {
	s := startWithService(t, Config{MaxAccounts: 4})
	// The service's account and three more.
	if err := sendSMTP(s, "x@example.org", addresses("p", 3), fixture(t, "move.eml")); err != nil {
		t.Fatal(err)
	}
	c := dialSMTP(t, s, "", "")
	if err := c.Mail("x@example.org", nil); err != nil {
		t.Fatal(err)
	}
	code, enhanced, text := smtpErr(t, c.Rcpt("late@localhost", nil))
	if code != 550 || enhanced != (smtp.EnhancedCode{5, 7, 1}) || !strings.Contains(text, "already has 4 accounts, its limit") {
		t.Errorf("a fifth account: got %d %v %q, want 550 5.7.1 naming the limit", code, enhanced, text)
	}
	if err := c.Rcpt("p1@localhost", nil); err != nil {
		t.Errorf("an existing account when the server is full: %v", err)
	}
	c.Reset()
	if code, _, _ := smtpErr(t, c.Mail("late@localhost", nil)); code != 550 {
		t.Errorf("a new local sender when the server is full: got %d, want 550", code)
	}
	if n := countAccounts(t, s); n != 4 {
		t.Errorf("%d accounts, want 4", n)
	}
	// The operator is not bound by the limit.
	if _, err := newAccounts(s.dir, 4).reset("operator-made"); err != nil {
		t.Errorf("a password set by the operator when the server is full: %v", err)
	}
}
