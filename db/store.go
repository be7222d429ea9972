// Package db is pbem's store: one SQLite file (WAL, immediate transactions,
// foreign keys on) with numbered, embedded migrations. It knows games,
// players and mail as rows; it knows nothing of rules or mail transport.
//
// Writes go through one connection (Update): SQLite has one writer at a
// time anyway, and waiting for the connection in Go is cheaper than
// waiting on SQLite's lock. Reads that need no write (View) go through a
// pool of read-only connections, so that they never queue behind the
// writer: in WAL mode a reader sees the last commit while a write goes on.
// Each connection keeps its statements prepared (conn.go): preparing a
// statement cost about a sixth of a handled mail.
package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"

	"github.com/mattn/go-sqlite3"
)

// readers is how many read-only connections a store keeps at most.
const readers = 4

// Store is an open database.
type Store struct {
	db   *sql.DB // the writer: one connection
	read *sql.DB // read-only connections
	// secrets are the store's secrets once read: they never change.
	secrets *secretCache
	// plies are the plies of the games written lately (plycache.go).
	plies *plyCache
	// seats are the seats of the games read lately (seatcache.go).
	seats *seatCache
}

// Open opens (creating if needed) the database file at path and brings its
// schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	// The path is a URI's: "?" and "#" in a folder's name must not end it.
	file := "file:" + (&url.URL{Path: path}).EscapedPath() + "?"
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "on")
	q.Set("_busy_timeout", "10000")
	q.Set("_synchronous", "NORMAL")
	sqldb := sql.OpenDB(connector{dsn: file + q.Encode(), driver: &sqlite3.SQLiteDriver{ConnectHook: tune(16 << 10)}})
	sqldb.SetMaxOpenConns(1)
	sqldb.SetMaxIdleConns(1)
	sqldb.SetConnMaxLifetime(0)
	sqldb.SetConnMaxIdleTime(0)
	s := &Store{db: sqldb, secrets: newKept[string, []byte](0),
		plies: newPlyCache(), seats: newSeatCache()}
	if err := s.migrate(ctx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("migrate %s: %w", path, err)
	}
	// The readers open after the migrations, so that the file, its WAL
	// and schema exist when a read-only connection looks for them.
	r := url.Values{}
	r.Set("mode", "ro")
	r.Set("_query_only", "true")
	r.Set("_busy_timeout", "10000")
	read := sql.OpenDB(connector{dsn: file + r.Encode(), driver: &sqlite3.SQLiteDriver{ConnectHook: tune(16 << 10)}})
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	s.read = read
	return s, nil
}

// tune sets what a connection's DSN cannot: a page cache of cacheKiB (the
// default 2 MiB held a fraction of a store of 100,000 games, whose pages
// then came from the file at every mail; each connection gets 16 MiB) and
// reads through a memory map. The writer's cache is no larger: at every
// commit SQLite looks through the cache for pages past the end of the
// file (pcache1TruncateUnsafe), a look that grows with the cache; at
// 64 MiB it cost more than the cache saved (the service core on 100,000
// games: 2,102 against 2,800 mails/s, medians of five rounds in turn).
func tune(cacheKiB int) func(*sqlite3.SQLiteConn) error {
	return func(c *sqlite3.SQLiteConn) error {
		for _, p := range []string{fmt.Sprintf(`PRAGMA cache_size = -%d`, cacheKiB), `PRAGMA mmap_size = 268435456`} {
			if _, err := c.Exec(p, nil); err != nil {
				return fmt.Errorf("%s: %w", p, err)
			}
		}
		return nil
	}
}

// Close closes the database.
func (s *Store) Close() error {
	return errors.Join(s.read.Close(), s.db.Close())
}

// Tx is one transaction, on one connection (conn.go). The driver runs its
// statements under no context: it runs a statement under a context that
// can end in a goroutine of its own, a handoff that cost more than most
// of a mail's statements. Ending the context the transaction was started
// with still ends the transaction: the next statement fails with the
// context's error, and the transaction rolls back.
type Tx struct {
	// done is the context the transaction was started with.
	done context.Context
	conn *conn
	// args is room for a statement's arguments, reused.
	args []driver.NamedValue
	// touched are the games changed in the transaction with the time of
	// the change: their updated_at is written once, at the end (flush).
	touched map[int64]touch
	// secrets is the store's cache of secrets; made are the secrets this
	// transaction made, which are not cached before they are committed.
	secrets *secretCache
	made    map[string][]byte
	// clocks are the game clocks the transaction read or wrote: a mail
	// reads its game's clock for the clock's turn and for each mail it
	// writes about the game.
	clocks map[int64]cachedClock
	// players are the players read (PlayerByAddress, PlayerByID).
	players playerCache
	// none is what the transaction knows games lack (gamerows.go).
	none map[int64]noRows
	// holds is whether the store has bounce holds, once read (anyHolds).
	holds holds
	// tick is the scheduler's heartbeat once read (LastTick).
	tick *heartbeat
	// nextMail is the id the next mail queued gets; 0 until the
	// transaction first queues one (Queue).
	nextMail int64
	// plyCache is the store's, in a write transaction; plyChanges are the
	// transaction's changes to plies, for it once committed.
	plyCache   *plyCache
	plyChanges map[int64]plyChange
	// seatCache is the store's, in a write transaction; seatsWritten are
	// the games whose seats the transaction wrote, and playersWritten
	// whether it wrote a player (seatcache.go).
	seatCache      *seatCache
	seatsWritten   map[int64]bool
	playersWritten bool
}

