package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestClockIsStoredAndDueOnlyWhileRunning(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "a@example.org", "b@example.org")
		h := newGame(t, tx, "c@example.org", "d@example.org")
		paused := t0.Add(time.Hour)
		for _, c := range []Clock{
			{GameID: g.ID, Turn: 3, Seat: 1, Plies: 2, Started: t0, Deadline: t0.Add(72 * time.Hour),
				CheckAt: t0.Add(36 * time.Hour), Banks: []time.Duration{7 * 24 * time.Hour, 90 * time.Minute}},
			{GameID: h.ID, Turn: 1, Started: t0, Deadline: t0.Add(time.Hour), CheckAt: t0,
				Paused: &paused, Reason: PauseVacation},
		} {
			if err := tx.PutClock(c); err != nil {
				return err
			}
		}
		got, ok, err := tx.Clock(g.ID)
		if err != nil || !ok {
			t.Fatalf("clock of game %d: %v %v", g.ID, ok, err)
		}
		if got.Turn != 3 || got.Seat != 1 || got.Plies != 2 || !got.Deadline.Equal(t0.Add(72*time.Hour)) ||
			got.Paused != nil || !slices.Equal(got.Banks, []time.Duration{7 * 24 * time.Hour, 90 * time.Minute}) {
			t.Errorf("clock read back as %+v", got)
		}
		got, _, _ = tx.Clock(h.ID)
		if got.Paused == nil || !got.Paused.Equal(paused) || got.Reason != PauseVacation || got.Banks != nil {
			t.Errorf("paused clock read back as %+v", got)
		}
		// The paused clock is due by its time but is not listed.
		due, err := tx.DueClocks(t0.Add(40*time.Hour), 10)
		if err != nil || !slices.Equal(due, []int64{g.ID}) {
			t.Errorf("due at 40h: %v, %v; want only game %d", due, err, g.ID)
		}
		if due, _ := tx.DueClocks(t0.Add(35*time.Hour), 10); len(due) != 0 {
			t.Errorf("due at 35h: %v, want none", due)
		}
		// Grace moves running clocks only.
		n, err := tx.ShiftRunningClocks(5 * time.Hour)
		if err != nil || n != 1 {
			t.Fatalf("shifted %d clocks, %v; want 1", n, err)
		}
		got, _, _ = tx.Clock(g.ID)
		if !got.Started.Equal(t0.Add(5*time.Hour)) || !got.Deadline.Equal(t0.Add(77*time.Hour)) || !got.CheckAt.Equal(t0.Add(41*time.Hour)) {
			t.Errorf("after a 5h shift: %+v", got)
		}
		if got, _, _ := tx.Clock(h.ID); !got.Deadline.Equal(t0.Add(time.Hour)) {
			t.Errorf("the paused clock moved: %+v", got)
		}
		if err := tx.DeleteClock(g.ID); err != nil {
			return err
		}
		if _, ok, _ := tx.Clock(g.ID); ok {
			t.Errorf("clock still there after DeleteClock")
		}
		return nil
	})
}

func TestActiveGamesWithoutClockAreFound(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "a@example.org", "b@example.org")
		newGame(t, tx, "c@example.org", "d@example.org") // invited: no clock wanted
		if err := tx.SetState(g.ID, Active, "", "", t0); err != nil {
			return err
		}
		ids, err := tx.ActiveWithoutClock(10)
		if err != nil || !slices.Equal(ids, []int64{g.ID}) {
			t.Errorf("without clock: %v, %v; want [%d]", ids, err, g.ID)
		}
		return nil
	})
}

func TestReminderIsRecordedOnce(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "a@example.org", "b@example.org")
		for i, want := range []bool{true, false} {
			first, err := tx.Remind(g.ID, 1, "half", t0)
			if err != nil || first != want {
				t.Errorf("Remind #%d: %v, %v; want %v", i+1, first, err, want)
			}
		}
		if first, _ := tx.Remind(g.ID, 2, "half", t0); !first {
			t.Errorf("the next turn's half-time reminder counted as sent")
		}
		sent, err := tx.Reminded(g.ID, 1)
		if err != nil || !sent["half"] || sent["last"] {
			t.Errorf("reminded in turn 1: %v, %v", sent, err)
		}
		return nil
	})
}

