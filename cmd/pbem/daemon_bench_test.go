package main

import (
	"bufio"
	"bytes"
	"context"
	"math/rand/v2"
	"net/textproto"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/imaptake"
)

// benchRig is a daemon on loopback Dovecot and SMTP, with games enough
// for n moves of ten plies a game set up, and those n move mails ready.
// With pictures false every player has turned board pictures off.
func benchRig(b *testing.B, n int, pictures bool) (*rig, [][]byte, []string) {
	b.Helper()
	r := newRig(b, dovecot.Config{}, nil)
	r.start(nil)
	const perGame = 10
	gs, moves := setUpGames(b, r.imap, r.out, (n+perGame-1)/perGame, perGame, rand.New(rand.NewPCG(1, 2)))
	ids := make([]string, 0, len(moves))
	for k := range perGame {
		for _, g := range gs {
			ids = append(ids, g.moves[k])
		}
	}
	if !pictures {
		ctx := context.Background()
		store, err := db.Open(ctx, filepath.Join(r.data, "pbem.db"))
		if err != nil {
			b.Fatal(err)
		}
		err = store.Update(ctx, func(tx *db.Tx) error {
			for _, g := range gs {
				for _, addr := range g.seats {
					p, err := tx.PlayerByAddress(addr)
					if err != nil {
						return err
					}
					if err := tx.SetSetting(p.ID, "pictures", "off"); err != nil {
						return err
					}
				}
			}
			return nil
		})
		store.Close()
		if err != nil {
			b.Fatal(err)
		}
	}
	r.waitStore("the setup's mail sent", func(tx *db.Tx) (bool, error) {
		due, err := tx.Due(time.Now().Add(time.Hour), 1)
		return len(due) == 0, err
	})
	return r, moves[:n], ids[:n]
}

// cpuNow is the process's CPU time so far (0 where unknown): the daemon
// runs in the benchmark's process, Dovecot in its own, uncounted.
func cpuNow() int64 {
	n, _ := cpuTime()
	return n
}

// replied waits until every one of the mails ids has an answer, and
// returns when each first reached the SMTP server.
func (r *rig) replied(ids []string) []time.Time {
	r.t.Helper()
	at := make([]time.Time, len(ids))
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[id] = i
	}
	// Only each answer's In-Reply-To is read, from its header: parsing
	// every answer whole (mailer.Parse) took about as much CPU as the
	// daemon's own handling, on the two cores the daemon runs on.
	left, seen := len(ids), 0
	deadline := time.Now().Add(mailWait)
	for left > 0 {
		for _, m := range r.out.srv.Since(seen) {
			seen++
			if i, ok := index[inReplyTo(r.t, m.Data)]; ok && at[i].IsZero() {
				at[i] = m.Received
				left--
			}
		}
		if left == 0 {
			break
		}
		if wait := time.Until(deadline); wait <= 0 || !r.out.srv.WaitMore(seen, wait) {
			r.t.Fatalf("answers to %d moves: %d missing after %v", len(ids), left, mailWait)
		}
	}
	return at
}

// inReplyTo is the Message-ID a mail's In-Reply-To header names, without
// its angle brackets.
func inReplyTo(tb testing.TB, data []byte) string {
	tb.Helper()
	h, err := textproto.NewReader(bufio.NewReader(bytes.NewReader(data))).ReadMIMEHeader()
	if err != nil {
		tb.Fatalf("the daemon sent a mail whose header does not parse: %v\n%s", err, data)
	}
	return strings.Trim(h.Get("In-Reply-To"), "<> \t")
}

// reportLatency reports the median and 95th percentile of the times from
// each move's delivery to its answer.
func reportLatency(b *testing.B, sent, answered []time.Time) {
	lat := make([]time.Duration, len(sent))
	for i := range sent {
		lat[i] = answered[i].Sub(sent[i])
	}
	slices.Sort(lat)
	pct := func(p int) float64 { return float64(lat[(len(lat)-1)*p/100]) / float64(time.Millisecond) }
	b.ReportMetric(pct(50), "p50-ms")
	b.ReportMetric(pct(95), "p95-ms")
}

// BenchmarkDaemonMoves is the mail path end to end on loopback: moves of
// Pente games mailed into Dovecot, taken by `pbem serve` (in the test's
// process), played on the store and answered over SMTP. Latency runs from
// the start of a move's APPEND (in a burst, of the MOVE) to its answer
// reaching the SMTP server.
//
//	burst:      all b.N moves delivered at once (APPENDed to a folder
//	            beforehand, then moved into INBOX with one MOVE); moves/s
//	            over the whole stream and, steady, from the first answer
//	            to the last;
//	            beside them the rate at which a bare IMAP client takes the
//	            same mails from Dovecot (imaptake), one by one and in one
//	            batch, finding them there: the limit; and one by one
//	            meeting the same burst from IDLE, as the daemon does, so
//	            that it waits for Dovecot's notice too
//	back-to-back: each move delivered as soon as the last is answered,
//	            while the daemon still files the last mail
//	after-idle: each move delivered 50ms after the last was answered,
//	            when the daemon waits in IDLE: the latency a lone move
//	            meets (Dovecot tells an IDLE client of new mail half a
//	            second late)
func BenchmarkDaemonMoves(b *testing.B) {
	b.Run("burst", func(b *testing.B) { burst(b, true) })
	b.Run("burst-no-pictures", func(b *testing.B) { burst(b, false) })
	b.Run("back-to-back", func(b *testing.B) { serialMoves(b, 0) })
	b.Run("after-idle", func(b *testing.B) { serialMoves(b, 50*time.Millisecond) })
}

