package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// Archive reads the store for the web archive: its own pool of read-only
// connections (mode=ro, query_only), so that a busy page never holds the
// write lock or waits for it, and the mail loop never waits for a page.
// In WAL mode readers and the one writer do not block each other, so an
// archive may read a store that a running daemon is writing.
//
// Every query here leaves out games started with private=yes, and games
// that never started (invited, declined). Players appear by their public
// name only: the display name they gave, or the local part of their
// address when they gave none (or gave one that holds an address); never
// the address itself.
type Archive struct {
	db    *sql.DB
	stmts map[string]*sql.Stmt
	lists [8]*sql.Stmt // Games by which filters are set: kind, state, players
}

// publicName is the SQL of a player's public name, for the players table
// aliased p.
const publicName = `(CASE WHEN p.name != '' AND instr(p.name, '@') = 0 THEN p.name
	ELSE substr(p.address, 1, instr(p.address || '@', '@') - 1) END)`

// archived is the condition on games (aliased g) the archive shows.
const archived = `NOT g.private AND g.state IN ('active', 'finished')`

const archiveGameColumns = `g.id, g.kind, g.options, g.state, g.result, g.termination, g.tags,
	g.created_at, g.started_at, g.finished_at, g.updated_at,
	(SELECT COUNT(*) FROM plies WHERE game_id = g.id) +
	(CASE g.archive WHEN '' THEN 0 ELSE length(g.archive) - length(replace(g.archive, ' ', '')) + 1 END)`

var archiveQueries = map[string]string{
	"game": `SELECT ` + archiveGameColumns + ` FROM games g WHERE g.id = ? AND ` + archived,
	"seats": `SELECT s.game_id, s.seat, s.player_id, ` + publicName + `
		FROM seats s JOIN players p ON p.id = s.player_id
		WHERE s.game_id IN (SELECT value FROM json_each(?)) ORDER BY s.game_id, s.seat`,
	"clock": `SELECT clock_seat, clock_deadline, clock_paused_at, clock_pause_reason FROM games WHERE id = ? AND clock_turn IS NOT NULL`,
	"named": `SELECT p.id, ` + publicName + ` FROM players p WHERE ` + publicName + ` = ? ORDER BY p.id`,
	"playerGames": `SELECT ` + archiveGameColumns + ` FROM games g
		WHERE g.id IN (SELECT game_id FROM seats WHERE player_id = ?) AND ` + archived + `
		ORDER BY g.id DESC LIMIT ? OFFSET ?`,
	"ratingsOf": `SELECT r.player_id, ` + publicName + `, r.kind, r.r, r.rd, r.games
		FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.player_id = ? ORDER BY r.kind`,
	"ladder": `SELECT r.player_id, ` + publicName + `, r.kind, r.r, r.rd, r.games
		FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.kind = ?
		ORDER BY r.r DESC, r.player_id LIMIT ? OFFSET ?`,
	// The challenges open at a time, as OpenChallenges has them, less the
	// ones for a private game; with the poster's rating in the game, if any.
	"challenges": `SELECT c.id, c.player_id, ` + publicName + `, c.kind, c.options, c.min_rating, c.max_rating,
		c.created_at, c.expires_at, r.r
		FROM challenges c JOIN players p ON p.id = c.player_id
		LEFT JOIN ratings r ON r.player_id = c.player_id AND r.kind = c.kind
		WHERE c.state = '` + string(ChallengeOpen) + `' AND c.expires_at > ?
			AND instr(' ' || c.options || ' ', ' private=yes ') = 0
		ORDER BY c.id LIMIT ? OFFSET ?`,
}

// listQuery is the query of Games for one set of filters: the filters
// not set are left out of the text (not written as "? = ”"), so that
// SQLite picks the index that fits each.
func listQuery(kind, state, players bool) string {
	q := `SELECT ` + archiveGameColumns + ` FROM games g WHERE ` + archived
	if kind {
		q += ` AND g.kind = ? AND instr(' ' || g.options || ' ', ?) > 0`
	}
	if state {
		q += ` AND g.state = ?`
	}
	if players {
		q += ` AND g.id IN (SELECT game_id FROM seats WHERE player_id IN (SELECT value FROM json_each(?)))`
	}
	return q + ` ORDER BY g.id DESC LIMIT ? OFFSET ?`
}

// OpenArchive opens the database file at path for reading only. The file
// must exist and have its schema up to date (Open does that); it is never
// changed through an archive.
func OpenArchive(ctx context.Context, path string) (*Archive, error) {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("_query_only", "true")
	q.Set("_busy_timeout", "5000")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	sqldb := sql.OpenDB(connector{dsn: dsn, driver: &sqlite3.SQLiteDriver{}})
	a := &Archive{db: sqldb, stmts: map[string]*sql.Stmt{}}
	for name, text := range archiveQueries {
		st, err := sqldb.PrepareContext(ctx, text)
		if err != nil {
			sqldb.Close()
			return nil, fmt.Errorf("open archive %s: prepare %s: %w", path, name, err)
		}
		a.stmts[name] = st
	}
	for i := range a.lists {
		st, err := sqldb.PrepareContext(ctx, listQuery(i&1 != 0, i&2 != 0, i&4 != 0))
		if err != nil {
			sqldb.Close()
			return nil, fmt.Errorf("open archive %s: prepare list: %w", path, err)
		}
		a.lists[i] = st
	}
	return a, nil
}

