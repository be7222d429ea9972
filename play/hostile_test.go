package play

import (
	"context"
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/db"
)

// snapshot is what must not change when a hostile mail comes in.
type snapshot struct {
	plies  int
	state  db.GameState
	result string
}

func (w *world) snapshot(id int64) snapshot {
	g := w.game(id)
	return snapshot{g.game.Plies(), g.row.State, g.row.Result}
}

func (w *world) consistent() {
	w.t.Helper()
	if err := w.store.Check(context.Background()); err != nil {
		w.t.Fatalf("store inconsistent: %v", err)
	}
}

func TestHostileMail(t *testing.T) {
	tests := []struct {
		name  string
		mail  func(w *world, id int64) Message
		reply string // "" when no reply may be sent
	}{
		{"forged From without a token", func(w *world, id int64) Message {
			return Message{From: "bob@example.org", To: []string{"pbem@example.org"}, Text: "move 1 L9"}
		}, "This mail carries no key for game 1"},
		{"forged From with the other player's token", func(w *world, id int64) Message {
			a := w.lastAbout("alice@example.org", id)
			return Message{From: "bob@example.org", To: []string{a.Headers["Reply-To"]}, Text: "L9", InReplyTo: a.MessageID}
		}, "The key in this mail is not yours for game 1"},
		{"token for another game", func(w *world, id int64) Message {
			b := w.lastAbout("bob@example.org", id)
			return Message{From: "bob@example.org", To: []string{b.Headers["Reply-To"]}, Text: "move 3 K10"}
		}, "This mail carries no key for game 3"},
		{"a player of another game moving", func(w *world, id int64) Message {
			c := w.lastAbout("carol@example.org", 2)
			return Message{From: "carol@example.org", To: []string{c.Headers["Reply-To"]}, Text: "move 1 L9"}
		}, "You do not play in game 1, so you cannot play"},
		{"auto-reply", func(w *world, id int64) Message {
			return Message{From: "bob@example.org", Text: "I am on holiday. L9", Headers: map[string]string{"Auto-Submitted": "auto-replied"}}
		}, ""},
		{"vacation responder marked by Precedence", func(w *world, id int64) Message {
			return Message{From: "bob@example.org", Text: "L9", Headers: map[string]string{"Precedence": "bulk"}}
		}, ""},
		{"mailing list", func(w *world, id int64) Message {
			return Message{From: "bob@example.org", Text: "L9", Headers: map[string]string{"List-Id": "<games.lists.example.org>"}}
		}, ""},
		{"bounce", func(w *world, id int64) Message {
			// About no player: a bounce about a player stops clocks and
			// tells the other seats (TestBouncePausesTheClock).
			return Message{From: "MAILER-DAEMON@mx.example.org", Text: "Delivery failed",
				Headers: map[string]string{"X-Failed-Recipients": "stranger@example.net"}}
		}, ""},
		{"our own mail coming back", func(w *world, id int64) Message {
			return Message{From: "pbem+1-abc@example.org", Text: "L9"}
		}, ""},
		{"5 MB of garbage", func(w *world, id int64) Message {
			junk := make([]byte, 5<<20)
			_, _ = rand.Read(junk)
			return Message{From: "bob@example.org", Text: string(junk), Raw: junk, Size: len(junk)}
		}, "more than the 2097152 this service reads"},
		{"1 MB of garbage text without line ends", func(w *world, id int64) Message {
			return Message{From: "bob@example.org", Text: strings.Repeat("xK10 ", 200000), Size: 1 << 20}
		}, "No command was found"},
		{"undecodable", func(w *world, id int64) Message {
			return Message{From: "bob@example.org", Undecodable: true, Raw: []byte("\x00\xff garbage"), Size: 11}
		}, "could not be decoded"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, Config{})
			id := startPente(t, w, "")
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
			w.send("carol@example.org", "", "new pente with dave@example.org")
			w.send("bob@example.org", "", "new pente with alice@example.org")
			w.reply("alice@example.org", w.lastAbout("alice@example.org", 3), "accept")
			before := w.snapshot(id)
			before3 := w.snapshot(3)
			sentBefore := w.read
			res := w.deliver(tc.mail(w, id))
			if after := w.snapshot(id); after != before {
				t.Errorf("game changed: %+v -> %+v", before, after)
			}
			if after := w.snapshot(3); after != before3 {
				t.Errorf("game 3 changed: %+v -> %+v", before3, after)
			}
			w.consistent()
			var mails []db.Mail
			_ = w.store.View(context.Background(), func(tx *db.Tx) (err error) {
				mails, err = tx.MailsSince(sentBefore)
				return err
			})
			if tc.reply == "" {
				if len(mails) != 0 || res.Outcome != Ignored {
					t.Fatalf("outcome %q and %d mails; want it ignored with no mail", res.Outcome, len(mails))
				}
				return
			}
			if len(mails) != 1 {
				t.Fatalf("%d mails queued, want one reply", len(mails))
			}
			mustContain(t, mails[0], tc.reply)
		})
	}
}

