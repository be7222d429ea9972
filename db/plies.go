package db

import (
	"database/sql"
	"fmt"
	"time"
)

// Ply is one stored ply.
type Ply struct {
	N        int // 1-based
	Seat     int
	Token    string
	PlayedAt time.Time
	// Message is the processed message that carried it; 0 for plies the
	// service played itself or that came from an import.
	Message int64
	// Conditional marks a ply the player's conditional moves played.
	Conditional bool
}

// AddPly stores ply p of a game. The primary key (game, n) makes a second
// ply with the same number fail: two mails racing for one turn cannot both
// land.
func (t *Tx) AddPly(gameID int64, p Ply) error {
	var msg any
	if p.Message != 0 {
		msg = p.Message
	}
	if _, err := t.exec(`INSERT INTO plies (game_id, n, seat, token, played_at, message_id, conditional) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		gameID, p.N, p.Seat, p.Token, p.PlayedAt.UTC(), msg, p.Conditional); err != nil {
		return fmt.Errorf("game %d ply %d: %w", gameID, p.N, err)
	}
	return t.touch(gameID, p.PlayedAt)
}

// Plies lists a game's plies in order.
func (t *Tx) Plies(gameID int64) ([]Ply, error) {
	rows, err := t.query(`SELECT n, seat, token, played_at, message_id, conditional FROM plies WHERE game_id = ? ORDER BY n`, gameID)
	if err != nil {
		return nil, fmt.Errorf("plies of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Ply
	for rows.Next() {
		var p Ply
		var msg sql.NullInt64
		if err := rows.Scan(&p.N, &p.Seat, &p.Token, &p.PlayedAt, &msg, &p.Conditional); err != nil {
			return nil, err
		}
		p.Message = msg.Int64
		out = append(out, p)
	}
	return out, rows.Err()
}

// DeletePliesFrom removes ply n and every later ply (a takeback).
func (t *Tx) DeletePliesFrom(gameID int64, n int, now time.Time) error {
	if _, err := t.exec(`DELETE FROM plies WHERE game_id = ? AND n >= ?`, gameID, n); err != nil {
		return fmt.Errorf("take back game %d from ply %d: %w", gameID, n, err)
	}
	return t.touch(gameID, now)
}
