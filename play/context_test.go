package play

import (
	"strings"
	"testing"
)

// TestNoCommandInAGameThread: a reply to a game's mail with nothing the
// service can use is answered about that game: its board, whose move it
// is, and how its plies are written.
func TestNoCommandInAGameThread(t *testing.T) {
	tests := []struct {
		game, notation string
	}{
		{"pente", "A ply is one point"},
		{"pinuid", "A ply is a pin's step"},
		{"dobbal", "A ply is one token: the dice"},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("alice@example.org", "", "new "+tc.game+" with bob@example.org")
			inv := w.last("bob@example.org")
			w.reply("bob@example.org", inv, "accept")
			start := w.lastAbout("alice@example.org", inv.GameID)
			w.reply("alice@example.org", start, "Thanks, looking forward to it!")
			m := w.last("alice@example.org")
			mustContain(t, m, "No command was found", "about game 1", "It is your move, ply 1", tc.notation, "such as")
			if !strings.Contains(m.Body, "Game 1,") {
				t.Errorf("the answer lacks the game's board:\n%s", m.Body)
			}
			// The seat not to move is told whose move it is.
			w.reply("bob@example.org", w.lastAbout("bob@example.org", inv.GameID), "ok")
			mustContain(t, w.last("bob@example.org"), "No command was found", "It is alice (")
		})
	}
}

// TestNoCommandOutsideAThread gets the short help.
func TestNoCommandOutsideAThread(t *testing.T) {
	w := newWorld(t, Config{})
	w.sendBare("dave@example.org", "hello", "Hello, how does this work?")
	mustContain(t, w.last("dave@example.org"), "No command was found", "new pente with friend@example.org")
}

// TestSubjectAndBodyCommandOnce: "help" as the subject and the body is one
// command.
func TestSubjectAndBodyCommandOnce(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("dave@example.org", "help", "help")
	if n := strings.Count(w.last("dave@example.org").Body, "Read: help"); n != 1 {
		t.Errorf("help answered %d times, want once:\n%s", n, w.last("dave@example.org").Body)
	}
}

// TestTextAboveAndBelowTheQuote: when a reply has commands both above and
// below the quoted mail, the answer says the lines below were read too.
func TestTextAboveAndBelowTheQuote(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	m := w.lastAbout("alice@example.org", id)
	quoted := "> " + strings.ReplaceAll(m.Body, "\n", "\n> ")
	w.deliver(Message{From: "alice@example.org", To: []string{m.Headers["Reply-To"]}, InReplyTo: m.MessageID,
		Subject: "Re: " + m.Subject, Text: "board\n\nOn Sun, 29 Nov 2026, pbem wrote:\n" + quoted + "\n\nK10\n"})
	mustContain(t, w.last("alice@example.org"), "You played K10", `the lines below were read too: "K10"`)
}
