package db

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PauseReason says why a game's clock stands still.
type PauseReason string

// The reasons a clock stands still; Running when it does not.
const (
	Running        PauseReason = ""
	PauseVacation  PauseReason = "vacation"  // the seat to move is on vacation
	PauseBounce    PauseReason = "bounce"    // a game mail to a seat bounced
	PauseAdjourned PauseReason = "adjourned" // an unrated game ran out of time
)

// Clock is the clock of an active game: whose turn it is and until when.
// While it is paused, Started and Deadline stay where they were; resuming
// moves both on by the length of the pause.
type Clock struct {
	GameID   int64
	Turn     int // counts the game's turns, from 1
	Seat     int // the seat to move
	Plies    int // plies played when the turn began
	Started  time.Time
	Deadline time.Time
	// CheckAt is when the scheduler must look at the clock next: a
	// reminder or the deadline.
	CheckAt time.Time
	Paused  *time.Time // nil while the clock runs
	Reason  PauseReason
	// Banks is each seat's time bank in games with one; nil otherwise.
	Banks []time.Duration
}

// The clock of a game lives in the game's row (migration 008): a ply's
// mail writes the game's row once, with its clock and updated_at together.

// PutClock stores a game's clock, replacing the one it had. It writes the
// game's updated_at with it when the transaction touched the game.
func (t *Tx) PutClock(c Clock) error {
	banks := make([]string, len(c.Banks))
	for i, b := range c.Banks {
		banks[i] = strconv.FormatInt(int64(b/time.Second), 10)
	}
	var updated any
	if tc, ok := t.touched[c.GameID]; ok {
		updated = tc.at
	}
	// The pause reason is written only when it changes: SQLite checks its
	// CHECK (reason IN four values) at every UPDATE that sets it, building
	// the list into a temporary b-tree each time, and a ply's clock keeps
	// its reason (none). The clock kept for the transaction says what the
	// row holds.
	const set = `UPDATE games SET clock_turn = ?, clock_seat = ?, clock_plies = ?, clock_started_at = ?,
		clock_deadline = ?, clock_check_at = ?, clock_paused_at = ?, clock_banks = ?, updated_at = COALESCE(?, updated_at)`
	query := set + ` WHERE id = ?`
	args := []any{c.Turn, c.Seat, c.Plies, c.Started.UTC(), c.Deadline.UTC(), c.CheckAt.UTC(),
		utcPtr(c.Paused), strings.Join(banks, ","), updated}
	if cc, have := t.clocks[c.GameID]; !have || !cc.ok || cc.c.Reason != c.Reason {
		query = set + `, clock_pause_reason = ? WHERE id = ?`
		args = append(args, c.Reason)
	}
	res, err := t.exec(query, append(args, c.GameID)...)
	if err == nil {
		err = oneRow(res)
	}
	if err != nil {
		return fmt.Errorf("game %d clock: %w", c.GameID, err)
	}
	delete(t.touched, c.GameID) // written with the clock
	t.cacheClock(c.GameID, c, true)
	return nil
}

// cachedClock is a clock as the transaction last read or wrote it.
type cachedClock struct {
	c  Clock
	ok bool
}

// cacheClock keeps a game's clock for the rest of the transaction, with
// its own copy of the banks: callers change the Clock they were given.
func (t *Tx) cacheClock(gameID int64, c Clock, ok bool) {
	if t.clocks == nil {
		t.clocks = map[int64]cachedClock{}
	}
	// As the store gives them back.
	c.Banks = slices.Clone(c.Banks)
	c.Started, c.Deadline, c.CheckAt = c.Started.UTC(), c.Deadline.UTC(), c.CheckAt.UTC()
	if c.Paused != nil {
		p := c.Paused.UTC()
		c.Paused = &p
	}
	t.clocks[gameID] = cachedClock{c: c, ok: ok}
}

