package main

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/fakeclock"
	"pbem/internal/mailtest"
	"pbem/internal/smtptest"
	"pbem/mailer"
)

// The daemon tests run `pbem serve` against a private Dovecot, whose
// INBOX of user pbem is the service's mailbox, and an in-process SMTP
// server that takes everything the service sends. Players put their mail
// straight into that INBOX (IMAP APPEND), as their providers would deliver
// it, and read the service's mail off the SMTP server.

// serviceAddress is the service's address in the daemon tests.
const serviceAddress = "pbem@example.org"

// mailWait is how long a test waits for one mail from the daemon.
const mailWait = time.Minute

// newFakeClock is the daemon tests' clock, which the test moves: it
// starts on a Sunday morning in November 2026.
func newFakeClock() *fakeclock.Clock {
	return fakeclock.New(time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC))
}

// rig is the service's two mail servers, its data folder and, once
// started, the daemon.
type rig struct {
	t    testing.TB
	imap *dovecot.Server
	smtp *smtptest.Server
	data string
	out  *outbound
	d    *daemon
	// clock, when set, is the daemon's clock and the time mail is
	// delivered at.
	clock *fakeclock.Clock
	conn  *imapclient.Client // delivers the players' mail
}

// newRig starts the mail servers: Dovecot as imap says, and SMTP. With a
// clock the daemon runs on it.
func newRig(t testing.TB, imap dovecot.Config, clock *fakeclock.Clock) *rig {
	t.Helper()
	r := &rig{t: t, imap: dovecot.New(t, imap), smtp: smtptest.New(t, smtptest.Options{}),
		data: filepath.Join(t.TempDir(), "data"), clock: clock}
	r.out = &outbound{srv: r.smtp}
	return r
}

// args are the flags of `pbem serve` for this rig, then extra.
func (r *rig) args(extra ...string) []string {
	return append([]string{"--imap", r.imap.URL("imap", dovecot.User, "INBOX"), "--smtp", "smtp://" + r.smtp.Addr,
		"--address", serviceAddress, "--data", r.data, "--poll", "1s", "--log", "info"}, extra...)
}

// start runs the daemon in the test's process, on the rig's clock, with
// hooks (when set) run on its configuration. Its log is shown when the
// test fails.
func (r *rig) start(hooks func(*serveConfig), extra ...string) {
	r.t.Helper()
	r.d = startServeWith(r.t, func(c *serveConfig) {
		if r.clock != nil {
			c.now = r.clock.Now
		}
		if hooks != nil {
			hooks(c)
		}
	}, r.args(extra...)...)
	d := r.d
	r.t.Cleanup(func() {
		if r.t.Failed() {
			r.t.Logf("pbem serve log:\n%s", d.stderr)
		}
	})
}

// deliver puts a mail into the service's INBOX as a provider would, with
// the rig's time as its arrival (INTERNALDATE).
func (r *rig) deliver(raw []byte) {
	r.t.Helper()
	at := time.Now()
	if r.clock != nil {
		at = r.clock.Now()
	}
	if r.conn == nil {
		r.conn = r.imap.Dial(r.t, dovecot.User)
	}
	if err := appendOne(r.conn, raw, at); err != nil {
		// The server may have restarted since: once more, afresh.
		r.conn.Close()
		r.conn = r.imap.Dial(r.t, dovecot.User)
		if err := appendOne(r.conn, raw, at); err != nil {
			r.t.Fatalf("deliver a mail to the service: %v", err)
		}
	}
}

// player is a simulated player: a mail client that sends by APPEND to the
// service's INBOX and reads, in order, the mail the service sent it.
type player struct {
	r    *rig
	addr string
	n    int // mails sent, for Message-IDs
	read int // the index in r.out.all after the last mail this player read
	// last is the latest mail read about each game.
	last map[int64]sentMail
}

func (r *rig) player(addr string) *player {
	return &player{r: r, addr: addr, last: map[int64]sentMail{}}
}