func TestBounceHoldsAndHeartbeat(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "a@example.org", "b@example.org")
		b := g.Seats[1].PlayerID
		if err := tx.HoldForBounce(g.ID, b, t0); err != nil {
			return err
		}
		if err := tx.HoldForBounce(g.ID, b, t0); err != nil {
			t.Errorf("a second bounce: %v", err)
		}
		if holds, _ := tx.BounceHolds(g.ID); !slices.Equal(holds, []int64{b}) {
			t.Errorf("holds %v, want [%d]", holds, b)
		}
		released, err := tx.ReleaseBounces(b)
		if err != nil || !slices.Equal(released, []int64{g.ID}) {
			t.Errorf("released %v, %v", released, err)
		}
		if holds, _ := tx.BounceHolds(g.ID); len(holds) != 0 {
			t.Errorf("holds after release: %v", holds)
		}

		if _, ok, err := tx.LastTick(); ok || err != nil {
			t.Errorf("a heartbeat before the first tick: %v", err)
		}
		for _, at := range []time.Time{t0, t0.Add(time.Minute)} {
			if err := tx.SetLastTick(at); err != nil {
				return err
			}
			if last, ok, err := tx.LastTick(); !ok || err != nil || !last.Equal(at) {
				t.Errorf("last tick %v %v %v, want %v", last, ok, err, at)
			}
		}
		return nil
	})
}

func TestVacationRecord(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		p, err := tx.Player("a@example.org", "", t0)
		if err != nil {
			return err
		}
		v, err := tx.Vacation(p.ID)
		if err != nil || v.Since != nil || v.DaysUsed != 0 || v.Away(t0) {
			t.Errorf("no vacation yet: %+v, %v", v, err)
		}
		until := t0.Add(48 * time.Hour)
		v = Vacation{PlayerID: p.ID, Since: &t0, Until: &until, Year: 2026, DaysUsed: 2}
		if err := tx.PutVacation(v); err != nil {
			return err
		}
		got, _ := tx.Vacation(p.ID)
		if !got.Away(t0) || !got.Away(until.Add(-time.Second)) || got.Away(until) || got.DaysUsed != 2 || got.Year != 2026 {
			t.Errorf("vacation read back as %+v", got)
		}
		for _, c := range []struct {
			at   time.Time
			want []int64
		}{{until.Add(-time.Second), nil}, {until, []int64{p.ID}}} {
			if ids, err := tx.VacationsOver(c.at); err != nil || !slices.Equal(ids, c.want) {
				t.Errorf("over at %v: %v, %v; want %v", c.at, ids, err, c.want)
			}
		}
		return nil
	})
}

func TestRatingsTopAndRank(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		var ids []int64
		for i, r := range []float64{1500, 1700, 1600} {
			p, err := tx.Player(string(rune('a'+i))+"@example.org", "", t0)
			if err != nil {
				return err
			}
			ids = append(ids, p.ID)
			if err := tx.PutRating(Rating{PlayerID: p.ID, Kind: "pente", R: r, RD: 200, Vol: 0.06, Games: 1}, t0); err != nil {
				return err
			}
		}
		if err := tx.PutRating(Rating{PlayerID: ids[0], Kind: "gomoku", R: 2000, RD: 50, Vol: 0.06, Games: 30}, t0); err != nil {
			return err
		}
		top, err := tx.TopRatings("pente", 2)
		if err != nil || len(top) != 2 || top[0].PlayerID != ids[1] || top[1].PlayerID != ids[2] || top[0].Address != "b@example.org" {
			t.Errorf("top 2 in pente: %+v, %v", top, err)
		}
		r, ok, err := tx.Rating(ids[0], "pente")
		if !ok || err != nil || r.R != 1500 {
			t.Fatalf("rating of a: %+v %v %v", r, ok, err)
		}
		if rank, of, err := tx.RatingRank(r); rank != 3 || of != 3 || err != nil {
			t.Errorf("rank %d of %d, %v; want 3 of 3", rank, of, err)
		}
		if mine, _ := tx.RatingsOf(ids[0]); len(mine) != 2 || mine[0].Kind != "gomoku" {
			t.Errorf("ratings of a: %+v", mine)
		}
		if _, ok, _ := tx.Rating(ids[1], "gomoku"); ok {
			t.Errorf("b has a gomoku rating without a game")
		}
		return nil
	})
}

