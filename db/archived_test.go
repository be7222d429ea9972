package db

import (
	"slices"
	"testing"
	"time"
)

// TestArchivedPliesReadLikeRows: a game stored with its plies keeps them
// in its archive column; they read back in order with their seats, the
// plies played afterwards follow as rows, and a takeback reaches into the
// archive.
func TestArchivedPliesReadLikeRows(t *testing.T) {
	s := open(t)
	tokens := func(ps []Ply) []string {
		var out []string
		for _, p := range ps {
			out = append(out, string(rune('0'+p.Seat))+p.Token)
		}
		return out
	}
	update(t, s, func(tx *Tx) error {
		p, err := tx.Player("a@x", "", t0)
		if err != nil {
			return err
		}
		q, err := tx.Player("b@x", "", t0)
		if err != nil {
			return err
		}
		imported := []Ply{{N: 1, Seat: 0, Token: "K10", PlayedAt: t0}, {N: 2, Seat: 1, Token: "L9", PlayedAt: t0},
			{N: 3, Seat: 0, Token: "M10", PlayedAt: t0}}
		id, err := tx.CreateGameWithPlies(Game{Kind: "Pente", State: Active, Created: t0, Seats: []Seat{
			{Seat: 0, PlayerID: p.ID, Invitation: Accepted}, {Seat: 1, PlayerID: q.ID, Invitation: Accepted}}}, imported)
		if err != nil {
			return err
		}
		var rows int
		if err := tx.queryRow(`SELECT COUNT(*) FROM plies WHERE game_id = ?`, id).Scan(&rows); err != nil || rows != 0 {
			t.Errorf("%d rows of plies for an archived game, %v; want 0", rows, err)
		}
		got, err := tx.Plies(id)
		if err != nil {
			return err
		}
		if !slices.Equal(tokens(got), []string{"0K10", "1L9", "0M10"}) || got[2].N != 3 || !got[2].PlayedAt.Equal(t0) {
			t.Errorf("archived plies read %+v", got)
		}
		later := t0.Add(time.Hour)
		if err := tx.AddPly(id, Ply{N: 4, Seat: 1, Token: "N9", PlayedAt: later}); err != nil {
			return err
		}
		if got, _ := tx.Plies(id); !slices.Equal(tokens(got), []string{"0K10", "1L9", "0M10", "1N9"}) || !got[3].PlayedAt.Equal(later) {
			t.Errorf("plies after a ply by mail: %+v", got)
		}
		if err := tx.DeletePliesFrom(id, 3, later); err != nil {
			return err
		}
		if got, _ := tx.Plies(id); !slices.Equal(tokens(got), []string{"0K10", "1L9"}) {
			t.Errorf("plies after taking back from ply 3: %+v", got)
		}
		if err := tx.AddPly(id, Ply{N: 3, Seat: 0, Token: "J10", PlayedAt: later}); err != nil {
			return err
		}
		if got, _ := tx.Plies(id); !slices.Equal(tokens(got), []string{"0K10", "1L9", "0J10"}) {
			t.Errorf("plies after playing ply 3 again: %+v", got)
		}
		// A ply with a time of its own is not archived.
		id2, err := tx.CreateGameWithPlies(Game{Kind: "Pente", State: Active, Created: t0, Seats: []Seat{
			{Seat: 0, PlayerID: p.ID, Invitation: Accepted}, {Seat: 1, PlayerID: q.ID, Invitation: Accepted}}},
			[]Ply{{N: 1, Seat: 0, Token: "K10", PlayedAt: later}})
		if err != nil {
			return err
		}
		if got, _ := tx.Plies(id2); len(got) != 1 || !got[0].PlayedAt.Equal(later) {
			t.Errorf("a ply with its own time: %+v", got)
		}
		return nil
	})
}