// Update runs fn in one write transaction: it commits when fn returns nil
// and rolls back otherwise. The transaction takes the write lock at its
// start (BEGIN IMMEDIATE), so two writers never deadlock on an upgrade.
func (s *Store) Update(ctx context.Context, fn func(*Tx) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	return run(ctx, s.db, `BEGIN IMMEDIATE`, func(c *conn) error {
		t := &Tx{done: ctx, conn: c, secrets: s.secrets, plyCache: s.plies,
			seatCache: s.seats}
		others, err := s.plies.check(t)
		if others {
			s.seats.clear()
		}
		if err == nil {
			err = fn(t)
		}
		if err == nil {
			err = t.flush()
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			if rerr := c.script(`ROLLBACK`); rerr != nil {
				return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
			}
			return err
		}
		if err := c.script(`COMMIT`); err != nil {
			// A COMMIT that fails may leave the transaction open.
			_ = c.script(`ROLLBACK`)
			s.plies.clear()
			s.seats.clear()
			return fmt.Errorf("commit: %w", err)
		}
		s.plies.commit(t.plyChanges)
		s.seats.commit(t.seatsWritten, t.playersWritten)
		return nil
	})
}

// View runs fn in a read-only transaction that is always rolled back: for
// reading a consistent snapshot. It runs on the read-only connections, so
// it waits for no writer; a write in fn fails.
func (s *Store) View(ctx context.Context, fn func(*Tx) error) error {
	return view(ctx, s.read, s.secrets, fn)
}

// view runs fn in a read transaction on a connection of db, always rolled
// back.
func view(ctx context.Context, db *sql.DB, secrets *secretCache, fn func(*Tx) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	return run(ctx, db, `BEGIN`, func(c *conn) error {
		t := &Tx{done: ctx, conn: c, secrets: secrets}
		err := fn(t)
		if rerr := c.script(`ROLLBACK`); rerr != nil {
			return errors.Join(err, fmt.Errorf("rollback: %w", rerr))
		}
		return err
	})
}

// stmt is the statement for query on the transaction's connection, or
// the context's error once the transaction's context has ended; temp
// says it is the caller's to close.
func (t *Tx) stmt(query string) (st *sqlite3.SQLiteStmt, temp bool, err error) {
	if err := t.done.Err(); err != nil {
		return nil, false, err
	}
	return t.conn.stmt(query)
}

func (t *Tx) exec(query string, in ...any) (sql.Result, error) {
	st, temp, err := t.stmt(query)
	if err != nil {
		return nil, err
	}
	if temp {
		defer st.Close()
	}
	if t.args, err = args(t.args, in); err != nil {
		return nil, err
	}
	return st.ExecContext(context.Background(), t.args)
}

func (t *Tx) query(query string, in ...any) (*rows, error) {
	st, temp, err := t.stmt(query)
	if err != nil {
		return nil, err
	}
	if t.args, err = args(t.args, in); err == nil {
		var r driver.Rows
		if r, err = st.QueryContext(context.Background(), t.args); err == nil {
			res := &rows{r: r}
			if temp {
				res.temp = st
			}
			return res, nil
		}
	}
	if temp {
		st.Close()
	}
	return nil, err
}

func (t *Tx) queryRow(query string, in ...any) *row {
	r, err := t.query(query, in...)
	return &row{rows: r, err: err}
}

// ErrNotFound is returned when a row asked for by key does not exist.
var ErrNotFound = errors.New("not found")

// Check runs SQLite's integrity and foreign-key checks and reports the first
// problem found.
func (s *Store) Check(ctx context.Context) error {
	var res string
	if err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("integrity check: %s", res)
	}
	rows, err := s.db.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return fmt.Errorf("foreign key check: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		var table string
		var rowid sql.NullInt64
		var parent string
		var fkid int
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			return fmt.Errorf("foreign key check: %w", err)
		}
		if !rowid.Valid { // a table WITHOUT ROWID
			return fmt.Errorf("foreign key check: a row of %s points to a missing %s", table, parent)
		}
		return fmt.Errorf("foreign key check: %s row %d points to a missing %s", table, rowid.Int64, parent)
	}
	return rows.Err()
}
