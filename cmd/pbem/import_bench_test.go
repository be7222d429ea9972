package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pbem/db"
	"pbem/notation"
	"pbem/play"
)

// BenchmarkImport is `pbem import` of the converted real Pente set (9,370
// games, 2.76 MB): reading, parsing, replaying and storing. "empty" imports
// into a fresh store each time; "100k" into one store that already holds
// about 100,000 games (and grows by a set per run). store-bytes/game is the
// database's size (with its WAL) over the games it holds.
func BenchmarkImport(b *testing.B) {
	path, size, count := convertedSet(b)
	b.Run("empty", func(b *testing.B) {
		var dir string
		measure(b, size, count, func() {
			dir = filepath.Join(b.TempDir(), "data")
			if code := run(context.Background(), []string{"import", "--data", dir, path}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("import: exit %d", code)
			}
		})
		b.ReportMetric(storeBytes(b, dir)/float64(count), "store-bytes/game")
	})
	b.Run("100k", func(b *testing.B) {
		dir := filepath.Join(b.TempDir(), "data")
		held := 0
		for held < 100000-count {
			if code := run(context.Background(), []string{"import", "--data", dir, path}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("import: exit %d", code)
			}
			held += count
		}
		b.ResetTimer()
		measure(b, size, count, func() {
			if code := run(context.Background(), []string{"import", "--data", dir, path}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("import: exit %d", code)
			}
			held += count
		})
		b.ReportMetric(storeBytes(b, dir)/float64(held), "store-bytes/game")
	})
}

// BenchmarkImportStore is the store's part of an import alone: the set is
// parsed once, outside the timing, and each run stores its 9,370 parsed
// games into a fresh store, in transactions of importBatch games, as
// `pbem import` does.
func BenchmarkImportStore(b *testing.B) {
	path, size, count := convertedSet(b)
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var parsed []*notation.Game
	for g := range notation.Games(path, src) {
		if !g.Valid() {
			b.Fatalf("game %d: %v", g.Index, g.Problem)
		}
		parsed = append(parsed, g)
	}
	if len(parsed) != count {
		b.Fatalf("%d games parsed, want %d", len(parsed), count)
	}
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	measure(b, size, count, func() {
		store, err := db.Open(ctx, filepath.Join(b.TempDir(), "pbem.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer store.Close()
		im := play.NewImporter(now)
		for start := 0; start < len(parsed); start += benchImportBatch {
			batch := parsed[start:min(start+benchImportBatch, len(parsed))]
			err := store.Update(ctx, func(tx *db.Tx) error {
				for _, g := range batch {
					if _, err := im.Import(tx, g); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchImportBatch is the games a transaction of BenchmarkImportStore
// holds: as many as pbem import's.
const benchImportBatch = importBatch

// storeBytes is the size of the database in a data folder with its WAL.
func storeBytes(b *testing.B, dir string) float64 {
	b.Helper()
	var total int64
	for _, name := range []string{"pbem.db", "pbem.db-wal"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			total += fi.Size()
		}
	}
	if total == 0 {
		b.Fatalf("no store in %s", dir)
	}
	return float64(total)
}
