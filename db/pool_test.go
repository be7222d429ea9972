package db

import (
	"context"
	"errors"
	"testing"
	"time"
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
// cached afterwards, and a later transaction takes it from the cache.
func TestStatementsArePreparedOnce(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	var missed [][]string
	for range 2 {
		err := s.Update(ctx, func(tx *Tx) error {
			if _, err := tx.Player("a@x", "Ann", t0); err != nil {
				return err
			}
			missed = append(missed, append([]string(nil), tx.missed...))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(missed[0]) == 0 {
		t.Fatalf("the first transaction prepared nothing of its own")
	}
	if len(missed[1]) != 0 {
		t.Fatalf("the second transaction prepared %q again", missed[1])
	}
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