func TestRatingChangesOfAGame(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "a@example.org", "b@example.org")
		changes := []RatingChange{
			{PlayerID: g.Seats[0].PlayerID, Kind: "pente", Before: Rating{R: 1500, RD: 350}, After: Rating{R: 1662, RD: 290, Games: 1}},
			{PlayerID: g.Seats[1].PlayerID, Kind: "pente", Before: Rating{R: 1500, RD: 350}, After: Rating{R: 1338, RD: 290, Games: 1}},
		}
		if err := tx.AddRatingChanges(g.ID, changes); err != nil {
			return err
		}
		if err := tx.AddRatingChanges(g.ID, changes[:1]); err == nil {
			t.Errorf("a game was rated twice")
		}
		got, err := tx.RatingChanges(g.ID)
		if err != nil || len(got) != 2 || got[1].After.R != 1338 || got[0].Before.RD != 350 || got[0].After.Games != 1 {
			t.Errorf("changes read back as %+v, %v", got, err)
		}
		return nil
	})
}

func TestDigestItemsWaitAndGo(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "a@example.org", "b@example.org")
		a, b := g.Seats[0].PlayerID, g.Seats[1].PlayerID
		for i, it := range []DigestItem{
			{PlayerID: b, GameID: g.ID, Text: "second", Created: t0.Add(time.Hour)},
			{PlayerID: b, GameID: g.ID, Text: "first", Created: t0},
			{PlayerID: a, GameID: g.ID, Text: "other", Created: t0.Add(2 * time.Hour)},
		} {
			if err := tx.AddDigestItem(it); err != nil {
				t.Fatalf("item %d: %v", i, err)
			}
		}
		waiting, err := tx.DigestsWaiting()
		if err != nil || len(waiting) != 2 {
			t.Fatalf("waiting: %+v, %v", waiting, err)
		}
		for _, w := range waiting {
			want := map[int64]time.Time{a: t0.Add(2 * time.Hour), b: t0}[w.PlayerID]
			if !w.Oldest.Equal(want) {
				t.Errorf("player %d waits since %v, want %v", w.PlayerID, w.Oldest, want)
			}
		}
		items, err := tx.DigestItems(b)
		if err != nil || len(items) != 2 || items[0].Text != "first" {
			t.Fatalf("items of b: %+v, %v", items, err)
		}
		if err := tx.DeleteDigestItems([]int64{items[0].ID, items[1].ID}); err != nil {
			return err
		}
		if waiting, _ := tx.DigestsWaiting(); len(waiting) != 1 || waiting[0].PlayerID != a {
			t.Errorf("after b's digest went: %+v", waiting)
		}
		return nil
	})
}

// TestMigrationGivesOldGamesTheirTimeControl opens a store made at schema
// version 1 with two games: the one with days= gets its TimeControl tag,
// the imported one without keeps its tags as they were.
func TestMigrationGivesOldGamesTheirTimeControl(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pbem.db")
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{ms[0].sql,
		`CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		`INSERT INTO schema_version (version) VALUES (1)`,
		`INSERT INTO games (kind, options, state, created_at, updated_at) VALUES ('Pente', 'days=5 rated=yes tournament=on', 'active', '2026-01-01', '2026-01-01')`,
		`INSERT INTO games (kind, options, state, tags, created_at, updated_at) VALUES ('Pente', 'tournament=on', 'finished', '{"Round":"3"}', '2026-01-01', '2026-01-01')`,
	} {
		if _, err := raw.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	_ = s.View(ctx, func(tx *Tx) error {
		for id, want := range map[int64]map[string]string{
			1: {"TimeControl": "*432000"},
			2: {"Round": "3"},
		} {
			g, err := tx.Game(id)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Tags) != len(want) || g.Tags["TimeControl"] != want["TimeControl"] || g.Tags["Round"] != want["Round"] {
				t.Errorf("game %d tags %v, want %v", id, g.Tags, want)
			}
		}
		return nil
	})
}
