package play

import (
	"bytes"
	"context"
	"testing"
	"time"

	"pbem/db"
	"pbem/notation"
	"pbem/rules"
)

// TestQuatroFourSeatsPlayOnToAWinner: in a rated four-seat game one seat
// resigns out of turn, another runs out of time, the others play on (a
// draw needs only them, and a seat out of play has no say), and the last
// one standing wins. The record writes both leavings, reads back valid and
// exports to the same bytes.
func TestQuatroFourSeatsPlayOnToAWinner(t *testing.T) {
	w := newClockWorld(t, Config{})
	four := []string{"alice@example.org", "bob@example.org", "carol@example.org", "dave@example.org"}
	id := invite(t, w, "new quatro with bob@example.org carol@example.org dave@example.org days=1", four...)
	playOut(t, w, id, 3, 1) // alice; bob to move
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "resign")
	mustContain(t, w.last("carol@example.org"), "You resigned game 1 and are out of it.", "bob (Seat 2) is to move.")
	mustContain(t, w.lastAbout("dave@example.org", id), "carol (Seat 3) resigned game 1 and is out of it.")
	playOut(t, w, id, 4, 1) // bob; carol is skipped, dave to move
	if g := w.game(id); g.game.ToMove() != 3 {
		t.Fatalf("seat %d to move after bob, want dave's seat 4", g.game.ToMove().Number())
	}
	// A leaving token is no ply a player sends.
	w.reply("dave@example.org", w.lastAbout("dave@example.org", id), "s2:resign")
	mustContain(t, w.last("dave@example.org"), "not a ply", "send \"resign\"")
	if r := w.advance(24 * time.Hour); r.Forfeits != 1 {
		t.Fatalf("after a day: %+v, want dave out on time", r)
	}
	g := w.game(id)
	if g.row.State != db.Active || g.game.ToMove() != 0 {
		t.Fatalf("after dave's time ran out: %s, seat %d to move", g.row.State, g.game.ToMove().Number())
	}
	mustContain(t, w.lastAbout("alice@example.org", id), "dave (Seat 4) did not play in game 1 by the deadline and is out of it on time.",
		"alice (Seat 1) to play")
	// Carol, out of play, cannot offer a draw; alice's offer waits for bob alone.
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "draw")
	mustContain(t, w.last("carol@example.org"), "You are out of game 1")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "draw")
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "decline")
	mustContain(t, w.last("carol@example.org"), "You are out of game 1")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "decline")
	playOut(t, w, id, 5, 2) // alice, bob
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
	g = w.game(id)
	if g.row.State != db.Finished || g.row.Result != "1-0-0-0" {
		t.Fatalf("game %s result %q, want alice's win 1-0-0-0", g.row.State, g.row.Result)
	}
	mustContain(t, w.lastAbout("dave@example.org", id), "alice (Seat 1) wins as the last seat standing.")

	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "record")
	m := w.last("carol@example.org")
	// The record goes beside the board's picture, which has a Content-ID.
	if len(m.Attachments) == 0 || m.Attachments[0].ContentID != "" {
		t.Fatalf("no record attached:\n%s", m.Body)
	}
	rec := m.Attachments[0].Data
	for _, want := range []string{"s3:resign", "s4:time", "s2:resign", `[Result "1-0-0-0"]`, "[Seat4 \"dave\"]"} {
		if !bytes.Contains(rec, []byte(want)) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
	n := 0
	for rg := range notation.Games("pbem-1.pgn", rec) {
		n++
		if !rg.Valid() || rg.Outcome() != "1-0-0-0" || rg.State.Plies() != g.game.Plies() {
			t.Errorf("record reads back as valid %v, outcome %s, %d plies (%v):\n%s", rg.Valid(), rg.Outcome(), rg.State.Plies(), rg.Problem, rec)
		}
		if again := notation.AppendExport(nil, rg); !bytes.Equal(again, rec) {
			t.Errorf("export of the record differs:\n%s\nwant\n%s", again, rec)
		}
	}
	if n != 1 {
		t.Fatalf("record holds %d games", n)
	}
	// The review of the record agrees.
	w.deliver(Message{From: "erin@example.org", Text: "review", Attachments: []Attachment{{Name: "q.pgn", Type: "application/x-chess-pgn", Data: rec}}})
	mustContain(t, w.last("erin@example.org"), "Reviewed 1 game(s): 1 valid, 0 not.", "resigned at ply 2", "out on time at ply")
	reimported(t, w, rec)
}

// TestQuatroDrawNeedsTheSeatsInPlay: after a seat left, the others agree
// a draw between them.
func TestQuatroDrawNeedsTheSeatsInPlay(t *testing.T) {
	w := newWorld(t, Config{})
	players := []string{"alice@example.org", "bob@example.org", "carol@example.org"}
	id := invite(t, w, "new quatro with bob@example.org carol@example.org", players...)
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "draw")
	if g := w.game(id); g.row.State != db.Active {
		t.Fatalf("one seat's offer ended the game: %s", g.row.State)
	}
	// Only the seats that must answer are asked to; bob, out, is not.
	mustContain(t, w.lastAbout("carol@example.org", id), "alice (Seat 1) offered a draw in game 1.")
	mustNotContain(t, w.lastAbout("bob@example.org", id), "offered a draw")
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "accept")
	mustContain(t, w.lastAbout("bob@example.org", id), "drawn")
	g := w.game(id)
	if g.row.Result != "1/2-1/2-1/2" || g.row.Termination != "agreed draw" {
		t.Fatalf("result %q %q, want the agreed draw", g.row.Result, g.row.Termination)
	}
	if rules.InPlay(g.game, 1) {
		t.Errorf("bob is in play after resigning")
	}
}

// reimported imports a record and exports the game it became: it must come
// back byte for byte, plies leaving the game and conditional marks
// included.
func reimported(t *testing.T, w *world, rec []byte) {
	t.Helper()
	ids := importRecords(t, w, "rec.pgn", rec)
	var out []byte
	err := w.store.View(context.Background(), func(tx *db.Tx) error {
		return Export(tx, ids[0], "pbem@example.org", func(b []byte) error {
			out = b
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, rec) {
		t.Errorf("the imported record exports as:\n%s\nwant:\n%s", out, rec)
	}
}