// burst delivers all b.N moves at once; with pictures false the players
// have turned board pictures off.
func burst(b *testing.B, pictures bool) {
	r, moves, ids := benchRig(b, b.N, pictures)
	// The moves wait in a folder of their own and come into INBOX with
	// one MOVE: a burst the daemon meets all at once, whatever the rate
	// at which APPEND could deliver them.
	c := r.imap.Dial(b, dovecot.User)
	if err := imaptake.Fill(c, "Staging", moves); err != nil {
		b.Fatal(err)
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	b.ResetTimer()
	cpu := cpuNow()
	sent := make([]time.Time, len(moves))
	for i := range sent {
		sent[i] = time.Now()
	}
	if _, err := c.Move(all, "INBOX").Wait(); err != nil {
		b.Fatal(err)
	}
	answered := r.replied(ids)
	cpu = cpuNow() - cpu
	b.StopTimer()
	rate := float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(rate, "moves/s")
	b.ReportMetric(float64(cpu)/1e6/float64(b.N), "cpu-ms/move")
	reportLatency(b, sent, answered)
	// The rate once the daemon is at work: from the first answer to
	// the last, past Dovecot's delay in telling it of the first mail.
	first, last := slices.MinFunc(answered, time.Time.Compare), slices.MaxFunc(answered, time.Time.Compare)
	if b.N > 1 {
		b.ReportMetric(float64(b.N-1)/last.Sub(first).Seconds(), "steady-moves/s")
	}

	if err := c.Create("Done", nil).Wait(); err != nil {
		b.Fatal(err)
	}
	for _, way := range imaptake.Ways() {
		if way.Name != "one-by-one" && way.Name != "batch" {
			continue
		}
		if err := imaptake.Fill(c, "bare-"+way.Name, moves); err != nil {
			b.Fatal(err)
		}
		start, cpu := time.Now(), cpuNow()
		if err := way.Take(c, len(moves), "Done"); err != nil {
			b.Fatal(err)
		}
		bare := float64(len(moves)) / time.Since(start).Seconds()
		b.ReportMetric(bare, "bare-"+way.Name+"-mails/s")
		if way.Name == "one-by-one" {
			// The target: moves/s over the whole burst, Dovecot's half
			// second before it tells of the first mail included, against
			// a bare client taking the same mails one by one.
			b.ReportMetric(rate/bare, "of-bare-one-by-one")
		}
		b.ReportMetric(float64(cpuNow()-cpu)/1e6/float64(len(moves)), "bare-"+way.Name+"-cpu-ms/mail")
	}

	// The bare client meeting the same burst the daemon's way: waiting
	// in IDLE when the mails are moved in, so it pays Dovecot's half
	// second too, then taking them one by one.
	if err := imaptake.Fill(c, "bare-idle-staging", moves); err != nil {
		b.Fatal(err)
	}
	if err := c.Create("bare-idle", nil).Wait(); err != nil {
		b.Fatal(err)
	}
	exists := imaptake.NewExists()
	idler := r.imap.DialWith(b, dovecot.User, exists.Handler())
	if _, err := idler.Select("bare-idle", nil).Wait(); err != nil {
		b.Fatal(err)
	}
	start, cpu := time.Now(), cpuNow()
	err := imaptake.FromIdle(idler, exists, len(moves), func() error {
		_, err := c.Move(all, "bare-idle").Wait()
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	bare := float64(len(moves)) / time.Since(start).Seconds()
	b.ReportMetric(bare, "bare-from-idle-mails/s")
	b.ReportMetric(rate/bare, "of-bare-from-idle")
	b.ReportMetric(float64(cpuNow()-cpu)/1e6/float64(len(moves)), "bare-from-idle-cpu-ms/mail")
}

// serialMoves delivers b.N moves one at a time, each once the last was
// answered and pause has passed.
func serialMoves(b *testing.B, pause time.Duration) {
	r, moves, ids := benchRig(b, b.N, true)
	c := r.imap.Dial(b, dovecot.User)
	sent, answered := make([]time.Time, b.N), make([]time.Time, b.N)
	b.ResetTimer()
	for i, raw := range moves {
		time.Sleep(pause)
		sent[i] = time.Now()
		if err := appendOne(c, raw, sent[i]); err != nil {
			b.Fatal(err)
		}
		answered[i] = r.replied(ids[i : i+1])[0]
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	reportLatency(b, sent, answered)
}
