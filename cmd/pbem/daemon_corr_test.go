package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/notation"
)

// storedPlies reads a game's plies from the daemon's store.
func (r *rig) storedPlies(id int64) []db.Ply {
	r.t.Helper()
	var plies []db.Ply
	r.view(func(tx *db.Tx) (err error) {
		plies, err = tx.Plies(id)
		return err
	})
	return plies
}

// TestDaemonConditionalMoves plays conditional moves through the daemon:
// bob leaves a three-deep line with his ply; alice's next two plies are
// answered at once, each told in one mail to each player; her third ply
// leaves the line, and bob is told his conditions are cancelled. The store
// marks the two answers, and the record shows them.
func TestDaemonConditionalMoves(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "tournament=off")

	alice.answer(alice.reply(alice.last[id], "K10"), "You played K10")
	bob.next("the news of K10")
	bob.answer(bob.reply(bob.last[id], "L9\nif K11 then L11 if K12 then L12 if K13 then L13"),
		"You played L9", "Stored for game", "if K11 then L11 if K12 then L12 if K13 then L13")
	if m := alice.next("the news of L9"); strings.Contains(m.Text, "L11") {
		t.Fatalf("alice's mail shows bob's conditions:\n%s", m.Text)
	}
	for k, pair := range [][2]string{{"K11", "L11"}, {"K12", "L12"}} {
		n := 3 + 2*k
		alice.answer(alice.reply(alice.last[id], pair[0]), fmt.Sprintf("You played %s in game %d (ply %d)", pair[0], id, n),
			fmt.Sprintf("bob (Black) answered with a conditional move: %s (ply %d)", pair[1], n+1), "your move")
		mustSay(t, bob.next("the news of "+pair[0]), fmt.Sprintf("alice (White) played %s in game %d (ply %d). Your conditional move answered: %s (ply %d).",
			pair[0], id, n, pair[1], n+1), "to move")
	}
	alice.answer(alice.reply(alice.last[id], "A1"), "You played A1")
	mustSay(t, bob.next("the news of A1"), "Your conditional moves did not cover A1, so they are cancelled", "if K13 then L13", "your move")

	plies := r.storedPlies(id)
	var got []string
	for _, p := range plies {
		tok := p.Token
		if p.Conditional {
			tok += "*"
		}
		got = append(got, tok)
	}
	if want := "K10 L9 K11 L11* K12 L12* A1"; strings.Join(got, " ") != want {
		t.Errorf("stored plies %q, want %q (* conditional)", strings.Join(got, " "), want)
	}
	rec := bob.answer(bob.reply(bob.last[id], "record"), "record of game")
	// The record, beside the board's picture for the HTML part.
	var data []byte
	for _, a := range rec.Attachments {
		if a.Type != "image/png" {
			data = a.Data
		}
	}
	if data == nil {
		t.Fatalf("no record attached")
	}
	if !strings.Contains(string(data), "L11 {conditional}") {
		t.Errorf("the record does not mark the conditional plies:\n%s", data)
	}
	for g := range notation.Games("rec.pgn", data) {
		if !g.Valid() || string(notation.AppendExport(nil, g)) != string(data) {
			t.Errorf("the record does not read back as written (%v):\n%s", g.Problem, data)
		}
	}
}

// TestDaemonPairsChallenges: two players' matching challenges are paired
// at once through the daemon, both told, and the game is on.
func TestDaemonPairsChallenges(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob, carol := r.player("alice@example.org"), r.player("bob@example.org"), r.player("carol@example.org")
	// A first mail of each gives them a reply key: posting needs proof.
	keyOf := func(p *player) sentMail {
		return p.answer(p.send(serviceAddress, "hello", "", "help"), "Commands")
	}
	a, b, c := keyOf(alice), keyOf(bob), keyOf(carol)
	alice.answer(alice.reply(a, "new pente with anyone days=2 rating 1300-1700"), "Challenge 1 is posted")
	carol.answer(carol.reply(c, "challenges"), "1. Pente by alice (rating 1500), days=2", "for a player of rating 1300 to 1700")
	m := bob.answer(bob.reply(b, "new pente with anyone days=2"), "Your challenge matched challenge 1 of alice", "begins")
	id := gameOf(m)
	if id == 0 {
		t.Fatalf("the pairing's reply names no game: %q", m.Subject)
	}
	mustSay(t, alice.next("the pairing"), "Your challenge 1 is taken: it matched a challenge of bob", "your move")
	alice.answer(alice.reply(alice.last[id], "K10"), "You played K10")
	mustSay(t, bob.next("the news of K10"), "your move")
	carol.answer(carol.reply(c, "challenges"), "No challenge is open.")
}

