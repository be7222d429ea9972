package play

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"pbem/db"
)

// FuzzHandle hands the service a mail of any subject and text, read from
// its raw form as the daemon reads it (FromMail): from a player of a
// Pente game in play, as a reply in the game's thread; from the same
// player with no thread; or from a stranger. Whatever it says, the
// service answers or ignores it without meeting a bug (a panic would be
// kept as Failed), the store stays consistent, and every mail it queues
// has a recipient, a subject and a body of valid UTF-8.
//
// Each input gets a fresh store, so that a failure the fuzzer finds
// happens again from its input alone.
func FuzzHandle(f *testing.F) {
	for _, seed := range []struct {
		who           uint8
		subject, body string
	}{
		{0, "", "L9"},
		{0, "Re: your move", "move 2 L9 #2"},
		{0, "", "resign"},
		{0, "", "draw"},
		{0, "", "takeback"},
		{0, "", "hint\nboard\ngames"},
		{0, "", "if L9 then M10"},
		{0, "", "vacation 3\nback"},
		{0, "", "language de\nzug L9"},
		{0, "", "review\n[Game \"Pente\"]\n1. K10 L9 2. M10"},
		{0, "analyze", "[Game \"Pente\"]\n\n1. K10 L9 *"},
		{0, "", "new pente with carol@example.org days=5"},
		{0, "", "challenge pente rated=no"},
		{0, "", "watch 1\nunwatch 1"},
		{0, "", "notify digest 8\ntimezone Europe/Berlin"},
		{1, "", "L9"},
		{1, "", "help\nhelp pente\nhelp options"},
		{2, "", "move 2 L9"},
		{2, "new game", "new pente with alice@example.org"},
		{2, "", "accept challenge 1"},
		{0, "", "\xff\xfeL9\x00"},
		{0, strings.Repeat("x", 1200), strings.Repeat("K10 ", 400)},
		{0, "", "> quoted L9\nL9\n-- \nsig"},
	} {
		f.Add(seed.who, seed.subject, seed.body)
	}
	f.Fuzz(func(t *testing.T, who uint8, subject, body string) {
		w := newWorld(t, Config{})
		id := startPente(t, w, "tournament=off")
		w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
		before := w.read
		var from, to, thread string
		switch who % 3 {
		case 0: // bob, answering the board he was sent
			last := w.lastAbout("bob@example.org", id)
			from, to, thread = "bob@example.org", last.Headers["Reply-To"], "In-Reply-To: <"+last.MessageID+">\r\n"
		case 1: // bob, writing afresh
			from, to = "bob@example.org", "pbem@example.org"
		default:
			from, to = "mallory@example.net", "pbem@example.org"
		}
		raw := "From: " + from + "\r\nTo: " + to + "\r\n" + thread + "Message-ID: <fuzz@example.net>\r\nSubject: " + subject +
			"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body
		m := FromMail([]byte(raw), w.now)
		w.now = w.now.Add(time.Hour)
		res := w.deliver(m)
		if res.Outcome == Failed {
			t.Fatalf("handling met a bug (kept as Failed)")
		}
		w.consistent()
		err := w.store.View(t.Context(), func(tx *db.Tx) error {
			mails, err := tx.MailsSince(before)
			for _, q := range mails {
				switch {
				case q.To == "" || q.Subject == "" || q.Body == "":
					t.Errorf("queued mail %d lacks a part: to %q, subject %q, body %d bytes", q.ID, q.To, q.Subject, len(q.Body))
				case !utf8.ValidString(q.Subject) || !utf8.ValidString(q.Body):
					t.Errorf("queued mail %d to %s is not valid UTF-8: %q\n%q", q.ID, q.To, q.Subject, q.Body)
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
