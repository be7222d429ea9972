package mailer

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"pbem/internal/dovecot"
)

// benchMail is a move mail of the size players send (about 1 KB, with a
// quoted board).
func benchMail(n int) []byte {
	quote := strings.Repeat("> 10  . . . . . . . . . . . . . . . . . . .  10\n", 12)
	return fmt.Appendf(nil, "From: Bob <bob@example.org>\r\nTo: pbem+tok@example.org\r\nSubject: Re: [pbem 1] your move\r\n"+
		"Message-ID: <bench%d@client.example>\r\nIn-Reply-To: <pbem.1@example.org>\r\nDate: Sun, 29 Nov 2026 10:00:00 +0000\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\nL9\r\n\r\nOn Sun, pbem wrote:\r\n%s", n, strings.ReplaceAll(quote, "\n", "\r\n"))
}

// fillMailbox makes a fresh mailbox holding n mails and selects it.
func fillMailbox(b *testing.B, srv *dovecot.Server, c *imapclient.Client, name string, n int) {
	b.Helper()
	if err := c.Create(name, nil).Wait(); err != nil {
		b.Fatalf("create %s: %v", name, err)
	}
	for i := range n {
		raw := benchMail(i)
		cmd := c.Append(name, int64(len(raw)), nil)
		cmd.Write(raw)
		cmd.Close()
		if _, err := cmd.Wait(); err != nil {
			b.Fatalf("append: %v", err)
		}
	}
	if _, err := c.Select(name, nil).Wait(); err != nil {
		b.Fatalf("select %s: %v", name, err)
	}
}

// BenchmarkIMAPFetchAndFlag is the raw rate of taking mail from Dovecot
// with a bare IMAP client on loopback: the limit any intake runs into.
//
//	one-by-one:      UID FETCH BODY.PEEK[] then UID STORE +FLAGS (\Seen), per mail
//	one-by-one+move: the same plus UID MOVE to another folder, as the intake does
//	batch:           one FETCH and one STORE for all the mails
//	batch+move:      the same plus one UID MOVE of them all
func BenchmarkIMAPFetchAndFlag(b *testing.B) {
	srv := dovecot.New(b, dovecot.Config{})
	run := 0
	peek := &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}}}
	seen := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
	modes := []struct {
		name string
		take func(b *testing.B, c *imapclient.Client)
	}{
		{"one-by-one", func(b *testing.B, c *imapclient.Client) {
			for uid := imap.UID(1); uid <= imap.UID(b.N); uid++ {
				set := imap.UIDSetNum(uid)
				if _, err := c.Fetch(set, peek).Collect(); err != nil {
					b.Fatal(err)
				}
				if err := c.Store(set, seen, nil).Close(); err != nil {
					b.Fatal(err)
				}
			}
		}},
		{"one-by-one+move", func(b *testing.B, c *imapclient.Client) {
			for uid := imap.UID(1); uid <= imap.UID(b.N); uid++ {
				set := imap.UIDSetNum(uid)
				if _, err := c.Fetch(set, peek).Collect(); err != nil {
					b.Fatal(err)
				}
				if err := c.Store(set, seen, nil).Close(); err != nil {
					b.Fatal(err)
				}
				if _, err := c.Move(set, "Done").Wait(); err != nil {
					b.Fatal(err)
				}
			}
		}},
		{"batch", func(b *testing.B, c *imapclient.Client) {
			var all imap.UIDSet
			all.AddRange(1, 0)
			fetch := c.Fetch(all, peek)
			for msg := fetch.Next(); msg != nil; msg = fetch.Next() {
				if _, err := msg.Collect(); err != nil {
					b.Fatal(err)
				}
			}
			if err := fetch.Close(); err != nil {
				b.Fatal(err)
			}
			if err := c.Store(all, seen, nil).Close(); err != nil {
				b.Fatal(err)
			}
		}},
		{"batch+move", func(b *testing.B, c *imapclient.Client) {
			var all imap.UIDSet
			all.AddRange(1, 0)
			fetch := c.Fetch(all, peek)
			for msg := fetch.Next(); msg != nil; msg = fetch.Next() {
				if _, err := msg.Collect(); err != nil {
					b.Fatal(err)
				}
			}
			if err := fetch.Close(); err != nil {
				b.Fatal(err)
			}
			if err := c.Store(all, seen, nil).Close(); err != nil {
				b.Fatal(err)
			}
			if _, err := c.Move(all, "Done").Wait(); err != nil {
				b.Fatal(err)
			}
		}},
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			c := srv.Dial(b, dovecot.User)
			if err := c.Create("Done", nil).Wait(); err != nil && !strings.Contains(err.Error(), "exists") {
				b.Fatal(err)
			}
			run++
			fillMailbox(b, srv, c, fmt.Sprintf("bench%d", run), b.N)
			b.ResetTimer()
			m.take(b, c)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "mails/s")
		})
	}
}

// BenchmarkIntakeNoopHandler is the rate of the Intake itself against
// Dovecot with a handler that does nothing: fetch, flag and move per mail,
// plus the intake's own work.
func BenchmarkIntakeNoopHandler(b *testing.B) {
	srv := dovecot.New(b, dovecot.Config{})
	run := 0
	b.Run("intake", func(b *testing.B) {
		run++
		name := fmt.Sprintf("bench%d", run)
		fillMailbox(b, srv, srv.Dial(b, dovecot.User), name, b.N)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var n atomic.Int64
		in, err := NewIntake(IntakeConfig{URL: srv.URL("imap", dovecot.User, name), Poll: time.Hour,
			Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Handler: func(context.Context, Delivery) (Verdict, error) {
				if n.Add(1) == int64(b.N) {
					cancel() // Run returns once this last mail is moved
				}
				return Processed, nil
			}})
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		if err := in.Run(ctx); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if n.Load() != int64(b.N) {
			b.Fatalf("handled %d mails, want %d", n.Load(), b.N)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "mails/s")
	})
}
