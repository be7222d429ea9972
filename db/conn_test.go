package db

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// TestScanConvertsAsDatabaseSQL: a row read through the driver fills the
// destinations the store's code uses as database/sql's Scan would, NULL
// included, and refuses what database/sql refuses.
func TestScanConvertsAsDatabaseSQL(t *testing.T) {
	type named string
	type level int
	at := time.Date(2026, 12, 2, 9, 30, 0, 0, time.UTC)
	tests := []struct {
		name  string
		query string
		args  []any
		dest  func() (any, func() any)
		want  any
		fail  bool
	}{
		{"int64", `SELECT 7`, nil, ptr[int64], int64(7), false},
		{"int from a bound int", `SELECT ?`, []any{9}, ptr[int], 9, false},
		{"string", `SELECT 'abc'`, nil, ptr[string], "abc", false},
		{"string from an integer", `SELECT 12`, nil, ptr[string], "12", false},
		{"int64 from text", `SELECT '34'`, nil, ptr[int64], int64(34), false},
		{"bool from an integer", `SELECT 1`, nil, ptr[bool], true, false},
		{"bool bound", `SELECT ?`, []any{true}, ptr[bool], true, false},
		{"float64", `SELECT 1.5`, nil, ptr[float64], 1.5, false},
		{"bytes", `SELECT x'0102'`, nil, ptr[[]byte], []byte{1, 2}, false},
		{"bytes from NULL", `SELECT NULL`, nil, ptr[[]byte], []byte(nil), false},
		{"any", `SELECT 5`, nil, ptr[any], int64(5), false},
		{"a string kind", `SELECT 'active'`, nil, ptr[named], named("active"), false},
		{"a string kind bound", `SELECT ?`, []any{named("x")}, ptr[string], "x", false},
		{"an int kind", `SELECT 3`, nil, ptr[level], level(3), false},
		{"NullString from NULL", `SELECT NULL`, nil, ptr[sql.NullString], sql.NullString{}, false},
		{"NullInt64", `SELECT 4`, nil, ptr[sql.NullInt64], sql.NullInt64{Int64: 4, Valid: true}, false},
		{"time from a TIMESTAMP column", `SELECT at FROM times`, nil, ptr[time.Time], at, false},
		{"NullTime from a TIMESTAMP column", `SELECT at FROM times`, nil, ptr[sql.NullTime], sql.NullTime{Time: at, Valid: true}, false},
		{"NULL into a string", `SELECT NULL`, nil, ptr[string], nil, true},
		{"text into an int64", `SELECT 'abc'`, nil, ptr[int64], nil, true},
		{"too large for an int kind", `SELECT 300`, nil, ptr[int8], nil, true},
	}
	s := open(t)
	update(t, s, func(tx *Tx) error {
		if err := tx.conn.script(`CREATE TABLE times (at TIMESTAMP NOT NULL)`); err != nil {
			return err
		}
		_, err := tx.exec(`INSERT INTO times (at) VALUES (?)`, at)
		return err
	})
	err := s.View(context.Background(), func(tx *Tx) error {
		for _, tc := range tests {
			dest, get := tc.dest()
			err := tx.queryRow(tc.query, tc.args...).Scan(dest)
			switch {
			case tc.fail && err == nil:
				t.Errorf("%s: scanned %#v; want an error", tc.name, get())
			case !tc.fail && err != nil:
				t.Errorf("%s: %v", tc.name, err)
			case !tc.fail && !equal(get(), tc.want):
				t.Errorf("%s: scanned %#v; want %#v", tc.name, get(), tc.want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestQueryRowWithoutARow: no row is sql.ErrNoRows, and a statement that
// does not prepare fails at Scan with SQLite's error.
func TestQueryRowWithoutARow(t *testing.T) {
	s := open(t)
	err := s.View(context.Background(), func(tx *Tx) error {
		var n int
		if err := tx.queryRow(`SELECT 1 WHERE 0`).Scan(&n); !errors.Is(err, sql.ErrNoRows) {
			t.Errorf("no row: %v; want sql.ErrNoRows", err)
		}
		if err := tx.queryRow(`SELEKT 1`).Scan(&n); err == nil {
			t.Errorf("a statement with a syntax error scanned %d", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// ptr is a new destination of type T and a way to read it back.
func ptr[T any]() (any, func() any) {
	p := new(T)
	return p, func() any { return *p }
}

func equal(a, b any) bool {
	if x, ok := a.([]byte); ok {
		y, ok := b.([]byte)
		return ok && string(x) == string(y) && (x == nil) == (y == nil)
	}
	if x, ok := a.(time.Time); ok {
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	}
	if x, ok := a.(sql.NullTime); ok {
		y, ok := b.(sql.NullTime)
		return ok && x.Valid == y.Valid && x.Time.Equal(y.Time)
	}
	return a == b
}

// TestClosedConnectionFinalizesItsStatements: when its pool closes a
// connection, the statements kept on it go with it, and the next
// transaction runs on a new connection.
func TestClosedConnectionFinalizesItsStatements(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	var used *conn
	read := func() {
		t.Helper()
		err := s.View(ctx, func(tx *Tx) error {
			var n int
			used = tx.conn
			return tx.queryRow(`SELECT 1`).Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	read()
	first := used
	if len(first.stmts) == 0 {
		t.Fatal("the read kept no statement")
	}
	s.read.SetMaxIdleConns(0) // the pool closes its idle connections now
	if first.stmts != nil {
		t.Errorf("a closed connection still keeps %d statements", len(first.stmts))
	}
	read()
	if used == first {
		t.Error("a read ran on the closed connection")
	}
}
