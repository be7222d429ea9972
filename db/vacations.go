package db

import (
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Vacation is a player's vacation and the allowance used in a year.
type Vacation struct {
	PlayerID int64
	// Since and Until bound the vacation; both nil when the player is not
	// away.
	Since, Until *time.Time
	// Year is the year DaysUsed counts; a vacation is charged to the year
	// it starts in.
	Year     int
	DaysUsed int
}

// Away reports whether the player is on vacation at now.
func (v Vacation) Away(now time.Time) bool {
	return v.Since != nil && v.Until != nil && !now.Before(*v.Since) && now.Before(*v.Until)
}

// Vacation returns a player's vacation record; one with no vacation and
// nothing used when the player never had one.
func (t *Tx) Vacation(playerID int64) (Vacation, error) {
	v := Vacation{PlayerID: playerID}
	var since, until sql.NullTime
	err := t.queryRow(`SELECT since, until, year, days_used FROM vacations WHERE player_id = ?`, playerID).
		Scan(&since, &until, &v.Year, &v.DaysUsed)
	if errors.Is(err, sql.ErrNoRows) {
		return v, nil
	}
	if err != nil {
		return Vacation{}, fmt.Errorf("vacation of player %d: %w", playerID, err)
	}
	if since.Valid && until.Valid {
		v.Since, v.Until = &since.Time, &until.Time
	}
	return v, nil
}

// PutVacation stores a player's vacation record.
func (t *Tx) PutVacation(v Vacation) error {
	_, err := t.exec(`INSERT INTO vacations (player_id, since, until, year, days_used) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (player_id) DO UPDATE SET since = excluded.since, until = excluded.until,
		year = excluded.year, days_used = excluded.days_used`,
		v.PlayerID, utcPtr(v.Since), utcPtr(v.Until), v.Year, v.DaysUsed)
	if err != nil {
		return fmt.Errorf("vacation of player %d: %w", v.PlayerID, err)
	}
	return nil
}

// VacationsOver lists the players whose vacation has ended by now but is
// still on record as running.
func (t *Tx) VacationsOver(now time.Time) ([]int64, error) {
	return t.ids("vacations over", `SELECT player_id FROM vacations WHERE until IS NOT NULL AND until <= ? ORDER BY until, player_id`,
		now.UTC())
}
