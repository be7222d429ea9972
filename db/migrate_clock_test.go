package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestClocksMoveIntoTheGameRow: a store made before migration 008 keeps
// its clocks when they move into the games' rows.
func TestClocksMoveIntoTheGameRow(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pbem.db")
	old, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	steps := []string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`}
	for _, m := range ms {
		if m.version < 8 {
			steps = append(steps, m.sql, `INSERT INTO schema_version (version) VALUES (`+strconv.Itoa(m.version)+`)`)
		}
	}
	steps = append(steps,
		`INSERT INTO games (id, kind, state, created_at, updated_at) VALUES (1, 'Pente', 'active', '2026-11-29 12:00:00+00:00', '2026-11-29 12:00:00+00:00')`,
		`INSERT INTO games (id, kind, state, created_at, updated_at) VALUES (2, 'Pente', 'active', '2026-11-29 12:00:00+00:00', '2026-11-29 12:00:00+00:00')`,
		`INSERT INTO clocks (game_id, turn, seat, plies, started_at, deadline, check_at, paused_at, pause_reason, banks)
			VALUES (1, 3, 1, 2, '2026-11-29 12:00:00+00:00', '2026-12-01 12:00:00+00:00', '2026-11-30 12:00:00+00:00', '2026-11-29 13:00:00+00:00', 'vacation', '60,120')`)
	for _, q := range steps {
		if _, err := old.ExecContext(ctx, q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	old.Close()

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_ = s.View(ctx, func(tx *Tx) error {
		c, ok, err := tx.Clock(1)
		paused := time.Date(2026, 11, 29, 13, 0, 0, 0, time.UTC)
		if err != nil || !ok || c.Turn != 3 || c.Seat != 1 || c.Plies != 2 || !c.Deadline.Equal(t0.Add(48*time.Hour)) ||
			c.Paused == nil || !c.Paused.Equal(paused) || c.Reason != PauseVacation || len(c.Banks) != 2 || c.Banks[1] != 2*time.Minute {
			t.Errorf("game 1's clock after the migration: %+v, %v, %v", c, ok, err)
		}
		if _, ok, err := tx.Clock(2); ok || err != nil {
			t.Errorf("game 2 has a clock after the migration: %v, %v", ok, err)
		}
		return nil
	})
}
