package web

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"pbem/db"
)

// benchGames is the size of the store the benchmarks read.
const benchGames = 100_000

// benchPlies is a legal Pente opening every Pente game of the benchmark
// replays.
var benchPlies = []string{"K10", "A1", "K13", "A2", "K12", "A3", "K11", "A4", "C10", "A6", "C12", "A8"}

// bulkStore makes a store of n games between 1,000 players, Pente games
// with benchPlies and one in fifty a Dobbal game without plies, half
// finished, one in a hundred private, written straight
// into the tables in one transaction: the mail path would take hours.
func bulkStore(b *testing.B, dir string, n int) string {
	b.Helper()
	ctx := context.Background()
	path := filepath.Join(dir, "pbem.db")
	s, err := db.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	d, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_synchronous=OFF")
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	tx, err := d.Begin()
	if err != nil {
		b.Fatal(err)
	}
	prep := func(q string) *sql.Stmt {
		st, err := tx.Prepare(q)
		if err != nil {
			b.Fatal(err)
		}
		return st
	}
	player := prep(`INSERT INTO players (id, address, name, created_at) VALUES (?, ?, ?, ?)`)
	game := prep(`INSERT INTO games (id, kind, options, state, result, termination, created_at, started_at, finished_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	seat := prep(`INSERT INTO seats (game_id, seat, player_id, invitation) VALUES (?, ?, ?, 'accepted')`)
	ply := prep(`INSERT INTO plies (game_id, n, seat, token, played_at) VALUES (?, ?, ?, ?, ?)`)
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	const players = 1000
	for i := 1; i <= players; i++ {
		name := ""
		if i%2 == 0 {
			name = fmt.Sprintf("Player %d", i)
		}
		if _, err := player.Exec(i, fmt.Sprintf("p%d@example.org", i), name, t0); err != nil {
			b.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for id := 1; id <= n; id++ {
		at := t0.Add(time.Duration(id) * time.Minute)
		kind, options, plies := "Pente", "days=3 rated=yes tournament=on variant=pente", benchPlies
		switch {
		case id%100 == 0:
			options = "days=3 private=yes rated=yes tournament=on variant=pente"
		case id%50 == 25:
			// A rarer game, not yet begun: its list must not read the
			// table to fill a page.
			kind, options, plies = "Pinuid Dobbal", "days=3 faces=3 rated=yes", nil
		}
		state, result, termination, finished := "active", "*", "", any(nil)
		if id%2 == 0 {
			state, result, termination, finished = "finished", "1-0", "resignation", at
		}
		if _, err := game.Exec(id, kind, options, state, result, termination, at, at, finished, at); err != nil {
			b.Fatal(err)
		}
		a := 1 + rng.IntN(players)
		c := 1 + (a+rng.IntN(players-1))%players
		for i, p := range []int{a, c} {
			if _, err := seat.Exec(id, i, p); err != nil {
				b.Fatal(err)
			}
		}
		for i, tok := range plies {
			if _, err := ply.Exec(id, i+1, i%2, tok, at); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(`ANALYZE`); err != nil {
		b.Fatal(err)
	}
	return path
}

// percentile is the q-quantile of ds, in milliseconds.
func percentile(ds []time.Duration, q float64) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[int(q*float64(len(s)-1))].Microseconds()) / 1000
}

// BenchmarkArchive serves the game page and the index pages from a store
// of 100,000 games, reporting the median and the 95th percentile of the
// wall-clock time of a request and of the CPU time it used (which the
// other work of a shared machine disturbs far less).
func BenchmarkArchive(b *testing.B) {
	path := bulkStore(b, b.TempDir(), benchGames)
	archive, err := db.OpenArchive(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	defer archive.Close()
	srv, err := New(Config{Archive: archive, Site: "pbem@example.org", Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, bc := range []struct {
		name   string
		target func() string
	}{
		{"game", func() string { return fmt.Sprintf("/games/%d", 1+rng.IntN(benchGames-1)|1) }},
		{"game-at-ply", func() string { return fmt.Sprintf("/games/%d?ply=%d", 1+rng.IntN(benchGames-1)|1, rng.IntN(13)) }},
		{"index", func() string { return "/" }},
		{"index-page-50", func() string { return "/?page=50" }},
		{"index-filtered", func() string { return "/?game=pente&state=finished" }},
		{"index-rare-game", func() string { return "/?game=dobbal" }},
		{"index-player", func() string { return fmt.Sprintf("/?player=p%d", 1+2*rng.IntN(500)) }},
		{"player", func() string { return fmt.Sprintf("/players/Player%%20%d", 2+2*rng.IntN(500)) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			// Locked to its thread, the request's CPU time can be read
			// from the thread's: the handler and SQLite's C code run
			// there.
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var wall, cpu []time.Duration
			for b.Loop() {
				target := bc.target()
				rec := httptest.NewRecorder()
				req := httptest.NewRequest(http.MethodGet, target, nil)
				c0, cpuOK := threadCPU()
				start := time.Now()
				srv.ServeHTTP(rec, req)
				wall = append(wall, time.Since(start))
				if c1, ok := threadCPU(); ok && cpuOK {
					cpu = append(cpu, time.Duration(c1-c0))
				}
				if rec.Code != http.StatusOK {
					b.Fatalf("GET %s: %d", target, rec.Code)
				}
			}
			b.ReportMetric(percentile(wall, 0.50), "p50-ms")
			b.ReportMetric(percentile(wall, 0.95), "p95-ms")
			if len(cpu) > 0 {
				b.ReportMetric(percentile(cpu, 0.50), "cpu-p50-ms")
				b.ReportMetric(percentile(cpu, 0.95), "cpu-p95-ms")
			}
		})
	}
}
