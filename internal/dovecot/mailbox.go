package dovecot

import (
	"net"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Dial logs a user in over the plain listener. The connection is closed
// when the test ends.
func (s *Server) Dial(tb testing.TB, user string) *imapclient.Client {
	tb.Helper()
	return s.DialWith(tb, user, nil)
}

// DialWith is Dial with a handler of what the server tells unasked.
func (s *Server) DialWith(tb testing.TB, user string, unilateral *imapclient.UnilateralDataHandler) *imapclient.Client {
	tb.Helper()
	c := s.loginWith(tb, user, unilateral)
	tb.Cleanup(func() { c.Close() })
	return c
}

func (s *Server) login(tb testing.TB, user string) *imapclient.Client {
	tb.Helper()
	return s.loginWith(tb, user, nil)
}

func (s *Server) loginWith(tb testing.TB, user string, unilateral *imapclient.UnilateralDataHandler) *imapclient.Client {
	tb.Helper()
	c, err := imapclient.DialInsecure(s.Addr, &imapclient.Options{
		Dialer:                &net.Dialer{Timeout: 5 * time.Second},
		UnilateralDataHandler: unilateral,
	})
	if err != nil {
		tb.Fatalf("dovecot: dial %s: %v", s.Addr, err)
	}
	if err := c.Login(user, s.users[user]).Wait(); err != nil {
		c.Close()
		tb.Fatalf("dovecot: login %s: %v", user, err)
	}
	return c
}

// hangUp logs out and closes a connection of the helpers.
func hangUp(c *imapclient.Client) {
	c.Logout().Wait()
	c.Close()
}

// Append puts a mail into a user's mailbox, as a mail server delivering it
// would, and returns its place.
func (s *Server) Append(tb testing.TB, user, mailbox string, raw []byte) (uidValidity uint32, uid uint32) {
	tb.Helper()
	c := s.login(tb, user)
	defer hangUp(c)
	cmd := c.Append(mailbox, int64(len(raw)), nil)
	if _, err := cmd.Write(raw); err != nil {
		tb.Fatalf("dovecot: append to %s: %v", mailbox, err)
	}
	if err := cmd.Close(); err != nil {
		tb.Fatalf("dovecot: append to %s: %v", mailbox, err)
	}
	data, err := cmd.Wait()
	if err != nil {
		tb.Fatalf("dovecot: append to %s: %v", mailbox, err)
	}
	return data.UIDValidity, uint32(data.UID)
}

// Message is a mail as it lies in a mailbox.
type Message struct {
	UID   uint32
	Flags []imap.Flag
	Raw   []byte
}

// Seen reports whether the message has the \Seen flag.
func (m Message) Seen() bool {
	for _, f := range m.Flags {
		if f == imap.FlagSeen {
			return true
		}
	}
	return false
}

// Messages lists a user's mailbox in UID order, without changing it. A
// mailbox that does not exist lists as nil.
func (s *Server) Messages(tb testing.TB, user, mailbox string) []Message {
	tb.Helper()
	c := s.login(tb, user)
	defer hangUp(c)
	found, err := c.List("", mailbox, nil).Collect()
	if err != nil {
		tb.Fatalf("dovecot: list %s: %v", mailbox, err)
	}
	if len(found) == 0 {
		return nil
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		tb.Fatalf("dovecot: examine %s: %v", mailbox, err)
	}
	if sel.NumMessages == 0 {
		return []Message{}
	}
	var all imap.SeqSet
	all.AddRange(1, 0) // 1:*
	bufs, err := c.Fetch(all, &imap.FetchOptions{
		UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}},
	}).Collect()
	if err != nil {
		tb.Fatalf("dovecot: fetch %s: %v", mailbox, err)
	}
	out := make([]Message, 0, len(bufs))
	for _, b := range bufs {
		m := Message{UID: uint32(b.UID), Flags: b.Flags}
		if len(b.BodySection) > 0 {
			m.Raw = b.BodySection[0].Bytes
		}
		out = append(out, m)
	}
	return out
}
