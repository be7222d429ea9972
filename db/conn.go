package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"github.com/mattn/go-sqlite3"
)

// maxCached bounds the statements a connection keeps: query texts are
// constants of this package (a few vary with a list's length), so the
// bound is only a guard.
const maxCached = 512

// A transaction runs on its connection through the driver, not through
// database/sql: database/sql watches a transaction's context from a
// goroutine it starts for every query, and converts and checks every
// argument and column on the way, which together cost more than many of
// a mail's statements. database/sql still keeps the pools (sql.Conn.Raw).

// conn is one connection of a pool with the statements prepared on it,
// by query text. Only the transaction holding the connection uses them,
// and they are finalized when the pool closes the connection.
type conn struct {
	*sqlite3.SQLiteConn
	stmts map[string]*sqlite3.SQLiteStmt
}

// Close finalizes the connection's statements, then closes it: SQLite
// keeps a connection closed with statements left open until they are.
func (c *conn) Close() error {
	for _, st := range c.stmts {
		st.Close()
	}
	c.stmts = nil
	return c.SQLiteConn.Close()
}

// connector opens connections of the SQLite driver with a DSN, each tuned
// by the driver's ConnectHook, as conns.
type connector struct {
	dsn    string
	driver *sqlite3.SQLiteDriver
}

func (c connector) Connect(context.Context) (driver.Conn, error) {
	dc, err := c.driver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	return &conn{SQLiteConn: dc.(*sqlite3.SQLiteConn), stmts: map[string]*sqlite3.SQLiteStmt{}}, nil
}

func (c connector) Driver() driver.Driver { return c.driver }

// run runs fn on a connection of db inside begin (a BEGIN statement); fn
// ends the transaction. A panic in fn rolls the transaction back and goes
// on once the connection is back in its pool.
func run(ctx context.Context, db *sql.DB, begin string, fn func(*conn) error) error {
	sc, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer sc.Close()
	var panicked any
	err = sc.Raw(func(dc any) (err error) {
		c := dc.(*conn)
		if err := c.script(begin); err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		defer func() {
			if p := recover(); p != nil {
				_ = c.script(`ROLLBACK`) // give the lock back
				panicked, err = p, nil
			}
		}()
		return fn(c)
	})
	if panicked != nil {
		panic(panicked)
	}
	return err
}

// script runs SQL text of one or more statements, without arguments.
func (c *conn) script(text string) error {
	_, err := c.ExecContext(context.Background(), text, nil)
	return err
}

// stmt is the statement for query, prepared on the connection once. When
// the connection keeps maxCached already, the statement is its caller's
// to close (temp).
func (c *conn) stmt(query string) (st *sqlite3.SQLiteStmt, temp bool, err error) {
	if st, ok := c.stmts[query]; ok {
		return st, false, nil
	}
	ds, err := c.Prepare(query)
	if err != nil {
		return nil, false, err
	}
	st = ds.(*sqlite3.SQLiteStmt)
	if len(c.stmts) >= maxCached {
		return st, true, nil
	}
	c.stmts[query] = st
	return st, false, nil
}

// args converts a statement's arguments to the driver's values as
// database/sql would, into buf.
func args(buf []driver.NamedValue, in []any) ([]driver.NamedValue, error) {
	out := buf[:0]
	for i, a := range in {
		var v driver.Value
		switch a := a.(type) {
		case nil, int64, float64, bool, []byte, string, time.Time:
			v = a
		case int:
			v = int64(a)
		default:
			var err error
			if v, err = driver.DefaultParameterConverter.ConvertValue(a); err != nil {
				return nil, fmt.Errorf("argument %d: %w", i+1, err)
			}
		}
		out = append(out, driver.NamedValue{Ordinal: i + 1, Value: v})
	}
	return out, nil
}

// rows are a query's rows, read as database/sql's Rows are.
type rows struct {
	r    driver.Rows
	vals []driver.Value
	err  error
	done bool
	temp *sqlite3.SQLiteStmt // closed with the rows, unless nil
}

