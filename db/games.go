package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// GameState is where a game is in its life.
type GameState string

// The states of a game.
const (
	Invited  GameState = "invited"  // waiting for every invitee to accept
	Declined GameState = "declined" // an invitee said no; never started
	Active   GameState = "active"   // being played
	Finished GameState = "finished" // has a result
)

// Invitation is a seat's answer to the invitation.
type Invitation string

// The answers.
const (
	Pending  Invitation = "pending"
	Accepted Invitation = "accepted"
	Refused  Invitation = "declined"
)

// Game is a game's row with its seats.
type Game struct {
	ID          int64
	Kind        string // rules kind name
	Options     string // complete options, "name=value ..."
	State       GameState
	Result      string
	Termination string
	Tags        map[string]string
	Seed        int64
	Created     time.Time
	Started     *time.Time
	Finished    *time.Time
	Updated     time.Time
	// Owner is the player who started the game (the inviter); 0 when
	// unknown (imported games).
	Owner int64
	Seats []Seat
}

// Seat is one place at a game's table.
type Seat struct {
	Seat       int // 0-based turn order
	PlayerID   int64
	Address    string
	Name       string
	Invitation Invitation
}

// SeatOf returns the seat of a player, or -1.
func (g Game) SeatOf(playerID int64) int {
	for _, s := range g.Seats {
		if s.PlayerID == playerID {
			return s.Seat
		}
	}
	return -1
}

// CreateGame stores a new game and its seats; it returns the game's id.
// g.Seats give each seat's player and invitation.
func (t *Tx) CreateGame(g Game) (int64, error) {
	return t.createGame(g, "")
}

func (t *Tx) createGame(g Game, archive string) (int64, error) {
	tags, _ := json.Marshal(nonNil(g.Tags))
	res, err := t.exec(`INSERT INTO games (kind, options, state, result, termination, tags, seed,
		created_at, started_at, finished_at, updated_at, owner_id, archive) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.Kind, g.Options, g.State, orStar(g.Result), g.Termination, string(tags), g.Seed,
		g.Created.UTC(), utcPtr(g.Started), utcPtr(g.Finished), g.Created.UTC(), nullID(g.Owner), archive)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	t.pliesChanged(id)
	t.seatsChanged(id)
	for _, s := range g.Seats {
		if _, err := t.exec(`INSERT INTO seats (game_id, seat, player_id, invitation) VALUES (?, ?, ?, ?)`,
			id, s.Seat, s.PlayerID, s.Invitation); err != nil {
			return 0, fmt.Errorf("create game %d seat %d: %w", id, s.Seat, err)
		}
	}
	return id, nil
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func orStar(s string) string {
	if s == "" {
		return "*"
	}
	return s
}

func utcPtr(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

// gameColumns are a game's row; its clock comes with it (clockColumns),
// kept for the transaction: a mail that reads a game reads its clock next.
const gameColumns = `id, kind, options, state, result, termination, tags, seed,
	created_at, started_at, finished_at, updated_at, owner_id, ` + clockColumns + `, ` + noRowsColumns

func (t *Tx) scanGames(rows *rows) ([]Game, error) {
	defer rows.Close()
	var out []Game
	for rows.Next() {
		var g Game
		var tags string
		var started, finished sql.NullTime
		var owner sql.NullInt64
		var clock clockFields
		var none noRows
		dest := append([]any{&g.ID, &g.Kind, &g.Options, &g.State, &g.Result, &g.Termination, &tags, &g.Seed,
			&g.Created, &started, &finished, &g.Updated, &owner}, clock.dest()...)
		if err := rows.Scan(append(dest, none.dest()...)...); err != nil {
			return nil, err
		}
		t.knowLacks(g.ID, none)
		g.Owner = owner.Int64
		if _, have := t.clocks[g.ID]; !have {
			// A clock that does not read is left for Clock to report.
			if c, ok, err := clock.clock(g.ID); err == nil {
				t.cacheClock(g.ID, c, ok)
			}
		}
		if tc, ok := t.touched[g.ID]; ok {
			g.Updated = tc.at // not written yet
		}
		if started.Valid {
			g.Started = &started.Time
		}
		if finished.Valid {
			g.Finished = &finished.Time
		}
		if err := json.Unmarshal([]byte(tags), &g.Tags); err != nil {
			return nil, fmt.Errorf("game %d tags: %w", g.ID, err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	for i := range out {
		seats, err := t.seats(out[i].ID)
		if err != nil {
			return nil, err
		}
		out[i].Seats = seats
	}
	return out, nil
}

func (t *Tx) seats(gameID int64) ([]Seat, error) {
	if ss, ok := t.seatsKept(gameID); ok {
		return ss, nil
	}
	ss, err := t.readSeats(gameID)
	if err == nil {
		t.keepSeats(gameID, ss)
	}
	return ss, err
}

func (t *Tx) readSeats(gameID int64) ([]Seat, error) {
	rows, err := t.query(`SELECT s.seat, s.player_id, p.address, p.name, s.invitation
		FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat`, gameID)
	if err != nil {
		return nil, fmt.Errorf("seats of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var s Seat
		if err := rows.Scan(&s.Seat, &s.PlayerID, &s.Address, &s.Name, &s.Invitation); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Game loads one game with its seats; ErrNotFound if there is none.
func (t *Tx) Game(id int64) (Game, error) {
	rows, err := t.query(`SELECT `+gameColumns+` FROM games WHERE id = ?`, id)
	if err != nil {
		return Game{}, fmt.Errorf("game %d: %w", id, err)
	}
	gs, err := t.scanGames(rows)
	if err != nil {
		return Game{}, fmt.Errorf("game %d: %w", id, err)
	}
	if len(gs) == 0 {
		return Game{}, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	return gs[0], nil
}

// GamesOf lists a player's games in the given states (all states when none
// is given), newest first.
func (t *Tx) GamesOf(playerID int64, states ...GameState) ([]Game, error) {
	q := `SELECT ` + gameColumns + ` FROM games WHERE id IN (SELECT game_id FROM seats WHERE player_id = ?)`
	args := []any{playerID}
	if len(states) > 0 {
		q += ` AND state IN (?` + strings.Repeat(`, ?`, len(states)-1) + `)`
		for _, s := range states {
			args = append(args, s)
		}
	}
	rows, err := t.query(q+` ORDER BY id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("games of player %d: %w", playerID, err)
	}
	return t.scanGames(rows)
}

