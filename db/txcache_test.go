package db

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"time"
)

// What a transaction keeps of what it read (a game's clock, the secrets)
// and the ids it gives queued mail must agree with the store, also after
// a savepoint is rolled back.

func TestClockKeptForTheTransactionAgreesWithTheStore(t *testing.T) {
	s := open(t)
	t0 := time.Date(2026, 12, 2, 9, 0, 0, 0, time.FixedZone("CET", 3600))
	var id int64
	update(t, s, func(tx *Tx) error {
		p, err := tx.Player("a@example.org", "", t0)
		if err != nil {
			return err
		}
		id, err = tx.CreateGame(Game{Kind: "Pente", State: Active, Created: t0, Seats: []Seat{{PlayerID: p.ID, Invitation: Accepted}}})
		return err
	})
	first := Clock{GameID: id, Turn: 1, Seat: 0, Started: t0, Deadline: t0.Add(time.Hour), CheckAt: t0.Add(time.Hour),
		Banks: []time.Duration{time.Hour, 2 * time.Hour}}
	update(t, s, func(tx *Tx) error {
		if err := tx.PutClock(first); err != nil {
			return err
		}
		got, ok, err := tx.Clock(id)
		if err != nil || !ok {
			return fmt.Errorf("clock after PutClock: ok %v, %v", ok, err)
		}
		got.Banks[0] = 0 // a caller changing its copy changes nothing kept
		again, _, err := tx.Clock(id)
		if err != nil {
			return err
		}
		if !slices.Equal(again.Banks, first.Banks) || !again.Deadline.Equal(first.Deadline) || again.Deadline.Location() != time.UTC {
			t.Errorf("clock read again: %+v, want %+v with times in UTC, as the store gives them", again, first)
		}
		sp, err := tx.Savepoint()
		if err != nil {
			return err
		}
		second := first
		second.Turn, second.Seat = 2, 1
		if err := tx.PutClock(second); err != nil {
			return err
		}
		if err := sp.Rollback(); err != nil {
			return err
		}
		back, _, err := tx.Clock(id)
		if err != nil {
			return err
		}
		if back.Turn != 1 || back.Seat != 0 {
			t.Errorf("clock after the savepoint was rolled back: turn %d seat %d, want turn 1 seat 0", back.Turn, back.Seat)
		}
		if err := tx.DeleteClock(id); err != nil {
			return err
		}
		if _, ok, err := tx.Clock(id); err != nil || ok {
			t.Errorf("clock after DeleteClock: ok %v, %v; want none", ok, err)
		}
		return nil
	})
}

func TestQueueFromGivesTheIDTheStoreWould(t *testing.T) {
	s := open(t)
	t0 := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	env := func(id int64) string { return fmt.Sprintf("bounce-%d@example.org", id) }
	mail := func(n int) Mail {
		return Mail{MessageID: fmt.Sprintf("m%d@example.org", n), To: "a@example.org", Subject: "s", Body: "b", Created: t0}
	}
	var ids []int64
	update(t, s, func(tx *Tx) error {
		for n := range 2 {
			id, err := tx.QueueFrom(mail(n), env)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		sp, err := tx.Savepoint()
		if err != nil {
			return err
		}
		if _, err := tx.QueueFrom(mail(2), env); err != nil {
			return err
		}
		if err := sp.Rollback(); err != nil {
			return err
		}
		id, err := tx.Queue(mail(3)) // the id the rolled-back mail had is free again
		ids = append(ids, id)
		return err
	})
	if !slices.Equal(ids, []int64{1, 2, 3}) {
		t.Errorf("ids %v, want 1 2 3", ids)
	}
	update(t, s, func(tx *Tx) error {
		due, err := tx.Due(t0, 10)
		if err != nil {
			return err
		}
		if len(due) != 3 {
			t.Fatalf("%d mails due, want 3", len(due))
		}
		for _, m := range due {
			want := env(m.ID)
			if m.ID == 3 {
				want = "" // queued without an envelope sender
			}
			if m.EnvelopeFrom != want {
				t.Errorf("mail %d: envelope sender %q, want %q", m.ID, m.EnvelopeFrom, want)
			}
		}
		return nil
	})
}

func TestSecretMadeInARolledBackSavepointIsForgotten(t *testing.T) {
	s := open(t)
	var undone, kept []byte
	update(t, s, func(tx *Tx) error {
		sp, err := tx.Savepoint()
		if err != nil {
			return err
		}
		if undone, err = tx.Secret("k", 32); err != nil {
			return err
		}
		if err := sp.Rollback(); err != nil {
			return err
		}
		kept, err = tx.Secret("k", 32)
		return err
	})
	if bytes.Equal(undone, kept) {
		t.Fatal("the secret made again after the rollback is the one rolled back")
	}
	update(t, s, func(tx *Tx) error {
		got, err := tx.Secret("k", 32)
		if err != nil {
			return err
		}
		if !bytes.Equal(got, kept) {
			t.Errorf("secret read after the commit differs from the one made")
		}
		return nil
	})
}

func TestBounceHoldMadeAfterNoneWasReadIsSeen(t *testing.T) {
	s := open(t)
	t0 := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	update(t, s, func(tx *Tx) error {
		p, err := tx.Player("a@example.org", "", t0)
		if err != nil {
			return err
		}
		id, err := tx.CreateGame(Game{Kind: "Pente", State: Active, Created: t0, Seats: []Seat{{PlayerID: p.ID, Invitation: Accepted}}})
		if err != nil {
			return err
		}
		if held, err := tx.BounceHolds(id); err != nil || len(held) != 0 {
			t.Errorf("holds of a new game: %v, %v; want none", held, err)
		}
		if err := tx.HoldForBounce(id, p.ID, t0); err != nil {
			return err
		}
		if held, err := tx.BounceHolds(id); err != nil || !slices.Equal(held, []int64{p.ID}) {
			t.Errorf("holds after HoldForBounce: %v, %v; want [%d]", held, err, p.ID)
		}
		games, err := tx.ReleaseBounces(p.ID)
		if err != nil || !slices.Equal(games, []int64{id}) {
			t.Errorf("ReleaseBounces: %v, %v; want [%d]", games, err, id)
		}
		return nil
	})
}