// Close closes the archive's connections.
func (a *Archive) Close() error { return a.db.Close() }

// View runs fn in a read-only transaction of the archive's pool: for the
// store's own readers (a game's record) on the archive's connections.
func (a *Archive) View(ctx context.Context, fn func(*Tx) error) error {
	return view(ctx, a.db, nil, fn)
}

// ArchivedGame is a game as the archive shows it.
type ArchivedGame struct {
	ID          int64
	Kind        string // rules kind name
	Options     string // complete options, "name=value ..."
	State       GameState
	Result      string
	Termination string
	Tags        map[string]string
	Created     time.Time
	Started     *time.Time
	Finished    *time.Time
	Updated     time.Time
	Plies       int
	Seats       []ArchivedSeat
}

// ArchivedSeat is a seat with its player's public name.
type ArchivedSeat struct {
	Seat     int
	PlayerID int64
	Name     string
}

// ArchiveFilter chooses the games of a list; zero fields choose all.
type ArchiveFilter struct {
	// Kind is the rules kind name; Variant, when set, an option word the
	// game's options must hold ("variant=keryo").
	Kind, Variant string
	State         GameState
	// Players: games where any of them sits. Nil for no filter; empty
	// (not nil) matches nothing.
	Players []int64
	Offset  int
	Limit   int
}

// Games lists the archived games that f chooses, newest first.
func (a *Archive) Games(ctx context.Context, f ArchiveFilter) ([]ArchivedGame, error) {
	if f.Players != nil && len(f.Players) == 0 {
		return nil, nil
	}
	var args []any
	i := 0
	if f.Kind != "" {
		i |= 1
		word := " "
		if f.Variant != "" {
			word = " " + f.Variant + " "
		}
		args = append(args, f.Kind, word)
	}
	if f.State != "" {
		i |= 2
		args = append(args, f.State)
	}
	if f.Players != nil {
		i |= 4
		ids, _ := json.Marshal(f.Players)
		args = append(args, string(ids))
	}
	args = append(args, f.Limit, f.Offset)
	rows, err := a.lists[i].QueryContext(ctx, args...)
	if err != nil {
		return nil, fmt.Errorf("archive games: %w", err)
	}
	return a.scan(ctx, rows)
}

// Game loads one archived game; ErrNotFound when there is none, or it is
// private or never started.
func (a *Archive) Game(ctx context.Context, id int64) (ArchivedGame, error) {
	rows, err := a.stmts["game"].QueryContext(ctx, id)
	if err != nil {
		return ArchivedGame{}, fmt.Errorf("archive game %d: %w", id, err)
	}
	gs, err := a.scan(ctx, rows)
	if err != nil {
		return ArchivedGame{}, fmt.Errorf("archive game %d: %w", id, err)
	}
	if len(gs) == 0 {
		return ArchivedGame{}, fmt.Errorf("archive game %d: %w", id, ErrNotFound)
	}
	return gs[0], nil
}

