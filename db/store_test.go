package db

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func open(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openAt is open, with the store's path, for a test that opens the file
// a second time (fromOther).
func openAt(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbem.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// fromOther runs fn in a write transaction of another connection to the
// store at path, as another process would.
func fromOther(t *testing.T, path string, fn func(*Tx) error) {
	t.Helper()
	other, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	update(t, other, fn)
}

func update(t *testing.T, s *Store, fn func(*Tx) error) {
	t.Helper()
	if err := s.Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}

func TestOpenSetsPragmasAndMigratesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	ctx := context.Background()
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Version(ctx)
		if want := ms[len(ms)-1].version; err != nil || v != want {
			t.Fatalf("version %d, %v; want %d", v, err, want)
		}
		var mode string
		var fk int
		if err := s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
			t.Errorf("journal_mode %q, %v; want wal", mode, err)
		}
		if err := s.db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
			t.Errorf("foreign_keys %d, %v; want 1", fk, err)
		}
		var rows int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_version`).Scan(&rows); err != nil || rows != len(ms) {
			t.Errorf("schema_version has %d rows, %v; want %d", rows, err, len(ms))
		}
		s.Close()
	}
}

func TestPlayerIsCreatedOnceAndKeepsItsName(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		a, err := tx.Player("Alice@Example.org", "", t0)
		if err != nil {
			return err
		}
		b, err := tx.Player("alice@example.org ", "Alice", t0)
		if err != nil {
			return err
		}
		c, err := tx.Player("alice@example.org", "Mallory", t0)
		if err != nil {
			return err
		}
		if a.ID != b.ID || b.ID != c.ID || a.Address != "alice@example.org" {
			t.Errorf("ids %d %d %d address %q: want one player", a.ID, b.ID, c.ID, a.Address)
		}
		if c.Name != "Alice" {
			t.Errorf("name %q, want the first name given, Alice", c.Name)
		}
		if err := tx.SetSetting(a.ID, "timezone", "Europe/Berlin"); err != nil {
			return err
		}
		p, err := tx.PlayerByID(a.ID)
		if err != nil || p.Settings["timezone"] != "Europe/Berlin" {
			t.Errorf("settings %v, %v", p.Settings, err)
		}
		if _, err := tx.PlayerByAddress("nobody@example.org"); !errors.Is(err, ErrNotFound) {
			t.Errorf("missing player: %v, want ErrNotFound", err)
		}
		return nil
	})
}

// storedGame stores a game of addrs (newGame) in a transaction of its own
// and returns its id.
func storedGame(t *testing.T, s *Store, addrs ...string) int64 {
	t.Helper()
	var id int64
	update(t, s, func(tx *Tx) error {
		id = newGame(t, tx, addrs...).ID
		return nil
	})
	return id
}

func newGame(t *testing.T, tx *Tx, addrs ...string) Game {
	t.Helper()
	g := Game{Kind: "Pente", Options: "tournament=on variant=pente", State: Invited, Created: t0}
	for i, a := range addrs {
		p, err := tx.Player(a, "", t0)
		if err != nil {
			t.Fatal(err)
		}
		inv := Pending
		if i == 0 {
			inv = Accepted
		}
		g.Seats = append(g.Seats, Seat{Seat: i, PlayerID: p.ID, Invitation: inv})
	}
	id, err := tx.CreateGame(g)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tx.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestGameLifeCycle(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "alice@example.org", "bob@example.org")
		if len(g.Seats) != 2 || g.Seats[1].Address != "bob@example.org" || g.Seats[1].Invitation != Pending {
			t.Fatalf("seats %+v", g.Seats)
		}
		if err := tx.Answer(g.ID, 1, Accepted, t0.Add(time.Hour)); err != nil {
			return err
		}
		if err := tx.SetState(g.ID, Active, "", "", t0.Add(time.Hour)); err != nil {
			return err
		}
		for n, tok := range []string{"K10", "L9", "O6"} {
			if err := tx.AddPly(g.ID, Ply{N: n + 1, Seat: n % 2, Token: tok, PlayedAt: t0.Add(2 * time.Hour)}); err != nil {
				return err
			}
		}
		if err := tx.AddPly(g.ID, Ply{N: 3, Seat: 0, Token: "A1", PlayedAt: t0}); err == nil {
			t.Error("a second ply 3 was stored")
		}
		if err := tx.DeletePliesFrom(g.ID, 3, t0); err != nil {
			return err
		}
		plies, err := tx.Plies(g.ID)
		if err != nil || len(plies) != 2 || plies[1].Token != "L9" {
			t.Errorf("plies after takeback %+v, %v", plies, err)
		}
		if err := tx.SetState(g.ID, Finished, "1-0", "resignation", t0.Add(3*time.Hour)); err != nil {
			return err
		}
		g, err = tx.Game(g.ID)
		if err != nil {
			return err
		}
		if g.State != Finished || g.Result != "1-0" || g.Termination != "resignation" || g.Started == nil || g.Finished == nil {
			t.Errorf("finished game %+v", g)
		}
		mine, err := tx.GamesOf(g.Seats[1].PlayerID, Active, Finished)
		if err != nil || len(mine) != 1 {
			t.Errorf("GamesOf: %d games, %v", len(mine), err)
		}
		active, err := tx.GamesOf(g.Seats[1].PlayerID, Active)
		if err != nil || len(active) != 0 {
			t.Errorf("GamesOf active: %d games, %v", len(active), err)
		}
		return nil
	})
}

func TestForeignKeysAreEnforced(t *testing.T) {
	s := open(t)
	err := s.Update(context.Background(), func(tx *Tx) error {
		return tx.AddPly(999, Ply{N: 1, Token: "K10", PlayedAt: t0})
	})
	if err == nil {
		t.Fatal("a ply of a missing game was stored")
	}
}

func TestUpdateRollsBackOnError(t *testing.T) {
	s := open(t)
	boom := errors.New("boom")
	err := s.Update(context.Background(), func(tx *Tx) error {
		if _, err := tx.Player("alice@example.org", "", t0); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update error %v, want boom", err)
	}
	update(t, s, func(tx *Tx) error {
		if _, err := tx.PlayerByAddress("alice@example.org"); !errors.Is(err, ErrNotFound) {
			t.Errorf("player survived the rollback: %v", err)
		}
		return nil
	})
}

func TestMessagesAreRecordedOnce(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		if _, err := tx.RecordMessage(Message{MessageID: "a@x", Mailbox: "INBOX", UIDValidity: 7, UID: 1, Received: t0}); err != nil {
			return err
		}
		if _, err := tx.RecordMessage(Message{MessageID: "", Received: t0}); err != nil {
			return err
		}
		if _, err := tx.RecordMessage(Message{MessageID: "", Received: t0}); err != nil {
			t.Errorf("two mails without Message-ID: %v", err)
		}
		return nil
	})
	tests := []struct {
		name     string
		id, box  string
		uidv     uint32
		uid      uint32
		seen     bool
		recorded bool // RecordMessage would fail
	}{
		{"same Message-ID", "a@x", "", 0, 0, true, true},
		{"same mailbox place", "b@x", "INBOX", 7, 1, true, true},
		{"same UID, new UIDVALIDITY", "c@x", "INBOX", 8, 1, false, false},
		{"new mail", "d@x", "INBOX", 7, 2, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Rolled back, so that each case sees the same store.
			_ = s.Update(context.Background(), func(tx *Tx) error {
				seen, err := tx.Seen(tc.id, tc.box, tc.uidv, tc.uid)
				if err != nil || seen != tc.seen {
					t.Errorf("Seen = %v, %v; want %v", seen, err, tc.seen)
				}
				_, err = tx.RecordMessage(Message{MessageID: tc.id, Mailbox: tc.box, UIDValidity: tc.uidv, UID: tc.uid, Received: t0})
				if (err != nil) != tc.recorded {
					t.Errorf("RecordMessage error %v, want failure %v", err, tc.recorded)
				}
				return errRollback
			})
		})
	}
}

func TestOutbox(t *testing.T) {
	s := open(t)
	var first, second int64
	update(t, s, func(tx *Tx) error {
		var err error
		first, err = tx.Queue(Mail{MessageID: "m1@pbem", To: "Alice@example.org", Subject: "[pbem 1] hi",
			Headers: map[string]string{"In-Reply-To": "<a@x>"}, Body: "board",
			Attachments: []Attachment{{Name: "game.pgn", Type: "application/x-chess-pgn", Data: []byte("1. K10 *")}},
			Created:     t0})
		if err != nil {
			return err
		}
		second, err = tx.Queue(Mail{MessageID: "m2@pbem", To: "bob@example.org", Subject: "s", Body: "b", Created: t0})
		if err != nil {
			return err
		}
		if _, err := tx.Queue(Mail{MessageID: "m1@pbem", To: "x@example.org", Created: t0}); err == nil {
			t.Error("two mails with one Message-ID were queued")
		}
		return nil
	})
	update(t, s, func(tx *Tx) error {
		due, err := tx.Due(t0, 10)
		if err != nil || len(due) != 2 {
			t.Fatalf("due %d, %v; want 2", len(due), err)
		}
		m := due[0]
		if m.To != "alice@example.org" || m.Headers["In-Reply-To"] != "<a@x>" || string(m.Attachments[0].Data) != "1. K10 *" {
			t.Errorf("queued mail came back as %+v", m)
		}
		if err := tx.MarkSent(first, t0); err != nil {
			return err
		}
		if err := tx.Retry(second, "421 try later", t0.Add(time.Minute)); err != nil {
			return err
		}
		if due, _ := tx.Due(t0.Add(30*time.Second), 10); len(due) != 0 {
			t.Errorf("due before the retry time: %d mails", len(due))
		}
		due, _ = tx.Due(t0.Add(time.Minute), 10)
		if len(due) != 1 || due[0].ID != second || due[0].Attempts != 1 || due[0].LastError != "421 try later" {
			t.Errorf("due at the retry time: %+v", due)
		}
		if err := tx.Fail(second, "550 no such user", t0.Add(time.Minute)); err != nil {
			return err
		}
		if due, _ := tx.Due(t0.Add(time.Hour), 10); len(due) != 0 {
			t.Errorf("sent or failed mail is due again: %d", len(due))
		}
		return nil
	})
}

func TestSecretIsMadeOnceAndKept(t *testing.T) {
	s := open(t)
	var a, b []byte
	update(t, s, func(tx *Tx) (err error) { a, err = tx.Secret("token", 32); return })
	update(t, s, func(tx *Tx) (err error) { b, err = tx.Secret("token", 32); return })
	if len(a) != 32 || string(a) != string(b) {
		t.Errorf("secret changed or wrong size: %x / %x", a, b)
	}
}

func TestWatchersAndOffers(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		g := newGame(t, tx, "alice@example.org", "bob@example.org")
		carol, _ := tx.Player("carol@example.org", "", t0)
		for range 2 {
			if err := tx.Watch(g.ID, carol.ID, t0); err != nil {
				return err
			}
		}
		ws, err := tx.Watchers(g.ID)
		if err != nil || len(ws) != 1 || ws[0].Address != "carol@example.org" {
			t.Errorf("watchers %+v, %v", ws, err)
		}
		if ok, err := tx.Unwatch(g.ID, carol.ID); !ok || err != nil {
			t.Errorf("unwatch: %v, %v", ok, err)
		}
		if ok, _ := tx.Unwatch(g.ID, carol.ID); ok {
			t.Error("unwatch twice reported a watcher")
		}
		if err := tx.PutOffer(g.ID, Offer{Kind: DrawOffer, Seat: 1, Agreed: []int{1}, Ply: 4, Made: t0}); err != nil {
			return err
		}
		o, ok, err := tx.GetOffer(g.ID, DrawOffer)
		if err != nil || !ok || o.Seat != 1 || len(o.Agreed) != 1 || o.Ply != 4 {
			t.Errorf("offer %+v %v %v", o, ok, err)
		}
		if err := tx.ClearOffers(g.ID); err != nil {
			return err
		}
		if _, ok, _ := tx.GetOffer(g.ID, DrawOffer); ok {
			t.Error("offer survived ClearOffers")
		}
		return nil
	})
}

func TestCheckFindsAnOrphanRow(t *testing.T) {
	s := open(t)
	ctx := context.Background()
	if err := s.Check(ctx); err != nil {
		t.Fatalf("fresh store: %v", err)
	}
	s.db.SetMaxOpenConns(1)
	if _, err := s.db.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO plies (game_id, n, seat, token, played_at) VALUES (99, 1, 0, 'K10', ?)`, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Check(ctx); err == nil || !strings.Contains(err.Error(), "a row of plies points to a missing games") {
		t.Errorf("Check = %v, want the orphan ply reported", err)
	}
}