func TestReplayedMessageChangesNothing(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	a := w.lastAbout("alice@example.org", id)
	m := Message{MessageID: "same@client.example", From: "alice@example.org", To: []string{a.Headers["Reply-To"]}, Text: "K10"}
	first := w.deliver(m)
	if first.Duplicate || len(first.Queued) == 0 {
		t.Fatalf("first delivery: %+v", first)
	}
	// The same Message-ID again.
	before, sent := w.snapshot(id), w.read
	if again := w.deliver(m); !again.Duplicate || w.read != sent {
		t.Errorf("the same Message-ID again: %+v, %d mails", again, w.read-sent)
	}
	// A mail seen at a mailbox place, then its place again under another id
	// (a client that rewrites Message-IDs).
	m2 := Message{MessageID: "x2@client.example", Mailbox: "INBOX", UIDValidity: 7, UID: 1,
		From: "alice@example.org", Text: "board"}
	w.deliver(m2)
	sent = w.read
	m2.MessageID = "x3@client.example"
	if again := w.deliver(m2); !again.Duplicate || w.read != sent {
		t.Errorf("the same mailbox place again: %+v, %d mails", again, w.read-sent)
	}
	if w.snapshot(id) != before {
		t.Errorf("a replayed mail changed the game")
	}
	w.consistent()
}

func TestCommandFloodIsCut(t *testing.T) {
	w := newWorld(t, Config{Limits: Limits{Unproven: 10}})
	for range 25 {
		w.sendBare("mallory@example.org", "", "games")
	}
	if n := w.count("mallory@example.org"); n != 10 {
		t.Errorf("%d replies to the flooding sender, want 10", n)
	}
}

// TestLongLinesAreCutShort: a reply quotes a line it did not understand
// cut short, never whole; and a Subject of a megabyte, which ParseCommand
// took seconds and half a gigabyte to refuse, is refused unread while the
// body's command is done.
func TestLongLinesAreCutShort(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("carol@example.org", "", "vacaton "+strings.Repeat("x", 250))
	m := w.last("carol@example.org")
	mustContain(t, m, `Not understood: "vacaton `+strings.Repeat("x", 72)+`"…; did you mean vacation?`)
	mustNotContain(t, m, strings.Repeat("x", 73))
	w.send("carol@example.org", "###"+strings.Repeat("x", 1<<20), "games")
	mustContain(t, w.last("carol@example.org"), "Read: games")
}

// TestMailInOtherForms plays a ply from a mail in ISO-8859-1 and from an
// HTML-only mail, decoded as the daemon decodes them.
func TestMailInOtherForms(t *testing.T) {
	for _, file := range []string{"latin1-move.eml", "html-move.eml"} {
		t.Run(file, func(t *testing.T) {
			w := newWorld(t, Config{})
			id := startPente(t, w, "")
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
			b := w.lastAbout("bob@example.org", id)
			raw, err := os.ReadFile(filepath.Join("testdata", file))
			if err != nil {
				t.Fatal(err)
			}
			raw = []byte(strings.NewReplacer("%REPLYTO%", b.Headers["Reply-To"], "%INREPLYTO%", b.MessageID).Replace(string(raw)))
			w.deliver(FromMail(raw, w.now))
			if n := w.game(id).game.Plies(); n != 2 {
				t.Fatalf("%d plies after bob's mail, want 2; reply:\n%s", n, w.last("bob@example.org").Body)
			}
			mustContain(t, w.last("bob@example.org"), "You played L9")
			w.consistent()
		})
	}
}

func TestUndeliverableGameMailStopsTheClock(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	notice := w.lastAbout("bob@example.org", id)
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		return w.svc.Undeliverable(tx, notice, "550 5.1.1 no such user")
	})
	if err != nil {
		t.Fatal(err)
	}
	w.collect()
	mustContain(t, w.lastAbout("alice@example.org", id), "came back undelivered", "clock stands still")
	_ = w.store.View(context.Background(), func(tx *db.Tx) error {
		p, err := tx.PlayerByAddress("bob@example.org")
		if err != nil || p.Settings["bounced"] == "" {
			t.Errorf("the refusal was not recorded against bob: %+v, %v", p.Settings, err)
		}
		return nil
	})
}

// TestABugInHandlingLosesNothingAndStopsNothing makes handling a mail
// panic (a game damaged in the store: one seat row for a two-seat game),
// and checks the mail is kept as failed, answered once, never handed in
// again, and the service goes on.
func TestABugInHandlingLosesNothingAndStopsNothing(t *testing.T) {
	w := newWorld(t, Config{})
	w.damagedGame()
	m := Message{MessageID: "bug@client.example", From: "carol@example.org", Text: "board 1", Raw: []byte("board 1")}
	res := w.deliver(m)
	if res.Outcome != Failed || len(res.Queued) != 1 {
		t.Fatalf("result %+v, want the mail kept as failed and one reply", res)
	}
	mustContain(t, w.last("carol@example.org"), "met a fault in this service")
	if again := w.deliver(m); !again.Duplicate {
		t.Errorf("the failed mail was handled again: %+v", again)
	}
	w.send("carol@example.org", "", "games")
	mustContain(t, w.last("carol@example.org"), "You have no games")
	w.consistent()
}

// damagedGame stores game 1 damaged, as a bug might leave it: an active
// two-seat Pente game with one seat row, so that handling it panics.
func (w *world) damagedGame() {
	w.t.Helper()
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		p, err := tx.Player("alice@example.org", "", w.now)
		if err != nil {
			return err
		}
		id, err := tx.CreateGame(db.Game{Kind: "Pente", Options: "tournament=on variant=pente", State: db.Active,
			Created: w.now, Seats: []db.Seat{{Seat: 0, PlayerID: p.ID, Invitation: db.Accepted}}})
		if err != nil {
			return err
		}
		return tx.AddPly(id, db.Ply{N: 1, Token: "K10", PlayedAt: w.now})
	})
	if err != nil {
		w.t.Fatal(err)
	}
}