// send delivers a mail from the player to the service's INBOX and returns
// its Message-ID.
func (p *player) send(to, subject, inReplyTo, body string) string {
	p.r.t.Helper()
	p.n++
	id := fmt.Sprintf("%d.%s", p.n, p.addr)
	p.r.deliver(mailtest.Compose(p.addr, to, subject, id, inReplyTo, body))
	return id
}

// reply answers m as a mail client does: to its Reply-To, with
// In-Reply-To. It returns the Message-ID used.
func (p *player) reply(m sentMail, body string) string {
	p.r.t.Helper()
	if m.ReplyTo == "" {
		p.r.t.Fatalf("%s: the mail %q has no Reply-To", p.addr, m.Subject)
	}
	return p.send(m.ReplyTo, "Re: "+m.Subject, m.MessageID, body)
}

// next waits for the next mail the service sent the player and reads it.
func (p *player) next(what string) sentMail {
	p.r.t.Helper()
	m := p.r.out.wait(p.r.t, what+" for "+p.addr, func(all []sentMail) (sentMail, bool) {
		for i := p.read; i < len(all); i++ {
			if all[i].To == p.addr {
				p.read = i + 1
				return all[i], true
			}
		}
		return sentMail{}, false
	})
	if id := gameOf(m); id != 0 {
		p.last[id] = m
	}
	return m
}

// answer waits for the player's next mail and checks that it answers the
// mail with Message-ID id and says every one of texts.
func (p *player) answer(id string, texts ...string) sentMail {
	p.r.t.Helper()
	m := p.next("the answer to " + id)
	if m.InReplyTo != id {
		p.r.t.Fatalf("%s: the next mail %q answers %q, want %q:\n%s", p.addr, m.Subject, m.InReplyTo, id, m.Text)
	}
	mustSay(p.r.t, m, texts...)
	return m
}

// mustSay fails unless the mail's subject or text has every one of texts;
// line breaks in the text count as spaces, since it is wrapped.
func mustSay(t testing.TB, m sentMail, texts ...string) {
	t.Helper()
	flat := strings.Join(strings.Fields(m.Text), " ")
	for _, s := range texts {
		if !strings.Contains(flat, s) && !strings.Contains(m.Subject, s) {
			t.Fatalf("mail to %s %q lacks %q:\n%s", m.To, m.Subject, s, m.Text)
		}
	}
}

var gameSubject = regexp.MustCompile(`^\[pbem (\d+)\]`)

// gameOf is the game a mail is about, from its subject; 0 for none.
func gameOf(m sentMail) int64 {
	if s := gameSubject.FindStringSubmatch(m.Subject); s != nil {
		id, _ := strconv.ParseInt(s[1], 10, 64)
		return id
	}
	return 0
}

// sentMail is a mail the daemon sent, as the SMTP server took it.
type sentMail struct {
	*mailer.Parsed
	To       string // the envelope recipient
	Received time.Time
}

// outbound is the mail the SMTP server took, each parsed once.
type outbound struct {
	srv *smtptest.Server
	all []sentMail
}

// update parses the mail that came since the last look.
func (o *outbound) update(tb testing.TB) []sentMail {
	tb.Helper()
	for _, m := range o.srv.Since(len(o.all)) {
		p, err := mailer.Parse(m.Data)
		if err != nil {
			tb.Fatalf("the daemon sent a mail that does not parse: %v\n%s", err, m.Data)
		}
		if len(m.To) != 1 {
			tb.Fatalf("the daemon sent a mail to %d recipients, want 1 each: %v", len(m.To), m.To)
		}
		o.all = append(o.all, sentMail{Parsed: p, To: m.To[0], Received: m.Received})
	}
	return o.all
}

