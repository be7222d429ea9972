package play

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/notation"
)

// TestConditionalMovesInPente: bob leaves a three-deep line with his ply,
// plus an alternative and a line the rules refuse. Alice's plies meet two
// answers, each played at once with no time off bob's clock and told in
// one mail each; then she deviates and the tree is cancelled, bob told.
// The record marks the answered plies and reads back as it was written.
func TestConditionalMovesInPente(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "tournament=off bank=7")
	alice, bob := "alice@example.org", "bob@example.org"
	w.reply(alice, w.lastAbout(alice, id), "K10")
	w.reply(bob, w.lastAbout(bob, id), "L9\nif K11 then L11 if K12 then L12 if K13 then L13\nif M10 then N11\nif A1 then K10\nif B2 then C3")
	m := w.last(bob)
	mustContain(t, m, "Stored for game 1.", "if K11 then L11 if K12 then L12 if K13 then L13",
		"This line was not stored: your answer K10, ply 4, is refused:", "Your other conditions in game 1 are unchanged.",
		"if B2 then C3")
	for _, secret := range []string{"L11", "N11", "C3"} {
		if strings.Contains(w.lastAbout(alice, id).Body, secret) {
			t.Errorf("alice's mail shows bob's condition %s:\n%s", secret, w.lastAbout(alice, id).Body)
		}
	}
	w.reply(bob, w.lastAbout(bob, id), "conditions")
	mustContain(t, w.last(bob), "Your conditional moves in game 1", "if M10 then N11")
	w.reply(bob, w.lastAbout(bob, id), "if K11 then M12")
	mustContain(t, w.last(bob), "This line was not stored: your conditions answer K11 with L11 already")

	w.now = w.now.Add(5 * time.Hour)
	bank := w.clock(id).Banks[1]
	aliceMails, bobMails := w.count(alice), w.count(bob)
	w.reply(alice, w.lastAbout(alice, id), "K11")
	g := w.game(id)
	if g.game.Plies() != 4 || g.plies[3].Token != "L11" || !g.plies[3].Conditional || g.plies[2].Conditional {
		t.Fatalf("after alice's K11: plies %+v, want bob's conditional L11", g.plies)
	}
	if w.count(alice) != aliceMails+1 || w.count(bob) != bobMails+1 {
		t.Errorf("alice got %d mails, bob %d; want one each", w.count(alice)-aliceMails, w.count(bob)-bobMails)
	}
	mustContain(t, w.last(alice), "You played K11 in game 1 (ply 3).", "bob (Black) answered with a conditional move: L11 (ply 4).", "It is your move, ply 5")
	mustContain(t, w.last(bob), "alice (White) played K11 in game 1 (ply 3). Your conditional move answered: L11 (ply 4).")
	if c := w.clock(id); c.Banks[1] != bank || c.Seat != 0 {
		t.Errorf("bob's bank %v after the conditional answer, want %v untouched; clock on seat %d", c.Banks[1], bank, c.Seat)
	}
	w.reply(alice, w.lastAbout(alice, id), "K12")
	if g := w.game(id); g.game.Plies() != 6 || g.plies[5].Token != "L12" {
		t.Fatalf("after alice's K12: plies %+v, want bob's conditional L12", g.plies)
	}
	// Alice does not play K13: the tree does not cover it and is dropped.
	w.reply(alice, w.lastAbout(alice, id), "A1")
	if g := w.game(id); g.game.Plies() != 7 || int(g.game.ToMove()) != 1 {
		t.Fatalf("after alice's A1: %d plies, seat %d to move; want bob to move", g.game.Plies(), g.game.ToMove())
	}
	mustContain(t, w.last(bob), "alice (White) played A1 in game 1 (ply 7).", "Your conditional moves did not cover A1, so they are cancelled:", "if K13 then L13")
	if strings.Contains(w.last(alice).Body, "cancelled") {
		t.Errorf("alice was told of bob's cancelled conditions:\n%s", w.last(alice).Body)
	}
	w.reply(bob, w.lastAbout(bob, id), "conditions")
	mustContain(t, w.last(bob), "You have no conditional moves in game 1.")

	// The record marks the two answers and keeps the marks through a
	// reading and an export; the review finds it valid.
	w.reply(bob, w.lastAbout(bob, id), "record")
	rec := w.last(bob).Attachments[0].Data
	if !bytes.Contains(rec, []byte("L11 {conditional}")) || !bytes.Contains(rec, []byte("L12 {conditional}")) || bytes.Contains(rec, []byte("K11 {conditional}")) {
		t.Errorf("record does not mark the conditional plies:\n%s", rec)
	}
	for rg := range notation.Games("pbem-1.pgn", rec) {
		if !rg.Valid() {
			t.Errorf("record invalid: %v", rg.Problem)
		}
		if again := notation.AppendExport(nil, rg); !bytes.Equal(again, rec) {
			t.Errorf("export of the record differs:\n%s\nwant\n%s", again, rec)
		}
	}
	w.deliver(Message{From: "erin@example.org", Text: "review", Attachments: []Attachment{{Name: "c.pgn", Type: "application/x-chess-pgn", Data: rec}}})
	mustContain(t, w.last("erin@example.org"), "Reviewed 1 game(s): 1 valid, 0 not.")
	reimported(t, w, rec)
}

