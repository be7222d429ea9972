package db

import (
	"context"
	"embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migration is one numbered schema change, from migrations/NNN_name.sql.
type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	entries, err := migrations.ReadDir("migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number and _", e.Name())
		}
		body, err := migrations.ReadFile("migrations/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: e.Name(), sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	// Numbers run 1, 2, 3, ... with no gap and none twice, so that the
	// order migrations run in is plain from their names.
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: number %d, want %d (migrations are numbered 1, 2, 3, ... with no gap)", m.name, m.version, i+1)
		}
	}
	return out, nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction together with the version bump. A migration counts as done
// when its own number is recorded, not when a higher one is: numbers are
// handed out to work in progress, and one that lands later than a higher
// number still runs.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	return s.apply(ctx, ms)
}

func (s *Store) apply(ctx context.Context, ms []migration) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	for _, m := range ms {
		err := s.Update(ctx, func(t *Tx) error {
			// Each applied migration has its row: one numbered below the
			// highest applied still runs (numbers may come with gaps while
			// migrations are written side by side).
			var have int
			if err := t.queryRow(`SELECT COUNT(*) FROM schema_version WHERE version = ?`, m.version).Scan(&have); err != nil {
				return err
			}
			if have > 0 {
				return nil
			}
			// A migration holds many statements: run as it is, not
			// prepared (a prepared statement is one statement).
			if err := t.conn.script(m.sql); err != nil {
				return fmt.Errorf("%s: %w", m.name, err)
			}
			_, err := t.exec(`INSERT INTO schema_version (version) VALUES (?)`, m.version)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Version is the schema version the database is at.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}