// GameIDs lists the ids of all games, oldest first: for exports.
func (t *Tx) GameIDs() ([]int64, error) {
	return t.ids("game ids", `SELECT id FROM games ORDER BY id`)
}

// Answer records a seat's answer to its invitation.
func (t *Tx) Answer(gameID int64, seat int, answer Invitation, now time.Time) error {
	t.seatsChanged(gameID)
	_, err := t.exec(`UPDATE seats SET invitation = ?, answered_at = ? WHERE game_id = ? AND seat = ?`,
		answer, now.UTC(), gameID, seat)
	if err != nil {
		return fmt.Errorf("answer game %d seat %d: %w", gameID, seat, err)
	}
	return t.touch(gameID, now)
}

// SetState moves a game to a state, setting started_at on activation,
// finished_at, result and termination when it finishes, and termination
// (why: "cancelled") when it is declined.
func (t *Tx) SetState(gameID int64, state GameState, result, termination string, now time.Time) error {
	var err error
	switch state {
	case Active:
		_, err = t.exec(`UPDATE games SET state = ?, started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?`,
			state, now.UTC(), now.UTC(), gameID)
	case Finished:
		_, err = t.exec(`UPDATE games SET state = ?, result = ?, termination = ?, finished_at = ?, updated_at = ? WHERE id = ?`,
			state, orStar(result), termination, now.UTC(), now.UTC(), gameID)
	case Declined:
		_, err = t.exec(`UPDATE games SET state = ?, termination = ?, updated_at = ? WHERE id = ?`,
			state, termination, now.UTC(), gameID)
	default:
		_, err = t.exec(`UPDATE games SET state = ?, updated_at = ? WHERE id = ?`, state, now.UTC(), gameID)
	}
	if err != nil {
		return fmt.Errorf("game %d to %s: %w", gameID, state, err)
	}
	delete(t.touched, gameID) // written here
	return nil
}

// touch is a change to a game at a time, waiting to be written.
type touch struct{ at time.Time }

// touch marks a game changed now. Its updated_at is written once per
// transaction, when the transaction ends (flush) or with the game's clock
// (PutClock), not once per ply: a ply's mail otherwise wrote the game's
// row twice.
func (t *Tx) touch(gameID int64, now time.Time) error {
	if t.touched == nil {
		t.touched = map[int64]touch{}
	}
	t.touched[gameID] = touch{at: now.UTC()}
	return nil
}

// flush writes the updated_at of the games touched and not written yet.
func (t *Tx) flush() error {
	for id, tc := range t.touched {
		if _, err := t.exec(`UPDATE games SET updated_at = ? WHERE id = ?`, tc.at, id); err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
	}
	clear(t.touched)
	return nil
}

// CountGames counts the games in a state (all when state is "").
func (t *Tx) CountGames(state GameState) (int, error) {
	var n int
	var err error
	if state == "" {
		err = t.queryRow(`SELECT COUNT(*) FROM games`).Scan(&n)
	} else {
		err = t.queryRow(`SELECT COUNT(*) FROM games WHERE state = ?`, state).Scan(&n)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return n, err
}
