package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Conditions are one seat's conditional moves in a game: lines of plies,
// each the opponent's ply, then the seat's answer, then the opponent's
// next, and so on.
type Conditions struct {
	Seat  int
	Lines [][]string
	// At is how many plies the game had when the lines' first plies were
	// to come next: they answer ply At+1 and no other.
	At      int
	Updated time.Time
}

// PutConditions stores a seat's conditions, replacing what it had; no
// lines deletes them.
func (t *Tx) PutConditions(gameID int64, c Conditions) error {
	if len(c.Lines) == 0 {
		return t.DeleteConditions(gameID, c.Seat)
	}
	lines, err := json.Marshal(c.Lines)
	if err != nil {
		return err
	}
	_, err = t.exec(`INSERT INTO conditions (game_id, seat, lines, at_ply, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id, seat) DO UPDATE SET lines = excluded.lines, at_ply = excluded.at_ply, updated_at = excluded.updated_at`,
		gameID, c.Seat, string(lines), c.At, c.Updated.UTC())
	t.mayHave(gameID, func(n *noRows) { n.conditions = false })
	if err != nil {
		return fmt.Errorf("game %d seat %d conditions: %w", gameID, c.Seat, err)
	}
	return nil
}

// GetConditions returns a seat's conditions in a game, if it has any.
func (t *Tx) GetConditions(gameID int64, seat int) (Conditions, bool, error) {
	if t.lacks(gameID).conditions {
		return Conditions{}, false, nil
	}
	c := Conditions{Seat: seat}
	var lines string
	err := t.queryRow(`SELECT lines, at_ply, updated_at FROM conditions WHERE game_id = ? AND seat = ?`, gameID, seat).
		Scan(&lines, &c.At, &c.Updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Conditions{}, false, nil
	}
	if err != nil {
		return Conditions{}, false, fmt.Errorf("game %d seat %d conditions: %w", gameID, seat, err)
	}
	if err := json.Unmarshal([]byte(lines), &c.Lines); err != nil {
		return Conditions{}, false, fmt.Errorf("game %d seat %d conditions: %w", gameID, seat, err)
	}
	return c, len(c.Lines) > 0, nil
}

// DeleteConditions removes a seat's conditions in a game.
func (t *Tx) DeleteConditions(gameID int64, seat int) error {
	if _, err := t.exec(`DELETE FROM conditions WHERE game_id = ? AND seat = ?`, gameID, seat); err != nil {
		return fmt.Errorf("game %d seat %d conditions: %w", gameID, seat, err)
	}
	return nil
}

// ClearConditions removes every seat's conditions in a game (it ended, or
// plies were taken back).
func (t *Tx) ClearConditions(gameID int64) error {
	if _, err := t.exec(`DELETE FROM conditions WHERE game_id = ?`, gameID); err != nil {
		return fmt.Errorf("game %d conditions: %w", gameID, err)
	}
	return nil
}
