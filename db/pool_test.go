package db

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	"github.com/mattn/go-sqlite3"
)

// errRollback ends an Update without keeping what it wrote.
var errRollback = errors.New("rolled back on purpose")

// TestViewDoesNotWaitForTheWriter reads while a write transaction is open
// and holds the write lock: the read sees the last commit, not the open
// write, and does not wait for it.
func TestViewDoesNotWaitForTheWriter(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	update(t, s, func(tx *Tx) error {
		_, err := tx.Player("a@x", "Ann", t0)
		return err
	})
	inWrite, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.Update(ctx, func(tx *Tx) error {
			if _, err := tx.Player("b@x", "Bob", t0); err != nil {
				return err
			}
			close(inWrite)
			<-release
			return nil
		})
	}()
	<-inWrite
	readCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	err := s.View(readCtx, func(tx *Tx) error {
		if _, err := tx.PlayerByAddress("a@x"); err != nil {
			return err
		}
		if _, err := tx.PlayerByAddress("b@x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the open write's player read as %v; want not found", err)
		}
		return nil
	})
	close(release)
	if err != nil {
		t.Fatalf("read during a write: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestViewIsReadOnly: a write in View fails.
func TestViewIsReadOnly(t *testing.T) {
	s := open(t)
	err := s.View(context.Background(), func(tx *Tx) error {
		_, err := tx.Player("a@x", "", t0)
		return err
	})
	if err == nil {
		t.Fatal("a write in View succeeded")
	}
}

// TestStatementsArePreparedOnce: a statement a transaction prepared is
// kept on its connection, and a later transaction runs the same one.
func TestStatementsArePreparedOnce(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	var kept []map[string]*sqlite3.SQLiteStmt
	for range 2 {
		err := s.Update(ctx, func(tx *Tx) error {
			if _, err := tx.Player("a@x", "Ann", t0); err != nil {
				return err
			}
			kept = append(kept, maps.Clone(tx.conn.stmts))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(kept[0]) == 0 {
		t.Fatalf("the first transaction kept no statement")
	}
	if !maps.Equal(kept[0], kept[1]) {
		t.Fatalf("the second transaction prepared statements again: %d kept, then %d", len(kept[0]), len(kept[1]))
	}
}

// TestCancelEndsTheTransaction: once its context ends, a transaction's
// next statement fails with the context's error and nothing it wrote is
// kept; the writer is free for the next transaction.
func TestCancelEndsTheTransaction(t *testing.T) {
	s := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	err := s.Update(ctx, func(tx *Tx) error {
		if _, err := tx.Player("a@x", "Ann", t0); err != nil {
			return err
		}
		cancel()
		_, err := tx.Player("b@x", "Bob", t0)
		return err
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("update after its context ended: %v; want %v", err, context.Canceled)
	}
	update(t, s, func(tx *Tx) error {
		if _, err := tx.PlayerByAddress("a@x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the player written before the end read as %v; want not found", err)
		}
		return nil
	})
	if err := s.View(ctx, func(*Tx) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("view under an ended context: %v; want %v", err, context.Canceled)
	}
}

// TestPanicGivesTheWriterBack: a panic in an update rolls it back and
// goes on; the next update runs on the writer as before.
func TestPanicGivesTheWriterBack(t *testing.T) {
	s := open(t)
	func() {
		defer func() {
			if p := recover(); p != "on purpose" {
				t.Errorf("recovered %v; want the update's panic", p)
			}
		}()
		_ = s.Update(context.Background(), func(tx *Tx) error {
			if _, err := tx.Player("a@x", "Ann", t0); err != nil {
				return err
			}
			panic("on purpose")
		})
	}()
	update(t, s, func(tx *Tx) error {
		if _, err := tx.PlayerByAddress("a@x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("the panicking update's player read as %v; want not found", err)
		}
		_, err := tx.Player("b@x", "Bob", t0)
		return err
	})
}

// TestTouchIsWrittenOncePerTransaction: a game touched several times in
// one transaction reads and ends up with the last time.
func TestTouchIsWrittenOncePerTransaction(t *testing.T) {
	s := open(t)
	var id int64
	later := t0.Add(time.Hour)
	update(t, s, func(tx *Tx) error {
		p, err := tx.Player("a@x", "", t0)
		if err != nil {
			return err
		}
		id, err = tx.CreateGame(Game{Kind: "Pente", State: Active, Created: t0, Seats: []Seat{{PlayerID: p.ID, Invitation: Accepted}}})
		if err != nil {
			return err
		}
		for i := 1; i <= 3; i++ {
			if err := tx.AddPly(id, Ply{N: i, Token: "K10", PlayedAt: t0.Add(time.Duration(i) * 20 * time.Minute)}); err != nil {
				return err
			}
		}
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		if !g.Updated.Equal(later) {
			t.Errorf("updated at %v inside the transaction; want %v", g.Updated, later)
		}
		return nil
	})
	_ = s.View(context.Background(), func(tx *Tx) error {
		g, err := tx.Game(id)
		if err != nil || !g.Updated.Equal(later) {
			t.Errorf("updated at %v, %v after the commit; want %v", g.Updated, err, later)
		}
		return nil
	})
}