// oneRow checks that a statement changed a row: ErrNotFound when not.
func oneRow(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Clock returns a game's clock; ok is false when it has none.
func (t *Tx) Clock(gameID int64) (c Clock, ok bool, err error) {
	if cc, have := t.clocks[gameID]; have {
		c = cc.c
		c.Banks = slices.Clone(c.Banks)
		return c, cc.ok, nil
	}
	c, ok, err = t.readClock(gameID)
	if err == nil {
		t.cacheClock(gameID, c, ok)
	}
	return c, ok, err
}

func (t *Tx) readClock(gameID int64) (c Clock, ok bool, err error) {
	var f clockFields
	err = t.queryRow(`SELECT `+clockColumns+` FROM games WHERE id = ?`, gameID).Scan(f.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return Clock{}, false, nil
	}
	if err != nil {
		return Clock{}, false, fmt.Errorf("game %d clock: %w", gameID, err)
	}
	return f.clock(gameID)
}

// clockColumns are a game's clock in its row, as clockFields scans them.
const clockColumns = `clock_turn, clock_seat, clock_plies, clock_started_at, clock_deadline, clock_check_at,
	clock_paused_at, clock_pause_reason, clock_banks`

type clockFields struct {
	turn, seat, plies                sql.NullInt64
	started, deadline, check, paused sql.NullTime
	reason                           PauseReason
	banks                            string
}

func (f *clockFields) dest() []any {
	return []any{&f.turn, &f.seat, &f.plies, &f.started, &f.deadline, &f.check, &f.paused, &f.reason, &f.banks}
}

// clock is the clock scanned; ok is false when the game has none.
func (f *clockFields) clock(gameID int64) (c Clock, ok bool, err error) {
	if !f.turn.Valid {
		return Clock{}, false, nil
	}
	c.GameID, c.Turn, c.Seat, c.Plies = gameID, int(f.turn.Int64), int(f.seat.Int64), int(f.plies.Int64)
	c.Started, c.Deadline, c.CheckAt, c.Reason = f.started.Time, f.deadline.Time, f.check.Time, f.reason
	if f.paused.Valid {
		c.Paused = &f.paused.Time
	}
	if f.banks != "" {
		for _, s := range strings.Split(f.banks, ",") {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return Clock{}, false, fmt.Errorf("game %d clock banks %q: %w", gameID, f.banks, err)
			}
			c.Banks = append(c.Banks, time.Duration(n)*time.Second)
		}
	}
	return c, true, nil
}

// DeleteClock removes a game's clock (the game is over).
func (t *Tx) DeleteClock(gameID int64) error {
	if _, err := t.exec(`UPDATE games SET clock_turn = NULL, clock_seat = NULL, clock_plies = NULL,
		clock_started_at = NULL, clock_deadline = NULL, clock_check_at = NULL, clock_paused_at = NULL,
		clock_pause_reason = '', clock_banks = '' WHERE id = ?`, gameID); err != nil {
		return fmt.Errorf("game %d delete clock: %w", gameID, err)
	}
	t.cacheClock(gameID, Clock{}, false)
	return nil
}

// DueClocks lists the games whose running clock needs a look by now, most
// urgent first, at most limit of them.
func (t *Tx) DueClocks(now time.Time, limit int) ([]int64, error) {
	return t.ids("due clocks", `SELECT id FROM games
		WHERE clock_turn IS NOT NULL AND clock_paused_at IS NULL AND clock_check_at <= ?
		ORDER BY clock_check_at, id LIMIT ?`, now.UTC(), limit)
}

// ActiveWithoutClock lists the active games that have no clock yet (games
// started before clocks were kept), oldest first, at most limit of them.
func (t *Tx) ActiveWithoutClock(limit int) ([]int64, error) {
	return t.ids("active games without a clock", `SELECT id FROM games
		WHERE state = ? AND clock_turn IS NULL ORDER BY id LIMIT ?`, Active, limit)
}

