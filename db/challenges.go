package db

import (
	"database/sql"
	"fmt"
	"time"
)

// ChallengeState is where an open challenge is in its life.
type ChallengeState string

// The states of a challenge.
const (
	ChallengeOpen      ChallengeState = "open"      // waiting for a taker
	ChallengeTaken     ChallengeState = "taken"     // a game was made of it
	ChallengeExpired   ChallengeState = "expired"   // nobody took it in time
	ChallengeWithdrawn ChallengeState = "withdrawn" // its poster took it back
)

// Challenge is an open invitation to anyone: "new pente with anyone".
type Challenge struct {
	ID       int64
	PlayerID int64
	Address  string // the poster's, filled in on reading
	Name     string
	Kind     string // the game as rules/games names it: "pente", "quatro"
	Options  string // complete options, "name=value ..."
	// MinRating and MaxRating bound the taker's rating; 0 for no bound.
	MinRating, MaxRating int
	Created, Expires     time.Time
	State                ChallengeState
	GameID               int64
}

// AddChallenge stores a new open challenge and returns its id.
func (t *Tx) AddChallenge(c Challenge) (int64, error) {
	res, err := t.exec(`INSERT INTO challenges (player_id, kind, options, min_rating, max_rating, created_at, expires_at, state)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, c.PlayerID, c.Kind, c.Options, c.MinRating, c.MaxRating,
		c.Created.UTC(), c.Expires.UTC(), ChallengeOpen)
	if err != nil {
		return 0, fmt.Errorf("add challenge: %w", err)
	}
	return res.LastInsertId()
}

const challengeColumns = `c.id, c.player_id, p.address, p.name, c.kind, c.options, c.min_rating, c.max_rating,
	c.created_at, c.expires_at, c.state, c.game_id`

func scanChallenges(rows *rows) ([]Challenge, error) {
	defer rows.Close()
	var out []Challenge
	for rows.Next() {
		var c Challenge
		var game sql.NullInt64
		if err := rows.Scan(&c.ID, &c.PlayerID, &c.Address, &c.Name, &c.Kind, &c.Options, &c.MinRating, &c.MaxRating,
			&c.Created, &c.Expires, &c.State, &game); err != nil {
			return nil, err
		}
		c.GameID = game.Int64
		out = append(out, c)
	}
	return out, rows.Err()
}

// Challenge loads one challenge; ErrNotFound if there is none.
func (t *Tx) Challenge(id int64) (Challenge, error) {
	rows, err := t.query(`SELECT `+challengeColumns+` FROM challenges c JOIN players p ON p.id = c.player_id WHERE c.id = ?`, id)
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, err)
	}
	cs, err := scanChallenges(rows)
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, err)
	}
	if len(cs) == 0 {
		return Challenge{}, fmt.Errorf("challenge %d: %w", id, ErrNotFound)
	}
	return cs[0], nil
}

// OpenChallenges lists the challenges open at now, oldest first.
func (t *Tx) OpenChallenges(now time.Time) ([]Challenge, error) {
	rows, err := t.query(`SELECT `+challengeColumns+` FROM challenges c JOIN players p ON p.id = c.player_id
		WHERE c.state = ? AND c.expires_at > ? ORDER BY c.id`, ChallengeOpen, now.UTC())
	if err != nil {
		return nil, fmt.Errorf("open challenges: %w", err)
	}
	return scanChallenges(rows)
}

// ExpiredChallenges lists the ids of open challenges whose time is up.
func (t *Tx) ExpiredChallenges(now time.Time) ([]int64, error) {
	return t.ids("expired challenges", `SELECT id FROM challenges WHERE state = ? AND expires_at <= ? ORDER BY id`, ChallengeOpen, now.UTC())
}

// CloseChallenge ends an open challenge: taken (with its game), expired or
// withdrawn. It reports whether the challenge was still open, so that two
// takers racing for one challenge cannot both have it.
func (t *Tx) CloseChallenge(id int64, state ChallengeState, gameID int64) (bool, error) {
	res, err := t.exec(`UPDATE challenges SET state = ?, game_id = ? WHERE id = ? AND state = ?`,
		state, nullID(gameID), id, ChallengeOpen)
	if err != nil {
		return false, fmt.Errorf("close challenge %d: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ChallengesBy counts the challenges a player posted since a time, in
// any state: for the daily invitation limit.
func (t *Tx) ChallengesBy(playerID int64, since time.Time) (int, error) {
	var n int
	if err := t.queryRow(`SELECT COUNT(*) FROM challenges WHERE player_id = ? AND created_at >= ?`, playerID, since.UTC()).Scan(&n); err != nil {
		return 0, fmt.Errorf("challenges of player %d: %w", playerID, err)
	}
	return n, nil
}
