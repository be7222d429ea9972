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

	"github.com/emersion/go-imap/v2/imapclient"

	"pbem/internal/dovecot"
	"pbem/internal/imaptake"
)

// benchMail is a move mail of the size players send (about 1 KB, with a
// quoted board).
func benchMail(n int) []byte {
	quote := strings.Repeat("> 10  . . . . . . . . . . . . . . . . . . .  10\n", 12)
	return fmt.Appendf(nil, "From: Bob <bob@example.org>\r\nTo: pbem+tok@example.org\r\nSubject: Re: [pbem 1] your move\r\n"+
		"Message-ID: <bench%d@client.example>\r\nIn-Reply-To: <pbem.1@example.org>\r\nDate: Sun, 29 Nov 2026 10:00:00 +0000\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\nL9\r\n\r\nOn Sun, pbem wrote:\r\n%s", n, strings.ReplaceAll(quote, "\n", "\r\n"))
}

// benchMails are n move mails.
func benchMails(n int) [][]byte {
	mails := make([][]byte, n)
	for i := range mails {
		mails[i] = benchMail(i)
	}
	return mails
}

// fillMailbox makes a fresh mailbox holding n mails and selects it.
func fillMailbox(b *testing.B, c *imapclient.Client, name string, n int) {
	b.Helper()
	if err := imaptake.Fill(c, name, benchMails(n)); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkIMAPFetchAndFlag is the raw rate of taking mail from Dovecot
// with a bare IMAP client on loopback, in each of imaptake's ways: the
// limit any intake runs into.
func BenchmarkIMAPFetchAndFlag(b *testing.B) {
	srv := dovecot.New(b, dovecot.Config{})
	run := 0
	for _, way := range imaptake.Ways() {
		b.Run(way.Name, func(b *testing.B) {
			c := srv.Dial(b, dovecot.User)
			if err := c.Create("Done", nil).Wait(); err != nil && !strings.Contains(err.Error(), "exists") {
				b.Fatal(err)
			}
			run++
			fillMailbox(b, c, fmt.Sprintf("bench%d", run), b.N)
			b.ResetTimer()
			if err := way.Take(c, b.N, "Done"); err != nil {
				b.Fatal(err)
			}
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
		fillMailbox(b, srv.Dial(b, dovecot.User), name, b.N)
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
