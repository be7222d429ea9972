package play

import (
	"strings"
	"testing"
)

// startPente has alice invite bob and bob accept; it returns the game id.
func startPente(t testing.TB, w *world, options string) int64 {
	t.Helper()
	w.send("alice@example.org", "new game", "new pente with bob@example.org "+options)
	inv := w.last("bob@example.org")
	mustContain(t, inv, "invites you to a game of Pente", "accept")
	w.reply("bob@example.org", inv, "accept")
	return inv.GameID
}

func TestPenteGameByMail(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	start := w.last("alice@example.org")
	mustContain(t, start, "Everyone has accepted", "your move")
	// White makes five along row 10 while Black plays elsewhere.
	white := []string{"K10", "L10", "M10", "N10", "O10"}
	black := []string{"A1", "C1", "E1", "G1"}
	for i := range white {
		w.reply("alice@example.org", w.lastAbout("alice@example.org", id), white[i])
		if i < len(black) {
			// a bare reply: the ply alone, the game from the thread
			w.reply("bob@example.org", w.lastAbout("bob@example.org", id), black[i])
		}
	}
	g := w.game(id)
	if g.row.State != "finished" || g.row.Result != "1-0" {
		t.Fatalf("game %d: state %s result %s, want finished 1-0", id, g.row.State, g.row.Result)
	}
	mustContain(t, w.last("bob@example.org"), "played O10", "Game over: alice wins (five in a row, ")
	mustContain(t, w.last("alice@example.org"), "Read: move", "You played O10")
}

func TestInvitationDeclined(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "new gomoku with bob@example.org")
	inv := w.last("bob@example.org")
	w.reply("bob@example.org", inv, "decline")
	if g := w.game(inv.GameID); g.row.State != "declined" {
		t.Fatalf("state %s, want declined", g.row.State)
	}
	mustContain(t, w.last("alice@example.org"), "bob declined game 1")
	// A move in a declined game changes nothing.
	w.reply("alice@example.org", w.last("alice@example.org"), "K10")
	mustContain(t, w.last("alice@example.org"), "never started", "Nothing was changed")
}

func TestInvitationNeedsEveryInvitee(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "new quatro with bob@example.org carol@example.org dave@example.org")
	id := w.last("bob@example.org").GameID
	for _, who := range []string{"bob@example.org", "carol@example.org"} {
		w.reply(who, w.last(who), "accept")
		if g := w.game(id); g.row.State != "invited" {
			t.Fatalf("after %s accepted: state %s, want invited", who, g.row.State)
		}
	}
	mustContain(t, w.last("carol@example.org"), "starts when dave@example.org accept")
	w.reply("dave@example.org", w.last("dave@example.org"), "accept")
	if g := w.game(id); g.row.State != "active" || g.game.Seats() != 4 {
		t.Fatalf("after all accepted: state %s seats %d, want active with 4", g.row.State, g.game.Seats())
	}
}

func TestStaleMailGuard(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10 #1")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9 #1")
	mustContain(t, w.last("bob@example.org"), "expected to play ply 1, but game 1 is at ply 2", "Nothing was played")
	if n := w.game(id).game.Plies(); n != 1 {
		t.Fatalf("%d plies after the stale mail, want 1", n)
	}
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9 #2")
	if n := w.game(id).game.Plies(); n != 2 {
		t.Fatalf("%d plies after the right guard, want 2", n)
	}
}

func TestRuleErrorTeachesAndChangesNothing(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "H9")
	mustContain(t, w.last("alice@example.org"),
		"Read: move 1 H9",
		"H9 is inside the central 5x5 square: White's second stone must be at",
		"Game 1 is unchanged", "your move")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "baord")
	mustContain(t, w.last("alice@example.org"), `Not understood: "baord"; did you mean board?`)
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "move hitn")
	mustContain(t, w.last("alice@example.org"), `If "hitn" was meant as a command: did you mean hint?`)
	if n := w.game(id).game.Plies(); n != 2 {
		t.Fatalf("%d plies, want 2", n)
	}
}

