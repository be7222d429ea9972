package db

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Analysis is a request for the computer to go through a game: a game of
// the store (GameID) or a record's game (Record).
type Analysis struct {
	ID        int64
	PlayerID  int64
	GameID    int64 // 0 for a record
	Record    string
	Requested time.Time
	Done      *time.Time
}

// AddAnalysis stores a request; it waits until AnalysisDone.
func (t *Tx) AddAnalysis(a Analysis) (int64, error) {
	var game any
	if a.GameID != 0 {
		game = a.GameID
	}
	res, err := t.exec(`INSERT INTO analyses (player_id, game_id, record, requested_at) VALUES (?, ?, ?, ?)`,
		a.PlayerID, game, a.Record, a.Requested.UTC())
	if err != nil {
		return 0, fmt.Errorf("add analysis for player %d: %w", a.PlayerID, err)
	}
	return res.LastInsertId()
}

// Analysis finds a request; ErrNotFound if there is none.
func (t *Tx) Analysis(id int64) (Analysis, error) {
	var a Analysis
	var game sql.NullInt64
	var done sql.NullTime
	err := t.queryRow(`SELECT id, player_id, game_id, record, requested_at, done_at FROM analyses WHERE id = ?`, id).
		Scan(&a.ID, &a.PlayerID, &game, &a.Record, &a.Requested, &done)
	if errors.Is(err, sql.ErrNoRows) {
		return Analysis{}, fmt.Errorf("analysis %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Analysis{}, fmt.Errorf("analysis %d: %w", id, err)
	}
	a.GameID = game.Int64
	if done.Valid {
		a.Done = &done.Time
	}
	return a, nil
}

// WaitingAnalyses lists the requests not done yet, oldest first.
func (t *Tx) WaitingAnalyses(limit int) ([]int64, error) {
	return t.ids("waiting analyses", `SELECT id FROM analyses WHERE done_at IS NULL ORDER BY id LIMIT ?`, limit)
}

// WaitingAnalysesOf counts a player's requests not done yet.
func (t *Tx) WaitingAnalysesOf(playerID int64) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM analyses WHERE player_id = ? AND done_at IS NULL`, playerID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("waiting analyses of player %d: %w", playerID, err)
	}
	return n, nil
}

// AnalysisDone marks a request done; it reports false when it was done
// already, so that its mail goes once.
func (t *Tx) AnalysisDone(id int64, now time.Time) (bool, error) {
	res, err := t.exec(`UPDATE analyses SET done_at = ? WHERE id = ? AND done_at IS NULL`, now.UTC(), id)
	if err != nil {
		return false, fmt.Errorf("analysis %d done: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
