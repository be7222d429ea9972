package web

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/notation"
	"pbem/play"
)

// fixture is a store with games made the ways the service makes them:
// imported records and games started and played by mail, one of them
// private; and the archive serving it.
type fixture struct {
	path    string
	store   *db.Store
	archive *db.Archive
	srv     *Server
	// ids of games by what they are.
	dobbal, pente, pente2, mailGame, private, invited int64
	// ids of challenges: open ones by alice and carol; bob's private one,
	// and dave's expired one.
	aliceChallenge, carolChallenge, privateChallenge, expiredChallenge int64
	// keys are the reply keys the service mailed; addresses the players'.
	keys      []string
	addresses []string
}

var fixtureNow = time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)

func newFixture(t testing.TB) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{path: filepath.Join(t.TempDir(), "pbem.db")}
	var err error
	if f.store, err = db.Open(ctx, f.path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.store.Close() })
	imported := f.importFile(t, "testdata/dobbal.pgn", "testdata/pente.pgn")
	f.dobbal, f.pente, f.pente2 = imported[0], imported[1], imported[2]

	svc, err := play.New(f.store, play.Config{Address: "pbem@example.org", Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return fixtureNow }})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	send := func(from, name, to, text string) {
		t.Helper()
		n++
		m := play.Message{MessageID: fmt.Sprintf("m%d@example.org", n), From: from, FromName: name,
			To: []string{to}, Subject: "game", Text: text, Received: fixtureNow}
		if _, err := svc.Handle(ctx, m); err != nil {
			t.Fatalf("%s sends %q: %v", from, text, err)
		}
	}
	const (
		alice = "alice@example.org"
		bob   = "bob.b@example.com"
		carol = "carol@example.net"
		dave  = "dave@example.net"
	)
	f.addresses = []string{alice, bob, carol, dave}
	send(alice, "Alice Liddell", "pbem@example.org", "new pente with "+bob)
	f.mailGame = f.lastGame(t)
	send(bob, "", f.replyTo(t, bob, f.mailGame), "accept")
	send(alice, "Alice Liddell", f.replyTo(t, alice, f.mailGame), "K10")
	send(bob, "", f.replyTo(t, bob, f.mailGame), "L9")
	// Carol's display name is her address: it must not show either.
	send(carol, carol, "pbem@example.org", "new pente with "+alice+" private=yes")
	f.private = f.lastGame(t)
	send(alice, "Alice Liddell", f.replyTo(t, alice, f.private), "accept")
	send(carol, carol, f.replyTo(t, carol, f.private), "K10")
	send(dave, "", "pbem@example.org", "new dobbal with "+carol)
	f.invited = f.lastGame(t)
	// Challenges are posted with proof of the address: from a reply key.
	send(alice, "Alice Liddell", f.replyTo(t, alice, f.mailGame), "new keryo-pente with anyone days=5 rating 1400-1800")
	f.aliceChallenge = f.lastChallenge(t)
	send(carol, carol, f.replyTo(t, carol, f.private), "new pente with anyone first=them")
	f.carolChallenge = f.lastChallenge(t)
	send(bob, "", f.replyTo(t, bob, f.mailGame), "new pente with anyone private=yes")
	f.privateChallenge = f.lastChallenge(t)
	// One nobody took, whose time is up though no tick has closed it yet.
	err = f.store.Update(ctx, func(tx *db.Tx) error {
		p, err := tx.Player(dave, "", fixtureNow)
		if err != nil {
			return err
		}
		f.expiredChallenge, err = tx.AddChallenge(db.Challenge{PlayerID: p.ID, Kind: "dobbal", Options: "first=me rated=yes",
			Created: fixtureNow.Add(-8 * 24 * time.Hour), Expires: fixtureNow.Add(-time.Hour)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	f.keys = f.replyKeys(t)

	if f.archive, err = db.OpenArchive(ctx, f.path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.archive.Close() })
	if f.srv, err = New(Config{Archive: f.archive, Site: "pbem@example.org", Now: func() time.Time { return fixtureNow }}); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) importFile(t testing.TB, names ...string) []int64 {
	t.Helper()
	var ids []int64
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for g := range notation.Games(name, src) {
			err := f.store.Update(context.Background(), func(tx *db.Tx) error {
				id, err := play.Import(tx, g, fixtureNow)
				ids = append(ids, id)
				return err
			})
			if err != nil {
				t.Fatalf("import %s: %v", name, err)
			}
		}
	}
	return ids
}

// raw opens the store's file for the test's own queries.
func (f *fixture) raw(t testing.TB) *sql.DB {
	t.Helper()
	d, err := sql.Open("sqlite3", "file:"+f.path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func (f *fixture) lastGame(t testing.TB) int64 {
	t.Helper()
	var id int64
	if err := f.raw(t).QueryRow(`SELECT MAX(id) FROM games`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f *fixture) lastChallenge(t testing.TB) int64 {
	t.Helper()
	var id sql.NullInt64
	if err := f.raw(t).QueryRow(`SELECT MAX(id) FROM challenges`).Scan(&id); err != nil || !id.Valid {
		t.Fatalf("no challenge was posted: %v", err)
	}
	return id.Int64
}

// replyTo is the Reply-To of the last mail to an address about a game:
// the address with the key that proves the sender.
func (f *fixture) replyTo(t testing.TB, to string, game int64) string {
	t.Helper()
	var headers string
	err := f.raw(t).QueryRow(`SELECT headers FROM outbox WHERE recipient = ? AND game_id = ? ORDER BY id DESC LIMIT 1`,
		to, game).Scan(&headers)
	if err != nil {
		t.Fatalf("mail to %s about game %d: %v", to, game, err)
	}
	var h map[string]string
	if err := json.Unmarshal([]byte(headers), &h); err != nil {
		t.Fatal(err)
	}
	return h["Reply-To"]
}

// replyKeys are the keys of every mail the service queued.
func (f *fixture) replyKeys(t testing.TB) []string {
	t.Helper()
	rows, err := f.raw(t).Query(`SELECT headers FROM outbox`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var headers string
		if err := rows.Scan(&headers); err != nil {
			t.Fatal(err)
		}
		var h map[string]string
		if err := json.Unmarshal([]byte(headers), &h); err != nil {
			t.Fatal(err)
		}
		local, _, _ := strings.Cut(h["Reply-To"], "@")
		if _, key, ok := strings.Cut(local, "+"); ok {
			keys = append(keys, key)
		}
	}
	if len(keys) == 0 {
		t.Fatal("the service mailed no reply key")
	}
	return keys
}

// get serves one request.
func (f *fixture) get(t testing.TB, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

// bodyHas fails the test unless body holds each of want and none of not;
// what names the request.
func bodyHas(t *testing.T, what, body string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
	for _, n := range not {
		if strings.Contains(body, n) {
			t.Errorf("%s has %q", what, n)
		}
	}
}