func TestCountFromCountsProvenAndUnprovenMailApart(t *testing.T) {
	s := open(t)
	update(t, s, func(tx *Tx) error {
		for i, m := range []Message{
			{MessageID: "1@x", Sender: "alice@example.org", Outcome: "answered", Received: t0.Add(-2 * time.Hour)},
			{MessageID: "2@x", Sender: "alice@example.org", Outcome: "answered", Received: t0.Add(-30 * time.Minute)},
			{MessageID: "3@x", Sender: "alice@example.org", Outcome: "rejected", Received: t0.Add(-10 * time.Minute)},
			{MessageID: "4@x", Sender: "alice@example.org", Outcome: "ignored", Received: t0},
			{MessageID: "5@x", Sender: "alice@example.org", Outcome: "limited", Received: t0},
			{MessageID: "6@x", Sender: "bob@example.org", Outcome: "answered", Received: t0},
			{MessageID: "7@x", Sender: "alice@example.org", Outcome: "answered", Proof: KeyProof, Received: t0},
			{MessageID: "8@x", Sender: "alice@example.org", Outcome: "answered", Proof: DKIMProof, Received: t0},
		} {
			if _, err := tx.RecordMessage(m); err != nil {
				return fmt.Errorf("message %d: %w", i, err)
			}
		}
		for _, c := range []struct {
			proven   bool
			outcomes []string
			want     int
		}{
			{false, []string{"answered", "rejected"}, 2},
			{true, []string{"answered", "rejected"}, 2},
			{false, []string{"limited"}, 1},
			{false, nil, 0},
		} {
			n, err := tx.CountFrom("Alice@example.org", t0.Add(-time.Hour), c.proven, c.outcomes...)
			if err != nil || n != c.want {
				t.Errorf("CountFrom(proven %v, %v) = %d, %v; want %d", c.proven, c.outcomes, n, err, c.want)
			}
		}
		return nil
	})
}

// TestOpenAPathWithURICharacters: a folder named with "#" or "?" holds
// the store like any other.
func TestOpenAPathWithURICharacters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "game #1?x=y", "data dir")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "pbem.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the store is not where it was asked to be: %v", err)
	}
}
