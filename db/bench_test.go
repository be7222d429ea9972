package db

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkEmptyUpdate is the fixed cost of a write transaction: BEGIN
// IMMEDIATE and COMMIT with nothing written.
func BenchmarkEmptyUpdate(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "pbem.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for b.Loop() {
		if err := s.Update(context.Background(), func(*Tx) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup is one read by primary key through the statement cache,
// in a read transaction.
func BenchmarkLookup(b *testing.B) {
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "pbem.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.Update(context.Background(), func(tx *Tx) error { _, err := tx.Player("a@x", "", t0); return err }); err != nil {
		b.Fatal(err)
	}
	_ = s.View(context.Background(), func(tx *Tx) error {
		for b.Loop() {
			if _, err := tx.PlayerByAddress("a@x"); err != nil {
				b.Fatal(err)
			}
		}
		return nil
	})
}
