package play

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/rules"
)

// TestSeveralGamesInOneReply checks that a mail about several games gets
// each game's own board under its own heading, in the order of the
// commands, and that the reply is the first game's mail: its subject, its
// key, its thread.
func TestSeveralGamesInOneReply(t *testing.T) {
	w := newWorld(t, Config{})
	alice := "alice@example.org"
	pente := startPente(t, w, "")
	gomoku := invite(t, w, "new gomoku with carol@example.org", alice, "carol@example.org")

	w.send(alice, "", fmt.Sprintf("board %d\nboard %d\nboard %d", gomoku, pente, gomoku))
	m := w.last(alice)
	if m.GameID != gomoku {
		t.Fatalf("the reply is about game %d, want the first game named, %d", m.GameID, gomoku)
	}
	if want := "[pbem 2] Gomoku: alice vs carol - your move; also game 1"; m.Subject != want {
		t.Errorf("subject %q, want %q", m.Subject, want)
	}
	if !strings.Contains(m.Headers["Reply-To"], w.key(alice, gomoku)) {
		t.Errorf("Reply-To %q lacks the key of game %d", m.Headers["Reply-To"], gomoku)
	}
	second := "Game 2, Gomoku: alice vs carol\n==============================\n"
	first := "Game 1, Pente: alice vs bob\n===========================\n"
	i, j := strings.Index(m.Body, second), strings.Index(m.Body, first)
	if i < 0 || j < 0 || i > j {
		t.Fatalf("want game 2's section, then game 1's, each headed and underlined:\n%s", m.Body)
	}
	if strings.Count(m.Body, "Seats: ") != 2 {
		t.Errorf("want two sections, one a game:\n%s", m.Body)
	}
	mustContain(t, m, "Games 2 and 1 are below. A reply to this mail is about game 2.")
	// Game 2's section is this mail's: reply with the ply. Game 1's says
	// where to play it.
	mustContain(t, m, `It is your move, ply 1: reply with it`,
		`It is your move, ply 1. A reply to this mail is about game 2: to play, reply to one of game 1's mails (send "board 1" for one).`)
	if sec := m.Body[j:]; strings.Contains(sec, "reply with it") {
		t.Errorf("game 1's section asks for a reply this mail's key does not allow:\n%s", sec)
	}

	// A reply to it is about game 2.
	w.reply(alice, m, "K10")
	if n := w.game(gomoku).game.Plies(); n != 1 {
		t.Errorf("game %d has %d plies after a reply to its mail, want 1", gomoku, n)
	}
	if n := w.game(pente).game.Plies(); n != 0 {
		t.Errorf("game %d has %d plies, want none", pente, n)
	}

	// One game: the reply is as it always was.
	w.send(alice, "", "board 1")
	one := w.last(alice)
	if one.Subject != "[pbem 1] Pente: alice vs bob - your move" || strings.Contains(one.Body, "===") ||
		strings.Contains(one.Body, "are below") || !strings.Contains(one.Body, "reply with it") {
		t.Errorf("a reply about one game:\n%s\n%s", one.Subject, one.Body)
	}
}

// TestWatchWordsFollowWatching checks that a game's mail to someone who
// plays no seat says whether they watch it, as the store has it.
func TestWatchWordsFollowWatching(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	carol := "carol@example.org"
	steps := []struct {
		command     string
		want        []string
		unsubscribe bool
	}{
		{"board 1", []string{`Send "watch 1" to get a mail after every ply`}, false},
		{"watch 1", []string{`You now watch game 1`, `You watch this game; send "unwatch 1" to stop.`}, true},
		{"board 1", []string{`You watch this game; send "unwatch 1" to stop.`}, true},
		{"unwatch 1", []string{`You no longer watch game 1.`, `Send "watch 1" to get a mail after every ply`}, false},
	}
	for _, s := range steps {
		w.send(carol, "", s.command)
		m := w.last(carol)
		mustContain(t, m, s.want...)
		if !s.unsubscribe {
			mustNotContain(t, m, "You watch this game")
		}
		if _, ok := m.Headers["List-Unsubscribe"]; ok != s.unsubscribe {
			t.Errorf("after %q: List-Unsubscribe %v, want %v", s.command, ok, s.unsubscribe)
		}
	}
	// Not watching, carol gets no mail of the game's plies.
	before := w.count(carol)
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	if w.count(carol) != before {
		t.Errorf("carol got mail of a game she stopped watching")
	}
}

