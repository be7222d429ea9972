package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
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
	t.plyAdded(gameID, p)
	return t.touch(gameID, p.PlayedAt)
}

// CreateGameWithPlies stores a game that comes with its plies, as an
// import does: the game, its seats and its plies in the game's archive
// column (migration 008), in one INSERT for the game and one per seat.
// The plies must have been played when the game was created and by no
// mail; a ply that cannot be archived (a token with a space, a seat past
// 9, a mail, a time of its own, a conditional mark) makes them all rows
// of plies instead.
func (t *Tx) CreateGameWithPlies(g Game, plies []Ply) (int64, error) {
	archive, ok := archiveOf(plies, g.Created)
	if ok {
		return t.createGame(g, archive)
	}
	id, err := t.createGame(g, "")
	if err != nil {
		return 0, err
	}
	for _, p := range plies {
		if err := t.AddPly(id, p); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// archiveOf writes plies 1, 2, ... in the archive's form: "0K10 1L9".
func archiveOf(plies []Ply, created time.Time) (string, bool) {
	var b strings.Builder
	for i, p := range plies {
		if p.N != i+1 || p.Seat < 0 || p.Seat > 9 || p.Message != 0 || p.Conditional || !p.PlayedAt.Equal(created) ||
			p.Token == "" || strings.ContainsAny(p.Token, " \t\r\n") {
			return "", false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('0' + p.Seat))
		b.WriteString(p.Token)
	}
	return b.String(), true
}

// archived reads a game's archived plies.
func (t *Tx) archived(gameID int64) ([]Ply, error) {
	var archive string
	var created time.Time
	err := t.queryRow(`SELECT archive, created_at FROM games WHERE id = ?`, gameID).Scan(&archive, &created)
	if errors.Is(err, sql.ErrNoRows) || err == nil && archive == "" {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("archived plies of game %d: %w", gameID, err)
	}
	return archivePlies(archive, created), nil
}

// archivePlies reads a game's archive column: nil when it is empty.
func archivePlies(archive string, created time.Time) []Ply {
	if archive == "" {
		return nil
	}
	fields := strings.Fields(archive)
	out := make([]Ply, len(fields))
	for i, f := range fields {
		out[i] = Ply{N: i + 1, Seat: int(f[0] - '0'), Token: f[1:], PlayedAt: created}
	}
	return out
}

// Plies lists a game's plies in order: the archived ones, then the rows.
// One statement reads both, the game's row first (k = 0): a mail with a
// ply reads them every time. The rows of plies come first in the text, so
// that the driver reads the times of both as the plies' played_at.
func (t *Tx) Plies(gameID int64) ([]Ply, error) {
	if ps, ok := t.cachedPlies(gameID); ok {
		return ps, nil
	}
	ps, err := t.readPlies(gameID)
	if err == nil {
		t.keepPlies(gameID, ps)
	}
	return ps, err
}

func (t *Tx) readPlies(gameID int64) ([]Ply, error) {
	rows, err := t.query(`SELECT 1 AS k, n, seat, token, played_at, message_id, conditional, '' FROM plies WHERE game_id = ?1
		UNION ALL
		SELECT 0, 0, 0, '', created_at, NULL, 0, archive FROM games WHERE id = ?1
		ORDER BY k, n`, gameID)
	if err != nil {
		return nil, fmt.Errorf("plies of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Ply
	for rows.Next() {
		var (
			k       int
			p       Ply
			msg     sql.NullInt64
			archive string
		)
		if err := rows.Scan(&k, &p.N, &p.Seat, &p.Token, &p.PlayedAt, &msg, &p.Conditional, &archive); err != nil {
			return nil, fmt.Errorf("plies of game %d: %w", gameID, err)
		}
		if k == 0 {
			out = archivePlies(archive, p.PlayedAt)
			continue
		}
		p.Message = msg.Int64
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("plies of game %d: %w", gameID, err)
	}
	return out, nil
}

// DeletePliesFrom removes ply n and every later ply (a takeback), archived
// or not.
func (t *Tx) DeletePliesFrom(gameID int64, n int, now time.Time) error {
	t.pliesChanged(gameID)
	if _, err := t.exec(`DELETE FROM plies WHERE game_id = ? AND n >= ?`, gameID, n); err != nil {
		return fmt.Errorf("take back game %d from ply %d: %w", gameID, n, err)
	}
	arch, err := t.archived(gameID)
	if err != nil {
		return err
	}
	if n <= len(arch) {
		kept, _ := archiveOf(arch[:max(n-1, 0)], arch[0].PlayedAt)
		if _, err := t.exec(`UPDATE games SET archive = ? WHERE id = ?`, kept, gameID); err != nil {
			return fmt.Errorf("take back game %d from ply %d: %w", gameID, n, err)
		}
	}
	return t.touch(gameID, now)
}