// TestConditionalAnswerCheckedWhenPlayed: an answer the rules refuse when
// its time comes is not played; the tree stops and its owner is told.
func TestConditionalAnswerCheckedWhenPlayed(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	alice, bob := "alice@example.org", "bob@example.org"
	w.reply(alice, w.lastAbout(alice, id), "K10")
	w.reply(bob, w.lastAbout(bob, id), "L9")
	// As if the position had changed since the line was checked.
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		return tx.PutConditions(id, db.Conditions{Seat: 1, Lines: [][]string{{"K11", "K10"}}, At: 2, Updated: w.now})
	})
	if err != nil {
		t.Fatal(err)
	}
	w.reply(alice, w.lastAbout(alice, id), "K11")
	if g := w.game(id); g.game.Plies() != 3 {
		t.Fatalf("%d plies; want the refused answer not played", g.game.Plies())
	}
	mustContain(t, w.last(bob), "Your conditional answer K10 to K11 was not played: the rules refuse it now", "it is your move")

	// Lines set for an earlier ply (as if the service had passed for
	// their owner since) are dropped, not played.
	w.reply(bob, w.lastAbout(bob, id), "L10")
	err = w.store.Update(context.Background(), func(tx *db.Tx) error {
		return tx.PutConditions(id, db.Conditions{Seat: 1, Lines: [][]string{{"K12", "L12"}}, At: 2, Updated: w.now})
	})
	if err != nil {
		t.Fatal(err)
	}
	w.reply(bob, w.lastAbout(bob, id), "conditions")
	mustContain(t, w.last(bob), "You have no conditional moves in game 1.")
	w.reply(alice, w.lastAbout(alice, id), "K12")
	if g := w.game(id); g.game.Plies() != 5 {
		t.Fatalf("%d plies; want the stale line not played", g.game.Plies())
	}
	mustContain(t, w.last(bob), "Your conditional moves answered ply 3, and the game has gone past it, so they are cancelled:", "if K12 then L12")
}

// TestConditionsCommands: refused in a game with dice and on the sender's
// own move; cancelled on request; a preview of a line shows its board.
func TestConditionsCommands(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	alice, bob := "alice@example.org", "bob@example.org"
	w.reply(alice, w.lastAbout(alice, id), "if L9 then M10")
	mustContain(t, w.last(alice), "It is your move in game 1", "Nothing was stored.")
	w.reply(alice, w.lastAbout(alice, id), "K10\nif L9 then M10")
	mustContain(t, w.last(alice), "You played K10", "Stored for game 1.")
	w.reply(alice, w.lastAbout(alice, id), "preview if L9 then M10")
	mustContain(t, w.last(alice), "What game 1 would look like after")
	w.reply(alice, w.lastAbout(alice, id), "cancel conditions")
	mustContain(t, w.last(alice), "Your conditional moves in game 1 are cancelled:", "if L9 then M10")
	w.reply(bob, w.lastAbout(bob, id), "L9")
	if g := w.game(id); g.game.Plies() != 2 {
		t.Fatalf("a cancelled condition was played: %d plies", g.game.Plies())
	}
	w.reply(bob, w.lastAbout(bob, id), "if M10 then N11")
	mustContain(t, w.last(bob), "Read: game 1 if M10 then N11", "Stored for game 1.")

	four := []string{alice, bob, "carol@example.org"}
	q := invite(t, w, "new quatro with bob@example.org carol@example.org", four...)
	w.reply(bob, w.lastAbout(bob, q), "if c3-d4 then c5-d6")
	mustContain(t, w.last(bob), "Conditional moves are for games of two players")
}

// TestConditionalMovesInPinuidClassic: the other game without dice takes
// conditional moves too.
func TestConditionalMovesInPinuidClassic(t *testing.T) {
	w := newWorld(t, Config{})
	alice, bob := "alice@example.org", "bob@example.org"
	id := invite(t, w, "new pinuid with bob@example.org", alice, bob)
	g := w.game(id).game.Clone()
	next := func() string {
		p := g.Legal()[0]
		if err := g.Play(p); err != nil {
			t.Fatal(err)
		}
		return p.String()
	}
	a1, b1, a2, b2 := next(), next(), next(), next()
	w.reply(alice, w.lastAbout(alice, id), a1)
	w.reply(bob, w.lastAbout(bob, id), b1+"\nif "+a2+" then "+b2)
	mustContain(t, w.last(bob), "Stored for game 1.")
	w.reply(alice, w.lastAbout(alice, id), a2)
	got := w.game(id)
	if got.game.Plies() != 4 || got.plies[3].Token != b2 || !got.plies[3].Conditional {
		t.Fatalf("plies %+v, want bob's conditional %s", got.plies, b2)
	}
	mustContain(t, w.last(alice), "bob (Black) answered with a conditional move: "+b2)
}