// TestDaemonQuatroPlaysOnToAWinner: a rated four-seat Quatro game through
// the daemon, on a clock the test moves: carol resigns out of turn, dave
// runs out of time, alice and bob play on, and when bob resigns alice wins
// as the last seat standing. Every seat is told at each step.
func TestDaemonQuatroPlaysOnToAWinner(t *testing.T) {
	clock := newFakeClock()
	r := newRig(t, dovecot.Config{}, clock)
	r.start(func(c *serveConfig) { c.downtime = 30 * 24 * time.Hour }, "--tick", "100ms")
	seats := []*player{r.player("alice@example.org"), r.player("bob@example.org"), r.player("carol@example.org"), r.player("dave@example.org")}
	alice, bob, carol, dave := seats[0], seats[1], seats[2], seats[3]
	alice.answer(alice.send(serviceAddress, "quatro?", "", "new quatro with bob@example.org carol@example.org dave@example.org days=1"), "is set up")
	var id int64
	for _, p := range seats[1:] {
		inv := p.next("the invitation")
		id = gameOf(inv)
		p.answer(p.reply(inv, "accept"), "accepted game")
	}
	for _, p := range seats[:3] {
		mustSay(t, p.next("the start"), fmt.Sprintf("Everyone has accepted game %d", id))
	}
	others := func(except *player, what string, texts ...string) {
		t.Helper()
		for _, p := range seats {
			if p != except {
				mustSay(t, p.next(what), texts...)
			}
		}
	}
	play := func(p *player, ply string) {
		t.Helper()
		p.answer(p.reply(p.last[id], ply), "You played "+ply)
		others(p, "the news of "+ply, "played "+ply)
	}
	play(alice, "c3-d4")
	carol.answer(carol.reply(carol.last[id], "resign"), "You resigned game", "are out of it", "bob (Seat 2) is to move")
	others(carol, "carol's resignation", "carol (Seat 3) resigned game", "the others play on")
	play(bob, "c5-d6") // carol is skipped: dave to move
	mustSay(t, dave.last[id], "dave (Seat 4) to play", "your move")

	clock.Advance(25 * time.Hour)
	others(nil, "dave's time running out", fmt.Sprintf("dave (Seat 4) did not play in game %d by the deadline and is out of it on time", id))
	play(alice, "d4-c5")
	bob.answer(bob.reply(bob.last[id], "resign"), "You resigned game", "alice (Seat 1) wins as the last seat standing")
	others(bob, "the end", "alice (Seat 1) wins as the last seat standing", "game over")

	var row db.Game
	r.view(func(tx *db.Tx) (err error) {
		row, err = tx.Game(id)
		return err
	})
	if row.State != db.Finished || row.Result != "1-0-0-0" || !strings.HasPrefix(row.Termination, "last seat standing") {
		t.Errorf("game %d stored %s %s %q, want finished 1-0-0-0 by last seat standing", id, row.State, row.Result, row.Termination)
	}
	var toks []string
	for _, p := range r.storedPlies(id) {
		toks = append(toks, p.Token)
	}
	if want := "c3-d4 s3:resign c5-d6 s4:time d4-c5 s2:resign"; strings.Join(toks, " ") != want {
		t.Errorf("stored plies %q, want %q", strings.Join(toks, " "), want)
	}
}