// TestOthersAreToldOfTheReturnFromVacation checks that the other seats of
// each of a player's games are told when the player's vacation ends, by
// "back" or by itself, as they were told when it began.
func TestOthersAreToldOfTheReturnFromVacation(t *testing.T) {
	w := newClockWorld(t, Config{})
	alice, bob, carol := "alice@example.org", "bob@example.org", "carol@example.org"
	pente := startPente(t, w, "")
	gomoku := invite(t, w, "new gomoku with carol@example.org", bob, carol)

	w.send(bob, "", "vacation 7")
	mustContain(t, w.lastAbout(alice, pente), "bob (Black) is on vacation until")
	mustContain(t, w.lastAbout(carol, gomoku), "bob (White) is on vacation until")
	w.advance(24 * time.Hour)
	seen := map[string]int{alice: w.count(alice), bob: w.count(bob), carol: w.count(carol)}
	w.send(bob, "", "back")
	mustContain(t, w.last(bob), "Welcome back")
	mustContain(t, w.lastAbout(alice, pente), "bob (Black) is back from vacation, and their clock in game 1 runs again.")
	mustContain(t, w.lastAbout(carol, gomoku), "bob (White) is back from vacation, and their clock in game 2 runs again.")
	if w.count(alice) != seen[alice]+1 || w.count(carol) != seen[carol]+1 || w.count(bob) != seen[bob]+1 {
		t.Errorf("mails for back: alice %d, bob %d, carol %d; want one each",
			w.count(alice)-seen[alice], w.count(bob)-seen[bob], w.count(carol)-seen[carol])
	}

	// Carol's vacation ends by itself: bob is told, in his time zone.
	w.send(bob, "", "timezone Europe/Berlin")
	w.send(carol, "", "vacation 1")
	seen[bob] = w.count(bob)
	if r := w.advance(25 * time.Hour); r.VacationsOver != 1 {
		t.Fatalf("carol's vacation did not end: %+v", r)
	}
	var told []db.Mail
	for _, m := range w.mailsSince(bob, seen[bob]) {
		if strings.Contains(m.Body, "is back") {
			told = append(told, m)
		}
	}
	if len(told) != 1 || told[0].GameID != gomoku {
		t.Fatalf("bob was told %d time(s) of carol's return, want once, in game %d", len(told), gomoku)
	}
	mustContain(t, told[0], "carol (Black) is back: their vacation ended at", "CET", "and their clock in game 2 runs again.")
}

// TestHelpListsTheGamesOneALine checks that help's list of games reads at
// 72 columns: one game a line, its name and its title.
func TestHelpListsTheGamesOneALine(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("dave@example.org", "", "help")
	body := w.last("dave@example.org").Body
	lines := strings.Split(body, "\n")
	for _, want := range []string{"pente Pente", "keryo-pente Keryo-Pente", "poof-pente Poof-Pente", "pinuid Pinuid Classic",
		"quatro Pinuid Quatro", "dobbal Pinuid Dobbal"} {
		found := false
		for _, l := range lines {
			if strings.Join(strings.Fields(l), " ") == want {
				found = true
			}
		}
		if !found {
			t.Errorf("help has no line %q:\n%s", want, body)
		}
	}
	for _, l := range lines {
		if len(l) > width {
			t.Errorf("help line of %d columns: %q", len(l), l)
		}
	}
}