func TestNotYourMove(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "K10")
	mustContain(t, w.last("bob@example.org"), "It is not your move in game 1: ply 1 is for alice (White)")
}

func TestHintPreviewBoardGamesHelp(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "hint")
	mustContain(t, w.last("alice@example.org"), "alice (White) has 1 legal plies in game 1: K10.")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "preview L9 O6")
	prev := w.last("bob@example.org")
	mustContain(t, prev, "What game 1 would look like after L9 O6", "Last: ply 3, White O6")
	if n := w.game(id).game.Plies(); n != 1 {
		t.Fatalf("preview stored plies: %d, want 1", n)
	}
	w.send("carol@example.org", "", "board 1")
	mustContain(t, w.last("carol@example.org"), "Read: board 1", "Here is game 1", "Last: ply 1, White K10")
	w.send("bob@example.org", "", "games")
	mustContain(t, w.last("bob@example.org"), "Your games (1):", "1  Pente: alice vs bob - your move")
	w.send("dave@example.org", "", "help")
	mustContain(t, w.last("dave@example.org"), "new GAME with ADDRESS", "  keryo-pente            Keryo-Pente\n")
	w.send("dave@example.org", "", "help keryo")
	mustContain(t, w.last("dave@example.org"), "Keryo-Pente: start it with \"new keryo-pente with ADDRESS\"", "tournament=on|off")
}

func TestResign(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
	g := w.game(id)
	if g.row.Result != "1-0" || g.row.Termination != "resignation" {
		t.Fatalf("result %s %s, want 1-0 by resignation", g.row.Result, g.row.Termination)
	}
	m := w.last("alice@example.org")
	mustContain(t, m, "bob (Black) resigned game 1.", "Game over: alice wins (resignation).")
	if n := strings.Count(m.Body, "Game over"); n != 1 {
		t.Errorf("the mail says \"Game over\" %d times, want once:\n%s", n, m.Body)
	}
	if strings.Contains(m.Body, "to play") {
		t.Errorf("the mail of a finished game says whose turn it is:\n%s", m.Body)
	}
}

func TestTakeback(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "takeback")
	mustContain(t, w.last("alice@example.org"), "asked to take back their last ply", `Reply "accept"`)
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "accept")
	g := w.game(id)
	if g.game.Plies() != 1 || g.game.ToMove() != 1 {
		t.Fatalf("after the takeback: %d plies, %v to move; want 1 ply, Black to move", g.game.Plies(), g.game.ToMove())
	}
	mustContain(t, w.last("bob@example.org"), "The takeback in game 1 is agreed: ply 2 and after are undone.")
	// Declined, the ply stays; too late once the other side has moved.
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "M9")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "takeback")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "decline")
	if n := w.game(id).game.Plies(); n != 2 {
		t.Fatalf("declined takeback: %d plies, want 2", n)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "O6")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "takeback")
	mustContain(t, w.last("bob@example.org"), "someone has, or you have not played yet")
}

func TestWatch(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.send("carol@example.org", "", "watch 1")
	mustContain(t, w.last("carol@example.org"), "You now watch game 1")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	mustContain(t, w.last("carol@example.org"), "alice (White) played K10", "Waiting for bob (Black). You watch this game")
	w.reply("carol@example.org", w.last("carol@example.org"), "unwatch")
	n := w.count("carol@example.org")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9")
	if w.count("carol@example.org") != n {
		t.Errorf("carol got mail after unwatching")
	}
}

func TestNoCommandGetsShortHelp(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "hello", "Hi there,\nhow does this work? I would like to play some games with my friends.\n\nThanks")
	mustContain(t, w.last("alice@example.org"), "No command was found in your mail", "help")
	w.send("alice@example.org", "", "mvoe 3 K10")
	mustContain(t, w.last("alice@example.org"), `Not understood: "mvoe 3 K10"; did you mean move?`)
}