func (a *Archive) scan(ctx context.Context, rows *sql.Rows) ([]ArchivedGame, error) {
	defer rows.Close()
	var out []ArchivedGame
	index := map[int64]int{}
	var ids []int64
	for rows.Next() {
		var g ArchivedGame
		var tags string
		var started, finished sql.NullTime
		if err := rows.Scan(&g.ID, &g.Kind, &g.Options, &g.State, &g.Result, &g.Termination, &tags,
			&g.Created, &started, &finished, &g.Updated, &g.Plies); err != nil {
			return nil, err
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
		index[g.ID] = len(out)
		ids = append(ids, g.ID)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	if len(ids) == 0 {
		return out, nil
	}
	list, _ := json.Marshal(ids)
	srows, err := a.stmts["seats"].QueryContext(ctx, string(list))
	if err != nil {
		return nil, fmt.Errorf("seats: %w", err)
	}
	defer srows.Close()
	for srows.Next() {
		var gid int64
		var s ArchivedSeat
		if err := srows.Scan(&gid, &s.Seat, &s.PlayerID, &s.Name); err != nil {
			return nil, err
		}
		g := &out[index[gid]]
		g.Seats = append(g.Seats, s)
	}
	return out, srows.Err()
}

// ArchivedPly is one ply of an archived game.
type ArchivedPly struct {
	N        int
	Seat     int
	Token    string
	PlayedAt time.Time
}

// Plies lists a game's plies in order, those kept in the game's archive
// column (an import's) and then the rows. The caller has checked with Game
// that the game is archived.
func (a *Archive) Plies(ctx context.Context, gameID int64) ([]ArchivedPly, error) {
	var out []ArchivedPly
	err := a.View(ctx, func(t *Tx) error {
		ps, err := t.Plies(gameID)
		for _, p := range ps {
			out = append(out, ArchivedPly{N: p.N, Seat: p.Seat, Token: p.Token, PlayedAt: p.PlayedAt})
		}
		return err
	})
	return out, err
}

// ArchivedClock is the clock of an active game as the archive shows it.
type ArchivedClock struct {
	Seat     int
	Deadline time.Time
	Paused   bool
	Reason   PauseReason
}

// Clock returns an active game's clock; ok is false when it has none.
func (a *Archive) Clock(ctx context.Context, gameID int64) (c ArchivedClock, ok bool, err error) {
	var paused sql.NullTime
	err = a.stmts["clock"].QueryRowContext(ctx, gameID).Scan(&c.Seat, &c.Deadline, &paused, &c.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return ArchivedClock{}, false, nil
	}
	if err != nil {
		return ArchivedClock{}, false, fmt.Errorf("clock of game %d: %w", gameID, err)
	}
	c.Paused = paused.Valid
	return c, true, nil
}

// ArchivedPlayer is a player by public name.
type ArchivedPlayer struct {
	ID   int64
	Name string
}

// PlayersNamed lists the players whose public name is name: more than
// one when several addresses share a local part or a display name.
func (a *Archive) PlayersNamed(ctx context.Context, name string) ([]ArchivedPlayer, error) {
	rows, err := a.stmts["named"].QueryContext(ctx, strings.TrimSpace(name))
	if err != nil {
		return nil, fmt.Errorf("players named %q: %w", name, err)
	}
	defer rows.Close()
	var out []ArchivedPlayer
	for rows.Next() {
		var p ArchivedPlayer
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// PlayerGames lists a player's archived games, newest first.
func (a *Archive) PlayerGames(ctx context.Context, playerID int64, offset, limit int) ([]ArchivedGame, error) {
	rows, err := a.stmts["playerGames"].QueryContext(ctx, playerID, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("games of player %d: %w", playerID, err)
	}
	return a.scan(ctx, rows)
}

// ArchivedRating is a rating with its player's public name.
type ArchivedRating struct {
	PlayerID int64
	Name     string
	Kind     string // the game's command name: pente, quatro, ...
	R, RD    float64
	Games    int
}

func scanArchivedRatings(rows *sql.Rows) ([]ArchivedRating, error) {
	defer rows.Close()
	var out []ArchivedRating
	for rows.Next() {
		var r ArchivedRating
		if err := rows.Scan(&r.PlayerID, &r.Name, &r.Kind, &r.R, &r.RD, &r.Games); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RatingsOf lists a player's ratings, by game.
func (a *Archive) RatingsOf(ctx context.Context, playerID int64) ([]ArchivedRating, error) {
	rows, err := a.stmts["ratingsOf"].QueryContext(ctx, playerID)
	if err != nil {
		return nil, fmt.Errorf("ratings of player %d: %w", playerID, err)
	}
	return scanArchivedRatings(rows)
}

// Ladder lists a game's ratings, best first.
func (a *Archive) Ladder(ctx context.Context, kind string, offset, limit int) ([]ArchivedRating, error) {
	rows, err := a.stmts["ladder"].QueryContext(ctx, kind, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("ladder of %s: %w", kind, err)
	}
	return scanArchivedRatings(rows)
}

// ArchivedChallenge is an open challenge as the archive shows it: its
// poster by public name.
type ArchivedChallenge struct {
	ID       int64
	PlayerID int64
	Name     string
	Kind     string // the game as rules/games names it: "pente", "quatro"
	Options  string // complete options, "name=value ..."
	// MinRating and MaxRating bound the taker's rating; 0 for no bound.
	MinRating, MaxRating int
	Created, Expires     time.Time
	// Rating is the poster's rating in the game; Rated is false when they
	// have none yet.
	Rating float64
	Rated  bool
}

// OpenChallenges lists the challenges open at now, oldest first, leaving
// out those for a private game (private=yes).
func (a *Archive) OpenChallenges(ctx context.Context, now time.Time, offset, limit int) ([]ArchivedChallenge, error) {
	rows, err := a.stmts["challenges"].QueryContext(ctx, now.UTC(), limit, offset)
	if err != nil {
		return nil, fmt.Errorf("open challenges: %w", err)
	}
	defer rows.Close()
	var out []ArchivedChallenge
	for rows.Next() {
		var c ArchivedChallenge
		var r sql.NullFloat64
		if err := rows.Scan(&c.ID, &c.PlayerID, &c.Name, &c.Kind, &c.Options, &c.MinRating, &c.MaxRating,
			&c.Created, &c.Expires, &r); err != nil {
			return nil, fmt.Errorf("open challenges: %w", err)
		}
		c.Rating, c.Rated = r.Float64, r.Valid
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("open challenges: %w", err)
	}
	return out, nil
}
