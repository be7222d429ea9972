package db

import (
	"context"
	"testing"
)

// TestALowerMigrationLandingLateRuns: a store that has migrations 1, 2
// and 4 gets 3 when it arrives, and none twice.
func TestALowerMigrationLandingLateRuns(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	m := func(v int, table string) migration {
		return migration{version: 100 + v, name: table, sql: `CREATE TABLE ` + table + ` (x INTEGER)`}
	}
	if err := s.apply(ctx, []migration{m(1, "one"), m(2, "two"), m(4, "four")}); err != nil {
		t.Fatal(err)
	}
	if err := s.apply(ctx, []migration{m(1, "one"), m(2, "two"), m(3, "three"), m(4, "four")}); err != nil {
		t.Fatalf("the late migration: %v", err)
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE name = 'three'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("table three: %d, %v; want it made", n, err)
	}
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_version WHERE version > 100`).Scan(&n); err != nil || n != 4 {
		t.Errorf("%d versions recorded, %v; want 4", n, err)
	}
}