// TestStaleReply checks that a move in reply to a game mail written before
// the game's last ply is refused as stale, unless "#N" says the sender
// knows which ply it is; a reply to the mail of the opponent's ply is not.
func TestStaleReply(t *testing.T) {
	w := newWorld(t, Config{})
	alice, bob := "alice@example.org", "bob@example.org"
	id := startPente(t, w, "tournament=off")
	w.reply(alice, w.lastAbout(alice, id), "K10")
	old := w.lastAbout(bob, id) // written after ply 1
	w.reply(bob, old, "L9")
	w.reply(alice, w.lastAbout(alice, id), "M8")
	if n := w.game(id).game.Plies(); n != 3 {
		t.Fatalf("%d plies in replies to the mails of the opponent's plies, want 3\n%s", n, w.last(alice).Body)
	}

	w.reply(bob, old, "N7")
	mustContain(t, w.last(bob), "This mail answers a mail of game 1 written after ply 1, and plies 2 and 3 were played since: N7 may have been meant for the board as it was.",
		"Nothing was played; here is the board as it is now.", "Last: ply 3, White M8")
	if n := w.game(id).game.Plies(); n != 3 {
		t.Fatalf("the stale reply was played: %d plies", n)
	}
	w.reply(bob, old, "N7 #3")
	mustContain(t, w.last(bob), "expected to play ply 3, but game 1 is at ply 4")
	w.reply(bob, old, "N7 #4")
	if n := w.game(id).game.Plies(); n != 4 {
		t.Fatalf("N7 #4 in reply to an old mail was not played: %d plies", n)
	}

	// A mail from before Message-IDs carried the ply count: its key still
	// proves the sender, and nothing tells it is stale.
	w.reply(alice, w.lastAbout(alice, id), "O6")
	if !strings.Contains(old.MessageID, ".p1.") {
		t.Fatalf("Message-ID %s lacks the ply mark .p1.", old.MessageID)
	}
	unmarked := strings.Replace(old.MessageID, ".p1.", ".", 1)
	w.deliver(Message{From: bob, To: []string{"pbem@example.org"}, Subject: "Re: " + old.Subject,
		Text: "P5", InReplyTo: unmarked, References: []string{unmarked}})
	if n := w.game(id).game.Plies(); n != 6 {
		t.Fatalf("a reply to a mail without the ply mark was not played: %d plies\n%s", n, w.last(bob).Body)
	}
}

// passSequence is a game of Pinuid Classic, found by a search, after
// whose 68 plies White cannot act: ply 69 is a pass.
const passSequence = `d2-e3 f7-g6 e3-d4 d6-e5 f1-e2 e7-d6 d4-e3xe2 e5-f4 e1-d2 g6-f7 c1-b2 d6-e5
b2-c3 e5-d4 b1-a2 f7-g6 d2-c1 g6-f7 e3-f2 f4-g3 a2-b1 c7-b6 b1-c2xc1 b6-c5 c3-b4 d4-e3 c2-b1
b7-c6 b1-c2 c6-b7 c2-b3 b7-a6 b3-c4 a6-b5 c4-d5 f7-e6 b4-c3 c5-b6 c3-d2 b5-c4 d2-c3 b6-a7 c3-d4
a7-b6 d4-c5 e3-d4 f2-e3 g3-f2 e3-d2 f2-e1 d2-c3 e1-d2 c3-b4 d2-c3 d5-c6 c4-b5 c6-d5 b5-c4 d5-c6
c4-d5 c6-d7 d5-c6 b4-a5 c3-b4 c5-d6 d4-c5 d6-c7 c5-d6`