// Next reads the next row; false at the end or on an error (Err).
func (r *rows) Next() bool {
	if r.done {
		return false
	}
	if r.vals == nil {
		r.vals = make([]driver.Value, len(r.r.Columns()))
	}
	if err := r.r.Next(r.vals); err != nil {
		if err != io.EOF {
			r.err = err
		}
		r.Close()
		return false
	}
	return true
}

// Scan copies the row's columns into dest.
func (r *rows) Scan(dest ...any) error {
	if r.done {
		return errors.New("scan: the rows are closed")
	}
	if len(dest) != len(r.vals) {
		return fmt.Errorf("scan: %d destinations for %d columns", len(dest), len(r.vals))
	}
	for i, d := range dest {
		if err := assign(d, r.vals[i]); err != nil {
			return fmt.Errorf("scan column %d: %w", i, err)
		}
	}
	return nil
}

// Err is the error that ended Next, if any.
func (r *rows) Err() error { return r.err }

// Close ends the query; it may be called more than once.
func (r *rows) Close() error {
	if r.done {
		return nil
	}
	r.done = true
	err := r.r.Close()
	if r.temp != nil {
		err = errors.Join(err, r.temp.Close())
	}
	return err
}

// row is the first row of a query, as database/sql's Row.
type row struct {
	rows *rows
	err  error
}

// Scan copies the row's columns into dest; sql.ErrNoRows when there is
// none.
func (r *row) Scan(dest ...any) error {
	if r.err != nil {
		return r.err
	}
	defer r.rows.Close()
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return sql.ErrNoRows
	}
	if err := r.rows.Scan(dest...); err != nil {
		return err
	}
	return r.rows.Close()
}

// assign stores a column's value in dest as database/sql's Scan does:
// the driver's own types straight, the rest through database/sql's
// conversions (sql.Null's Scan), and named types by their kind.
func assign(dest any, src driver.Value) error {
	switch d := dest.(type) {
	case *int64:
		if v, ok := src.(int64); ok {
			*d = v
			return nil
		}
		return via(d, src)
	case *int:
		if v, ok := src.(int64); ok {
			*d = int(v)
			return nil
		}
		return via(d, src)
	case *string:
		if v, ok := src.(string); ok {
			*d = v
			return nil
		}
		return via(d, src)
	case *time.Time:
		if v, ok := src.(time.Time); ok {
			*d = v
			return nil
		}
		return via(d, src)
	case *[]byte:
		switch v := src.(type) {
		case []byte:
			*d = v // the driver's copy, the row's no more
			return nil
		case nil: // as database/sql: NULL is a nil slice
			*d = nil
			return nil
		}
		return via(d, src)
	case *bool:
		return via(d, src)
	case *float64:
		return via(d, src)
	case *any:
		*d = src
		return nil
	case sql.Scanner:
		return d.Scan(src)
	}
	v := reflect.ValueOf(dest)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("destination not a pointer: %T", dest)
	}
	e := v.Elem()
	switch e.Kind() {
	case reflect.String:
		var s string
		if err := via(&s, src); err != nil {
			return err
		}
		e.SetString(s)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		var n int64
		if err := via(&n, src); err != nil {
			return err
		}
		if e.OverflowInt(n) {
			return fmt.Errorf("converting %d to %s: out of range", n, e.Type())
		}
		e.SetInt(n)
		return nil
	}
	return fmt.Errorf("unsupported scan, storing %T into %T", src, dest)
}

// via converts src into *d with database/sql's conversions; NULL is an
// error, as database/sql gives for a destination that cannot hold it.
func via[T any](d *T, src driver.Value) error {
	var n sql.Null[T]
	if err := n.Scan(src); err != nil {
		return err
	}
	if !n.Valid {
		return fmt.Errorf("converting NULL to %T is unsupported", *d)
	}
	*d = n.V
	return nil
}
