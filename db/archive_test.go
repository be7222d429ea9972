package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// archiveStore is a store with a file of its own and the archive reading
// it.
func archiveStore(t *testing.T) (*Store, *Archive) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pbem.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	a, err := OpenArchive(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return s, a
}

// addArchiveGame stores a two-seat game of ann and bo (ann's display name
// holds her address) in a state, with options.
func addArchiveGame(t *testing.T, s *Store, state GameState, options string) int64 {
	t.Helper()
	id, err := newArchiveGame(s, state, options)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func newArchiveGame(s *Store, state GameState, options string) (int64, error) {
	var id int64
	err := s.Update(context.Background(), func(tx *Tx) error {
		ann, err := tx.Player("ann@example.org", "ann@example.org", t0)
		if err != nil {
			return err
		}
		bo, err := tx.Player("bo@example.org", "Bo Brown", t0)
		if err != nil {
			return err
		}
		id, err = tx.CreateGame(Game{Kind: "Pente", Options: options, State: state, Created: t0,
			Seats: []Seat{{Seat: 0, PlayerID: ann.ID, Invitation: Accepted}, {Seat: 1, PlayerID: bo.ID, Invitation: Accepted}}})
		if err != nil {
			return err
		}
		return tx.AddPly(id, Ply{N: 1, Seat: 0, Token: "K10", PlayedAt: t0})
	})
	return id, err
}

func TestArchiveShowsPublicStartedGamesWithPublicNames(t *testing.T) {
	s, a := archiveStore(t)
	ctx := context.Background()
	public := addArchiveGame(t, s, Active, "rated=yes tournament=on variant=pente")
	finished := addArchiveGame(t, s, Finished, "variant=keryo")
	private := addArchiveGame(t, s, Active, "private=yes rated=yes variant=pente")
	notPrivate := addArchiveGame(t, s, Active, "private=no variant=pente")
	invited := addArchiveGame(t, s, Invited, "variant=pente")
	declined := addArchiveGame(t, s, Declined, "variant=pente")

	ids := func(f ArchiveFilter) string {
		t.Helper()
		f.Limit = 100
		gs, err := a.Games(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, g := range gs {
			out = append(out, fmt.Sprint(g.ID))
		}
		return strings.Join(out, " ")
	}
	ann, err := a.PlayersNamed(ctx, "ann")
	if err != nil || len(ann) != 1 {
		t.Fatalf("players named ann: %v, %v", ann, err)
	}
	for _, tc := range []struct {
		name string
		f    ArchiveFilter
		want string
	}{
		{"all", ArchiveFilter{}, fmt.Sprint(notPrivate, finished, public)},
		{"active", ArchiveFilter{State: Active}, fmt.Sprint(notPrivate, public)},
		{"finished", ArchiveFilter{State: Finished}, fmt.Sprint(finished)},
		{"keryo", ArchiveFilter{Kind: "Pente", Variant: "variant=keryo"}, fmt.Sprint(finished)},
		{"pente", ArchiveFilter{Kind: "Pente", Variant: "variant=pente"}, fmt.Sprint(notPrivate, public)},
		{"ann", ArchiveFilter{Players: []int64{ann[0].ID}}, fmt.Sprint(notPrivate, finished, public)},
		{"nobody", ArchiveFilter{Players: []int64{}}, ""},
		{"second page", ArchiveFilter{Offset: 1}, fmt.Sprint(finished, public)},
	} {
		if got := ids(tc.f); got != tc.want {
			t.Errorf("%s: games %q, want %q", tc.name, got, tc.want)
		}
	}
	for _, id := range []int64{private, invited, declined} {
		if _, err := a.Game(ctx, id); !errors.Is(err, ErrNotFound) {
			t.Errorf("game %d: %v, want not found", id, err)
		}
	}
	g, err := a.Game(ctx, public)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Seats) != 2 || g.Seats[0].Name != "ann" || g.Seats[1].Name != "Bo Brown" || g.Plies != 1 {
		t.Errorf("game %d: seats %+v, %d plies; want ann and Bo Brown, 1 ply", public, g.Seats, g.Plies)
	}
	if ps, err := a.PlayersNamed(ctx, "ann@example.org"); err != nil || len(ps) != 0 {
		t.Errorf("a player found by address: %v, %v", ps, err)
	}
}

func TestArchiveCannotWrite(t *testing.T) {
	_, a := archiveStore(t)
	err := a.View(context.Background(), func(tx *Tx) error {
		_, err := tx.Player("eve@example.org", "", t0)
		return err
	})
	if err == nil {
		t.Fatal("the archive made a player")
	}
}

// TestArchiveReadsWhileTheServiceWrites: in WAL mode the archive's reads
// and the store's writes go on together, and each read sees the games
// committed before it.
func TestArchiveReadsWhileTheServiceWrites(t *testing.T) {
	s, a := archiveStore(t)
	ctx := context.Background()
	const games = 200
	written := make(chan error, 1)
	go func() {
		for range games {
			if _, err := newArchiveGame(s, Active, "variant=pente"); err != nil {
				written <- err
				return
			}
		}
		written <- nil
	}()
	deadline := time.Now().Add(2 * time.Minute)
	last := 0
	for last < games {
		select {
		case err := <-written:
			if err != nil {
				t.Fatalf("write while reading: %v", err)
			}
			written <- nil
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the archive saw %d of %d games", last, games)
		}
		gs, err := a.Games(ctx, ArchiveFilter{Limit: 1})
		if err != nil {
			t.Fatalf("read while writing: %v", err)
		}
		if len(gs) == 0 {
			continue
		}
		if int(gs[0].ID) < last {
			t.Fatalf("the newest game went back from %d to %d", last, gs[0].ID)
		}
		last = int(gs[0].ID)
		if len(gs[0].Seats) != 2 {
			t.Fatalf("game %d read with %d seats", gs[0].ID, len(gs[0].Seats))
		}
	}
	if err := <-written; err != nil {
		t.Fatalf("write while reading: %v", err)
	}
}
