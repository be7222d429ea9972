package play

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pbem/db"
)

// BenchmarkHandleMove is the service's throughput on a file-backed store
// holding 10,000 or 100,000 active games: each operation is one mail with
// a ply, handled in full (recorded, parsed, checked, stored, two mails
// queued), in a transaction of its own (Handle).
func BenchmarkHandleMove(b *testing.B) {
	for _, games := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) { benchmarkHandleMove(b, games, 1) })
	}
}

// BenchmarkHandleBatch is BenchmarkHandleMove as the daemon handles mail:
// up to 32 mails a transaction (HandleBatch), each in a savepoint. An
// operation is still one mail.
func BenchmarkHandleBatch(b *testing.B) {
	for _, games := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("games=%d/batch=32", games), func(b *testing.B) { benchmarkHandleMove(b, games, 32) })
	}
}

// benchmarkHandleMove hands in one mail a transaction when batch is 1,
// else batches of that many mails through HandleBatch.
func benchmarkHandleMove(b *testing.B, games, batch int) {
	const players = 2000
	// A context that can end, as the daemon's: the driver treats
	// statements under one differently.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store, err := db.Open(ctx, filepath.Join(b.TempDir(), "pbem.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	var keys tokens
	err = store.Update(ctx, func(tx *db.Tx) error {
		secret, err := tx.Secret(tokenKey, 32)
		if err != nil {
			return err
		}
		keys = tokens{secret: secret}
		var ids []int64
		for i := range players {
			p, err := tx.Player(fmt.Sprintf("p%d@example.org", i), "", now)
			if err != nil {
				return err
			}
			ids = append(ids, p.ID)
		}
		for i := range games {
			_, err := tx.CreateGame(db.Game{Kind: "Pente", Options: "days=3 rated=yes tournament=off variant=pente",
				State: db.Active, Created: now, Seats: []db.Seat{
					{Seat: 0, PlayerID: ids[i%players], Invitation: db.Accepted},
					{Seat: 1, PlayerID: ids[(i+1)%players], Invitation: db.Accepted},
				}})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	svc, err := New(store, Config{Address: "pbem@example.org", Limits: Limits{Unproven: 1 << 30, Proven: 1 << 30},
		Now: func() time.Time { return now }, Log: discardLog()})
	if err != nil {
		b.Fatal(err)
	}
	// Moves go to a working set of 1,000 games at a time, each played to
	// 18 plies before the next thousand take over, so replays are of
	// mid-size games. A game opens on K10, then White plays every other
	// point of row 1 and Black of row 19: no five, no capture.
	const working, depth = 1000, 18
	files := "ABCDEFGHJKLMNOPQRST"
	n := 0
	var pending []Message
	flush := func() {
		results, err := svc.HandleBatch(ctx, pending)
		if err != nil {
			b.Fatal(err)
		}
		for j, res := range results {
			if len(res.Queued) != 2 {
				b.Fatalf("mail %s: %d mails queued, want 2", pending[j].Text, len(res.Queued))
			}
		}
		pending = pending[:0]
	}
	b.ResetTimer()
	cpuStart, cpuOK := cpuTime()
	for b.Loop() {
		i := n % working
		ply := (n/working)%depth + 1
		game := int64((n/(working*depth))*working%games + i + 1)
		n++
		seat := (ply - 1) % 2
		addr := fmt.Sprintf("p%d@example.org", (int(game-1)+seat)%players)
		tok := "K10"
		if ply > 1 {
			k := (ply - 2) / 2 // the stone's number in its row
			row := map[int]string{0: "1", 1: "19"}[seat]
			tok = string(files[2*k%19]) + row
		}
		m := Message{MessageID: fmt.Sprintf("b%d@bench", n), From: addr,
			To: []string{"pbem+" + keys.token(addr, game) + "@example.org"}, Text: tok}
		if batch > 1 {
			if pending = append(pending, m); len(pending) == batch {
				flush()
			}
			continue
		}
		res, err := svc.Handle(ctx, m)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Queued) != 2 { // the reply and the opponent's notice
			b.Fatalf("game %d ply %d (%s): %d mails queued, want 2", game, ply, tok, len(res.Queued))
		}
	}
	if len(pending) > 0 {
		flush()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "mails/s")
	// The CPU time a mail took, which other work on a shared machine
	// disturbs less than the wall clock.
	if cpuEnd, ok := cpuTime(); cpuOK && ok {
		b.ReportMetric(float64(cpuEnd-cpuStart)/1e3/float64(b.N), "cpu-µs/mail")
	}
}

// BenchmarkReplyReading reads the replies of the mail-client corpus as
// the service does: "decode" is the yardstick, MIME to text (FromMail);
// "read" finds the player's own lines and their commands in the decoded
// text, with the answered mail known. An operation is the whole corpus.
func BenchmarkReplyReading(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(repliesDir, "*.eml"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no corpus: %v", err)
	}
	var raws [][]byte
	var msgs []Message
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		raws = append(raws, raw)
		msgs = append(msgs, FromMail(raw, time.Now()))
	}
	known := readFile(b, filepath.Join("..", "docs", "mails", "06-opponent-played-your-move.txt"))
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			for _, raw := range raws {
				FromMail(raw, time.Time{})
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(raws)), "ns/mail")
	})
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			for _, m := range msgs {
				readCommands(m.Subject, readText(m.Text, known))
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(msgs)), "ns/mail")
	})
}

func readFile(b *testing.B, path string) string {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return string(data)
}