// passGame is a game of Pinuid Classic between alice and bob one ply
// before White is blocked: bob, on notify myturn, is to play ply 68, after
// which White passes. It returns the world, the game, ply 68, and a mail
// of bob's written at ply 67.
func passGame(t *testing.T) (*world, int64, string, db.Mail) {
	t.Helper()
	w := newWorld(t, Config{})
	bob := "bob@example.org"
	id := invite(t, w, "new pinuid with bob@example.org", "alice@example.org", bob)
	plies := strings.Fields(passSequence)
	if len(plies) != 68 {
		t.Fatalf("%d plies in the sequence, want 68", len(plies))
	}
	// All but the last go into the store as they are: played by mail they
	// would only take time.
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		for i, tok := range plies[:67] {
			if err := tx.AddPly(id, db.Ply{N: i + 1, Seat: i % 2, Token: tok, PlayedAt: w.now}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	w.send(bob, "", "notify myturn")
	w.send(bob, "", fmt.Sprintf("board %d", id))
	return w, id, plies[67], w.last(bob)
}

// TestAutomaticPassIsNotStale checks a ply the service follows with its
// own (a pass of a blocked seat): the mails are written after both, so a
// reply to them is not stale, while a reply to a mail from before is.
func TestAutomaticPassIsNotStale(t *testing.T) {
	w, id, ply, before := passGame(t)
	bob := "bob@example.org"
	w.reply(bob, before, ply)
	g := w.game(id)
	if g.game.Plies() != 69 || g.plies[68].Token != "pass" || g.row.Seats[g.game.ToMove()].Address != bob {
		t.Fatalf("after %s: %d plies, the last %s, %s to move; want White's pass and bob to move",
			ply, g.game.Plies(), g.plies[len(g.plies)-1].Token, g.row.Seats[g.game.ToMove()].Address)
	}
	// bob asked for mail only when it is his move: after the pass it is,
	// so his ply is answered.
	reply := w.last(bob)
	mustContain(t, reply, "You played "+ply, "Last: ply 69, White pass", "It is your move, ply 70")
	next := g.game.Legal()[0].String()

	w.reply(bob, before, next)
	mustContain(t, w.last(bob), "written after ply 67, and plies 68 and 69 were played since")
	if n := w.game(id).game.Plies(); n != 69 {
		t.Fatalf("a reply to the mail from before the pass was played: %d plies", n)
	}
	w.reply(bob, reply, next)
	if n := w.game(id).game.Plies(); n < 70 {
		t.Fatalf("a reply to the mail written after the pass was refused:\n%s", w.last(bob).Body)
	}
}

// TestSecondPlyOfAMailIsNotStale checks that the plies a mail plays, and
// the passes they bring, are known to its writer: a ply after them in the
// same mail is played.
func TestSecondPlyOfAMailIsNotStale(t *testing.T) {
	w, id, ply, before := passGame(t)
	g := w.game(id).game.Clone()
	if err := rules.PlayToken(g, ply); err != nil {
		t.Fatal(err)
	}
	if err := rules.PlayToken(g, "pass"); err != nil {
		t.Fatal(err)
	}
	next := g.Legal()[0].String()
	w.reply("bob@example.org", before, ply+"\n"+next)
	if n := w.game(id).game.Plies(); n < 70 {
		t.Fatalf("the second ply of the mail was not played: %d plies\n%s", n, w.last("bob@example.org").Body)
	}
}

// TestNotifyMyTurnSkipsOnlyTheEcho checks what "notify myturn" spares a
// player: the reply to a mail whose only news is the player's own ply,
// played as sent, with the game going on and another seat to move. Any
// other news is answered.
func TestNotifyMyTurnSkipsOnlyTheEcho(t *testing.T) {
	alice, bob := "alice@example.org", "bob@example.org"
	tests := []struct {
		name   string
		notify string
		before []string // plies alice and bob play in turn before bob's mail
		mail   string   // bob's mail, in reply to his latest mail of the game
		want   string   // in the reply; "" for no reply
	}{
		{"a ply played as sent", "myturn", []string{"K10"}, "L9", ""},
		{"a ply with its right guard", "myturn", []string{"K10"}, "L9 #2", ""},
		{"the same with notify every", "every", []string{"K10"}, "L9", "You played L9 in game 1 (ply 2)."},
		{"a ply refused", "myturn", []string{"K10"}, "K10", "K10 is taken"},
		{"a ply with a wrong guard", "myturn", []string{"K10"}, "L9 #5", "expected to play ply 5"},
		{"a ply and another command", "myturn", []string{"K10"}, "L9\nboard", "Here is game 1 as it stands."},
		{"a ply that ends the game", "myturn", []string{"K10", "A1", "K11", "A2", "K12", "A3", "K13", "A4", "S19"}, "A5",
			"Game over: bob wins (five in a row"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, Config{})
			id := startPente(t, w, "tournament=off")
			w.send(bob, "", "notify "+tc.notify)
			for i, ply := range tc.before {
				who := [2]string{alice, bob}[i%2]
				w.reply(who, w.lastAbout(who, id), ply)
			}
			plies := w.game(id).game.Plies()
			mine, theirs := w.count(bob), w.count(alice)
			res := w.reply(bob, w.lastAbout(bob, id), tc.mail)
			if tc.want == "" {
				if w.count(bob) != mine {
					t.Errorf("bob got a reply:\n%s", w.last(bob).Body)
				}
				if res.Outcome != Played {
					t.Errorf("outcome %s, want %s", res.Outcome, Played)
				}
				if w.game(id).game.Plies() != plies+1 || w.count(alice) != theirs+1 {
					t.Errorf("the ply was not played and told: %d plies, alice got %d mail(s)",
						w.game(id).game.Plies(), w.count(alice)-theirs)
				}
				return
			}
			if w.count(bob) != mine+1 {
				t.Fatalf("bob got %d replies, want one with %q", w.count(bob)-mine, tc.want)
			}
			mustContain(t, w.last(bob), tc.want)
			if res.Outcome != Answered {
				t.Errorf("outcome %s, want %s", res.Outcome, Answered)
			}
		})
	}
}
