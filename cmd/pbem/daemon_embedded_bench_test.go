package main

import (
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"

	"pbem/internal/mailtest"
	"pbem/mailer"
)

// arrivals watches a mailbox of the embedded server in IDLE and notes
// when each mail arrived (the server tells an IDLE client at once).
type arrivals struct {
	mu   sync.Mutex
	at   []time.Time // at[i] is when mail i+1 arrived
	news chan struct{}
}

func watchArrivals(b *testing.B, addr, user, password string) *arrivals {
	b.Helper()
	a := &arrivals{news: make(chan struct{}, 1)}
	c, err := imapclient.DialInsecure(addr, &imapclient.Options{
		Dialer: &net.Dialer{Timeout: 5 * time.Second},
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(m *imapclient.UnilateralDataMailbox) {
				if m.NumMessages != nil {
					a.note(int(*m.NumMessages))
				}
			},
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { c.Close() })
	if err := c.Login(user, password).Wait(); err != nil {
		b.Fatal(err)
	}
	sel, err := c.Select("INBOX", nil).Wait()
	if err != nil {
		b.Fatal(err)
	}
	a.note(int(sel.NumMessages))
	if _, err := c.Idle(); err != nil {
		b.Fatal(err)
	}
	return a
}

func (a *arrivals) note(n int) {
	a.mu.Lock()
	for len(a.at) < n {
		a.at = append(a.at, time.Now())
	}
	a.mu.Unlock()
	select {
	case a.news <- struct{}{}:
	default:
	}
}

func (a *arrivals) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.at)
}

// wait returns when mail n arrived.
func (a *arrivals) wait(b *testing.B, n int) time.Time {
	b.Helper()
	deadline := time.NewTimer(mailWait)
	defer deadline.Stop()
	for {
		a.mu.Lock()
		if len(a.at) >= n {
			at := a.at[n-1]
			a.mu.Unlock()
			return at
		}
		a.mu.Unlock()
		select {
		case <-a.news:
		case <-deadline.C:
			b.Fatalf("mail %d did not arrive within %v", n, mailWait)
		}
	}
}

// benchPlayer is a player on the embedded server.
type benchPlayer struct {
	addr, user, password string
	n                    int
}

func (p *benchPlayer) send(b *testing.B, mail embeddedMail, to, subject, inReplyTo, body string) string {
	b.Helper()
	p.n++
	id := fmt.Sprintf("%d.%s", p.n, p.addr)
	mailtest.Send(b, mail.smtpAddr, p.addr, to, mailtest.Compose(p.addr, to, subject, id, inReplyTo, body))
	return id
}

func (p *benchPlayer) latest(b *testing.B, mail embeddedMail, subject string) *mailer.Parsed {
	b.Helper()
	return mailtest.Wait(b, mailWait, subject+" for "+p.addr, func() *mailer.Parsed {
		return mailtest.Latest(mailtest.Fetch(b, mail.imapAddr, p.user, p.password, "INBOX"), subject)
	})
}

// lonePlies are plies two players can make one after the other without
// a capture or a row of five: the centre, then points two apart, far from
// each other's.
func lonePlies(n int) (white, black []string) {
	cols := []string{"A", "C", "E", "G", "J", "L", "N", "P", "R", "T"}
	white = []string{"K10"}
	for _, row := range []int{19, 17, 15, 13} {
		for _, c := range cols {
			white = append(white, fmt.Sprintf("%s%d", c, row))
		}
	}
	for _, row := range []int{1, 3, 5, 7} {
		for _, c := range cols {
			black = append(black, fmt.Sprintf("%s%d", c, row))
		}
	}
	return white[:min(n, len(white))], black[:min(n, len(black))]
}

// BenchmarkDaemonEmbeddedLoneMove is a lone move on a quiet service with
// its embedded mail server: each move is sent by SMTP once the last was
// answered and every mail about it had arrived, and its latency runs from
// the start of the SMTP send to the reply's arrival in the mover's
// mailbox (seen in IDLE, which the embedded server reports at once). The
// players take turns, so b.N is at most 80.
func BenchmarkDaemonEmbeddedLoneMove(b *testing.B) {
	if b.N > 80 {
		b.Skipf("b.N = %d: at most 80 moves in one game", b.N)
	}
	data := filepath.Join(b.TempDir(), "data")
	d := startServeWith(b, nil, "--data", data, "--imap-port", "0", "--smtp-port", "0", "--log", "warn", "--http", "off")
	mail := d.embedded(b)
	alice := &benchPlayer{addr: "alice@localhost", user: "alice"}
	bob := &benchPlayer{addr: "bob@localhost", user: "bob"}
	alice.send(b, mail, "pbem@localhost", "a game?", "", "new pente with bob@localhost tournament=off")
	alice.password, bob.password = d.password(b, alice.addr), d.password(b, bob.addr)
	inv := bob.latest(b, mail, "invitation")
	bob.send(b, mail, inv.ReplyTo, "Re: "+inv.Subject, inv.MessageID, "accept")
	turn := alice.latest(b, mail, "your move")
	watch := map[*benchPlayer]*arrivals{
		alice: watchArrivals(b, mail.imapAddr, alice.user, alice.password),
		bob:   watchArrivals(b, mail.imapAddr, bob.user, bob.password),
	}
	white, black := lonePlies((b.N + 1) / 2)
	sent, answered := make([]time.Time, b.N), make([]time.Time, b.N)
	b.ResetTimer()
	for i := range b.N {
		mover, other, ply := alice, bob, ""
		if i%2 == 0 {
			ply = white[i/2]
		} else {
			mover, other, ply = bob, alice, black[i/2]
		}
		mine, theirs := watch[mover].count(), watch[other].count()
		sent[i] = time.Now()
		mover.send(b, mail, turn.ReplyTo, "Re: "+turn.Subject, turn.MessageID, ply)
		answered[i] = watch[mover].wait(b, mine+1)
		watch[other].wait(b, theirs+1)
		b.StopTimer()
		turn = other.latest(b, mail, "your move")
		if !strings.Contains(turn.Text, ply) {
			b.Fatalf("%s's notice does not show %s:\n%s", other.addr, ply, turn.Text)
		}
		b.StartTimer()
	}
	b.StopTimer()
	reportLatency(b, sent, answered)
}
