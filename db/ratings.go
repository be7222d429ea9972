package db

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Rating is a player's Glicko-2 rating in one game.
type Rating struct {
	PlayerID int64
	Address  string // filled in by lists
	Name     string // filled in by lists
	Kind     string // the game's command name: pente, quatro, ...
	R        float64
	RD       float64
	Vol      float64
	Games    int
}

// Rating returns a player's rating in a game; ok is false when the player
// has none yet.
func (t *Tx) Rating(playerID int64, kind string) (r Rating, ok bool, err error) {
	r = Rating{PlayerID: playerID, Kind: kind}
	err = t.queryRow(`SELECT r, rd, vol, games FROM ratings WHERE player_id = ? AND kind = ?`, playerID, kind).
		Scan(&r.R, &r.RD, &r.Vol, &r.Games)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return Rating{}, false, fmt.Errorf("rating of player %d in %s: %w", playerID, kind, err)
	}
	return r, true, nil
}

// PutRating stores a player's rating in a game.
func (t *Tx) PutRating(r Rating, now time.Time) error {
	_, err := t.exec(`INSERT INTO ratings (player_id, kind, r, rd, vol, games, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (player_id, kind) DO UPDATE SET r = excluded.r, rd = excluded.rd, vol = excluded.vol,
		games = excluded.games, updated_at = excluded.updated_at`,
		r.PlayerID, r.Kind, r.R, r.RD, r.Vol, r.Games, now.UTC())
	if err != nil {
		return fmt.Errorf("rating of player %d in %s: %w", r.PlayerID, r.Kind, err)
	}
	return nil
}

const ratingColumns = `r.player_id, p.address, p.name, r.kind, r.r, r.rd, r.vol, r.games`

func scanRatings(rows *rows) ([]Rating, error) {
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		var r Rating
		if err := rows.Scan(&r.PlayerID, &r.Address, &r.Name, &r.Kind, &r.R, &r.RD, &r.Vol, &r.Games); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// TopRatings lists the best n ratings in a game, highest first.
func (t *Tx) TopRatings(kind string, n int) ([]Rating, error) {
	rows, err := t.query(`SELECT `+ratingColumns+` FROM ratings r JOIN players p ON p.id = r.player_id
		WHERE r.kind = ? ORDER BY r.r DESC, r.player_id LIMIT ?`, kind, n)
	if err != nil {
		return nil, fmt.Errorf("top ratings in %s: %w", kind, err)
	}
	return scanRatings(rows)
}

// RatingsOf lists a player's ratings in every game rated so far.
func (t *Tx) RatingsOf(playerID int64) ([]Rating, error) {
	rows, err := t.query(`SELECT `+ratingColumns+` FROM ratings r JOIN players p ON p.id = r.player_id
		WHERE r.player_id = ? ORDER BY r.kind`, playerID)
	if err != nil {
		return nil, fmt.Errorf("ratings of player %d: %w", playerID, err)
	}
	return scanRatings(rows)
}

// RatingRank is a rating's place in its game (1 for the best) and how many
// players are rated in that game.
func (t *Tx) RatingRank(r Rating) (rank, of int, err error) {
	err = t.queryRow(`SELECT
		(SELECT COUNT(*) FROM ratings WHERE kind = ? AND (r > ? OR (r = ? AND player_id < ?))) + 1,
		(SELECT COUNT(*) FROM ratings WHERE kind = ?)`, r.Kind, r.R, r.R, r.PlayerID, r.Kind).Scan(&rank, &of)
	if err != nil {
		return 0, 0, fmt.Errorf("rank of player %d in %s: %w", r.PlayerID, r.Kind, err)
	}
	return rank, of, nil
}

// RatingChange is what one rated game did to one seat's rating.
type RatingChange struct {
	PlayerID      int64
	Kind          string
	Before, After Rating
}

// AddRatingChanges records what a game did to its seats' ratings.
func (t *Tx) AddRatingChanges(gameID int64, changes []RatingChange) error {
	for _, c := range changes {
		_, err := t.exec(`INSERT INTO rating_changes (game_id, player_id, kind, r_before, rd_before, games_before,
			r_after, rd_after, games_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			gameID, c.PlayerID, c.Kind, c.Before.R, c.Before.RD, c.Before.Games, c.After.R, c.After.RD, c.After.Games)
		if err != nil {
			return fmt.Errorf("game %d rating change of player %d: %w", gameID, c.PlayerID, err)
		}
	}
	return nil
}

// RatingChanges lists what a game did to its seats' ratings; none when it
// was not rated (yet).
func (t *Tx) RatingChanges(gameID int64) ([]RatingChange, error) {
	rows, err := t.query(`SELECT player_id, kind, r_before, rd_before, games_before, r_after, rd_after, games_after
		FROM rating_changes WHERE game_id = ? ORDER BY rowid`, gameID)
	if err != nil {
		return nil, fmt.Errorf("game %d rating changes: %w", gameID, err)
	}
	defer rows.Close()
	var out []RatingChange
	for rows.Next() {
		var c RatingChange
		if err := rows.Scan(&c.PlayerID, &c.Kind, &c.Before.R, &c.Before.RD, &c.Before.Games,
			&c.After.R, &c.After.RD, &c.After.Games); err != nil {
			return nil, err
		}
		c.Before.PlayerID, c.After.PlayerID = c.PlayerID, c.PlayerID
		c.Before.Kind, c.After.Kind = c.Kind, c.Kind
		out = append(out, c)
	}
	return out, rows.Err()
}