// ShiftRunningClocks moves every running clock on by d: the time the
// service was down is given back. It returns how many clocks moved.
func (t *Tx) ShiftRunningClocks(d time.Duration) (int, error) {
	t.clocks = nil
	rows, err := t.query(`SELECT id, clock_started_at, clock_deadline, clock_check_at FROM games
		WHERE clock_turn IS NOT NULL AND clock_paused_at IS NULL`)
	if err != nil {
		return 0, fmt.Errorf("running clocks: %w", err)
	}
	type moved struct {
		id                        int64
		started, deadline, checks time.Time
	}
	var all []moved
	for rows.Next() {
		var m moved
		if err := rows.Scan(&m.id, &m.started, &m.deadline, &m.checks); err != nil {
			rows.Close()
			return 0, err
		}
		all = append(all, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	for _, m := range all {
		if _, err := t.exec(`UPDATE games SET clock_started_at = ?, clock_deadline = ?, clock_check_at = ? WHERE id = ?`,
			m.started.Add(d).UTC(), m.deadline.Add(d).UTC(), m.checks.Add(d).UTC(), m.id); err != nil {
			return 0, fmt.Errorf("game %d shift clock: %w", m.id, err)
		}
	}
	return len(all), nil
}

// Remind records that a reminder of a kind ("half", "last") went out for a
// turn. It reports false when one had gone out already, so that none is
// sent twice.
func (t *Tx) Remind(gameID int64, turn int, kind string, now time.Time) (bool, error) {
	res, err := t.exec(`INSERT INTO reminders (game_id, turn, kind, sent_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		gameID, turn, kind, now.UTC())
	t.mayHave(gameID, func(n *noRows) { n.reminders = false })
	if err != nil {
		return false, fmt.Errorf("game %d turn %d %s reminder: %w", gameID, turn, kind, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Reminded returns the kinds of reminder sent for a turn.
func (t *Tx) Reminded(gameID int64, turn int) (map[string]bool, error) {
	if n := t.lacks(gameID); n.reminders && turn >= n.remindersFrom {
		return map[string]bool{}, nil
	}
	rows, err := t.query(`SELECT kind FROM reminders WHERE game_id = ? AND turn = ?`, gameID, turn)
	if err != nil {
		return nil, fmt.Errorf("game %d turn %d reminders: %w", gameID, turn, err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out[k] = true
	}
	return out, rows.Err()
}

// holds says what a transaction knows of the bounce holds: every mail
// asks about its sender's and its game's, and most stores have none.
type holds int

const (
	holdsUnknown holds = iota
	holdsNone          // read: there were none, and none was made since
	holdsMaybe         // read some, or made one
)

// anyHolds reports whether the store may hold a bounce hold, reading it
// once a transaction.
func (t *Tx) anyHolds() (bool, error) {
	if t.holds == holdsUnknown {
		var some bool
		if err := t.queryRow(`SELECT EXISTS (SELECT 1 FROM bounce_holds)`).Scan(&some); err != nil {
			return false, fmt.Errorf("any bounce holds: %w", err)
		}
		t.holds = holdsNone
		if some {
			t.holds = holdsMaybe
		}
	}
	return t.holds == holdsMaybe, nil
}

// HoldForBounce records that a game's mail to a player bounced.
func (t *Tx) HoldForBounce(gameID, playerID int64, now time.Time) error {
	t.holds = holdsMaybe // also when a savepoint undoes it: maybe is never wrong
	_, err := t.exec(`INSERT INTO bounce_holds (game_id, player_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		gameID, playerID, now.UTC())
	if err != nil {
		return fmt.Errorf("game %d bounce hold: %w", gameID, err)
	}
	return nil
}

// BounceHolds lists the players whose mail about a game bounced.
func (t *Tx) BounceHolds(gameID int64) ([]int64, error) {
	if some, err := t.anyHolds(); err != nil || !some {
		return nil, err
	}
	return t.ids(fmt.Sprintf("game %d bounce holds", gameID),
		`SELECT player_id FROM bounce_holds WHERE game_id = ? ORDER BY since, player_id`, gameID)
}

// ReleaseBounces drops a player's bounce holds and returns the games they
// held.
func (t *Tx) ReleaseBounces(playerID int64) ([]int64, error) {
	if some, err := t.anyHolds(); err != nil || !some {
		return nil, err
	}
	games, err := t.ids(fmt.Sprintf("bounce holds of player %d", playerID),
		`SELECT game_id FROM bounce_holds WHERE player_id = ? ORDER BY game_id`, playerID)
	if err != nil || len(games) == 0 {
		return nil, err
	}
	if _, err := t.exec(`DELETE FROM bounce_holds WHERE player_id = ?`, playerID); err != nil {
		return nil, fmt.Errorf("release bounce holds of player %d: %w", playerID, err)
	}
	return games, nil
}

// LastTick is the scheduler's heartbeat; ok is false before the first tick.
// It is read once a transaction: every mail of a batch asks.
func (t *Tx) LastTick() (last time.Time, ok bool, err error) {
	if t.tick != nil {
		return t.tick.at, t.tick.ok, nil
	}
	err = t.queryRow(`SELECT last_tick FROM scheduler WHERE id = 1`).Scan(&last)
	if errors.Is(err, sql.ErrNoRows) {
		t.tick = &heartbeat{}
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("last tick: %w", err)
	}
	t.tick = &heartbeat{at: last, ok: true}
	return last, true, nil
}

// heartbeat is the scheduler's last tick as a transaction read or wrote it.
type heartbeat struct {
	at time.Time
	ok bool
}

// SetLastTick records the scheduler's heartbeat.
func (t *Tx) SetLastTick(now time.Time) error {
	t.tick = nil
	_, err := t.exec(`INSERT INTO scheduler (id, last_tick) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_tick = excluded.last_tick`,
		now.UTC())
	if err != nil {
		return fmt.Errorf("set last tick: %w", err)
	}
	return nil
}

// ids runs a query of one integer column; what names it in errors.
func (t *Tx) ids(what, query string, args ...any) ([]int64, error) {
	rows, err := t.query(query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}