// wait waits until find finds its mail among all that came.
func (o *outbound) wait(tb testing.TB, what string, find func(all []sentMail) (sentMail, bool)) sentMail {
	tb.Helper()
	deadline := time.Now().Add(mailWait)
	for {
		n := len(o.update(tb))
		if m, ok := find(o.all); ok {
			return m
		}
		if left := time.Until(deadline); left <= 0 || !o.srv.WaitMore(n, left) {
			tb.Fatalf("no %s within %v", what, mailWait)
		}
	}
}

// invite has inviter start a game with invitee and the invitee accept; it
// returns the game's id once both have read the start.
func invite(t testing.TB, inviter, invitee *player, game, options string) int64 {
	t.Helper()
	id := inviter.send(serviceAddress, "a game?", "", fmt.Sprintf("new %s with %s %s", game, invitee.addr, options))
	inviter.answer(id, "is set up")
	inv := invitee.next("the invitation")
	mustSay(t, inv, "invites you", "accept")
	g := gameOf(inv)
	if g == 0 {
		t.Fatalf("the invitation's subject %q names no game", inv.Subject)
	}
	invitee.answer(invitee.reply(inv, "accept"), "Everyone has accepted")
	mustSay(t, inviter.next("the start"), fmt.Sprintf("Everyone has accepted game %d", g), "your move")
	return g
}

// waitFiled waits until the service's INBOX is empty and its Processed and
// Rejected folders hold the given numbers of mails, every one \Seen.
func (r *rig) waitFiled(processed, rejected int) {
	r.t.Helper()
	deadline := time.Now().Add(mailWait)
	for {
		inbox := r.imap.Messages(r.t, dovecot.User, "INBOX")
		p := r.imap.Messages(r.t, dovecot.User, "Processed")
		rj := r.imap.Messages(r.t, dovecot.User, "Rejected")
		if len(inbox) == 0 && len(p) == processed && len(rj) == rejected {
			for _, m := range append(p, rj...) {
				if !m.Seen() {
					r.t.Fatalf("a filed mail is not \\Seen:\n%s", m.Raw)
				}
			}
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("mailboxes: INBOX %d, Processed %d, Rejected %d; want 0, %d, %d",
				len(inbox), len(p), len(rj), processed, rejected)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// view reads the daemon's store (while it runs, or after it stopped).
func (r *rig) view(fn func(tx *db.Tx) error) {
	r.t.Helper()
	viewStore(r.t, r.data, fn)
}

func viewStore(t testing.TB, data string, fn func(tx *db.Tx) error) {
	t.Helper()
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(data, "pbem.db"))
	if err != nil {
		t.Fatalf("open the daemon's store: %v", err)
	}
	defer store.Close()
	if err := store.View(ctx, fn); err != nil {
		t.Fatalf("read the daemon's store: %v", err)
	}
}

// appendAll delivers raw mails to the service's INBOX over one IMAP
// connection, in order, and returns when each APPEND was started.
func appendAll(tb testing.TB, srv *dovecot.Server, raws [][]byte) []time.Time {
	tb.Helper()
	c := srv.Dial(tb, dovecot.User)
	defer func() {
		c.Logout().Wait()
		c.Close()
	}()
	at, err := appendEach(c, raws)
	if err != nil {
		tb.Fatal(err)
	}
	return at
}

// appendEach appends raw mails to INBOX in order and returns when each
// APPEND was started.
func appendEach(c *imapclient.Client, raws [][]byte) ([]time.Time, error) {
	at := make([]time.Time, len(raws))
	for i, raw := range raws {
		at[i] = time.Now()
		if err := appendOne(c, raw, at[i]); err != nil {
			return nil, fmt.Errorf("append mail %d: %w", i, err)
		}
	}
	return at, nil
}

// appendOne appends a mail to INBOX, received at the given time.
func appendOne(c *imapclient.Client, raw []byte, received time.Time) error {
	cmd := c.Append("INBOX", int64(len(raw)), &imap.AppendOptions{Time: received})
	if _, err := cmd.Write(raw); err != nil {
		return err
	}
	if err := cmd.Close(); err != nil {
		return err
	}
	_, err := cmd.Wait()
	return err
}
