package play

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
// operation is still one mail. After the timed mails it times the store's
// floor on the same store (storeFloor) and reports the service's rate as
// a fraction of it (of-store-floor): the machine's pace moves both alike.
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
	b.StopTimer()
	rate := float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(rate, "mails/s")
	// The CPU time a mail took, which other work on a shared machine
	// disturbs less than the wall clock.
	if cpuEnd, ok := cpuTime(); cpuOK && ok {
		b.ReportMetric(float64(cpuEnd-cpuStart)/1e3/float64(b.N), "cpu-µs/mail")
	}
	// The floor plays the store's last thousand games, while the mails
	// above have not reached them.
	if served := ((b.N-1)/(working*depth) + 1) * working; batch > 1 && served <= games-working {
		floor := storeFloor(b, ctx, store, min(b.N, 9600), batch, int64(games-working+1), working, now)
		b.ReportMetric(floor, "store-floor-mails/s")
		b.ReportMetric(rate/floor, "of-store-floor")
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

// storeFloor is the yardstick of the service core: the writes a move mail
// makes and nothing else, n mails in transactions of batch on store, and
// its rate in mails/s. A mail is recorded; its ply is added to its game,
// the game's clock (and with it updated_at) rewritten, and two mails of
// the size the service writes (a 1.9 KB body, its headers and picture
// description) are queued. No reads, no rules, no rendering: what is left
// of the service's time above it is the service's own. It plays working
// games from game first on, which no mail has played yet, each from its
// first ply.
func storeFloor(b *testing.B, ctx context.Context, store *db.Store, n, batch int, first int64, working int, now time.Time) float64 {
	b.Helper()
	body := strings.Repeat("A board of the game, as the reply shows it.\n", 43) // 1,935 bytes
	draw := `{"kind":"Pente","options":"days=3 rated=yes tournament=off variant=pente","plies":["K10","A19","A1","C19"]}`
	start := time.Now()
	for done := 0; done < n; {
		size := min(batch, n-done)
		err := store.Update(ctx, func(tx *db.Tx) error {
			for k := range size {
				i := done + k
				game := first + int64(i%working)
				ply := i/working + 1
				msg, _, err := tx.RecordNewMessage(db.Message{MessageID: fmt.Sprintf("floor%d@bench", i),
					Sender: fmt.Sprintf("p%d@example.org", i%2000), Outcome: "answered", Size: 120, Received: now})
				if err != nil {
					return err
				}
				if err := tx.AddPly(game, db.Ply{N: ply, Seat: (ply - 1) % 2, Token: "K10", PlayedAt: now, Message: msg}); err != nil {
					return err
				}
				if err := tx.PutClock(db.Clock{GameID: game, Turn: ply + 1, Seat: ply % 2, Plies: ply, Started: now,
					Deadline: now.Add(72 * time.Hour), CheckAt: now.Add(48 * time.Hour)}); err != nil {
					return err
				}
				for seat := range 2 {
					to := fmt.Sprintf("p%d@example.org", (int(game-1)+seat)%2000)
					_, err := tx.QueueFrom(db.Mail{
						MessageID: fmt.Sprintf("pbem.%d-floor%dx%d.p%d.0123456789abcdef@example.org", game, i, seat, ply),
						To:        to, Subject: fmt.Sprintf("[pbem %d] Pente: p1 vs p2 - your move", game),
						Headers: map[string]string{"Auto-Submitted": "auto-replied", "In-Reply-To": "<floor@bench>",
							"References": fmt.Sprintf("<pbem.game%d@example.org> <floor@bench>", game), "Reply-To": "pbem+floor@example.org"},
						Body: body, Attachments: []db.Attachment{{Name: "game.png", Type: "image/png", ContentID: "board@example.org", Draw: draw}},
						GameID: game, Source: msg, Created: now,
					}, func(id int64) string { return fmt.Sprintf("pbem+bounce-%d-0123456789abcdef@example.org", id) })
					if err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			b.Fatalf("store floor: %v", err)
		}
		done += size
	}
	return float64(n) / time.Since(start).Seconds()
}
