package play

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/i18n"
)

// world is a service with its store, a clock the test moves, and the mail
// every player got, read from the outbox.
type world struct {
	t     testing.TB
	svc   *Service
	store *db.Store
	now   time.Time
	read  int64                // the last outbox id collected
	inbox map[string][]db.Mail // by recipient
	n     int                  // mails sent so far, for Message-IDs and UIDs
	// lang, when set, is chosen as the language of every player who
	// writes, before their first mail is handled: the English command
	// words of a test then leave the mail in lang.
	lang i18n.Lang
}

func newWorld(t testing.TB, cfg Config) *world {
	t.Helper()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	w := &world{t: t, store: store, now: time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC), inbox: map[string][]db.Mail{}}
	if cfg.Address == "" {
		cfg.Address = "pbem@example.org"
	}
	cfg.Now = func() time.Time { return w.now }
	cfg.Log = discardLog()
	w.svc, err = New(store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// deliver hands a message to the service and collects what it queued.
func (w *world) deliver(m Message) Result {
	w.t.Helper()
	w.now = w.now.Add(time.Minute)
	if m.MessageID == "" {
		w.n++
		m.MessageID = fmt.Sprintf("m%d@client.example", w.n)
		m.Mailbox, m.UIDValidity, m.UID = "INBOX", 1, uint32(w.n)
	}
	if w.lang != "" {
		w.chooseLanguage(m.From)
	}
	res, err := w.svc.Handle(context.Background(), m)
	if err != nil {
		w.t.Fatalf("Handle: %v", err)
	}
	w.collect()
	return res
}

// chooseLanguage sets w.lang as the language of the player at address,
// unless they chose one.
func (w *world) chooseLanguage(address string) {
	w.t.Helper()
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		p, err := tx.Player(address, "", w.now)
		if err != nil || p.Settings[languageSetting] != "" {
			return err
		}
		return tx.SetSetting(p.ID, languageSetting, string(w.lang))
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// send is a mail from a player about no game in particular, written as a
// reply to some mail of the service's: it carries the player's account key,
// which proves the address.
func (w *world) send(from, subject, body string) Result {
	w.t.Helper()
	return w.deliver(Message{From: from, To: []string{"pbem+" + w.key(from, 0) + "@example.org"}, Subject: subject, Text: body})
}

// sendBare is a fresh mail (no thread, no key) from an address: what a
// stranger forging it could send too.
func (w *world) sendBare(from, subject, body string) Result {
	w.t.Helper()
	return w.deliver(Message{From: from, To: []string{"pbem@example.org"}, Subject: subject, Text: body})
}

// key is an address's reply key for a game (0: the account key).
func (w *world) key(address string, game int64) string {
	w.t.Helper()
	var k tokens
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		secret, err := tx.Secret(tokenKey, 32)
		k = tokens{secret: secret}
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return k.token(address, game)
}

// reply answers a mail the way a mail client does: to its Reply-To, with
// In-Reply-To and References, the subject with "Re: ", the old text quoted.
func (w *world) reply(from string, to db.Mail, body string) Result {
	w.t.Helper()
	rcpt := to.Headers["Reply-To"]
	if rcpt == "" {
		rcpt = "pbem@example.org"
	}
	var refs []string
	for _, r := range strings.Fields(to.Headers["References"]) {
		refs = append(refs, strings.Trim(r, "<>"))
	}
	refs = append(refs, to.MessageID)
	quoted := "On Sun, 29 Nov 2026, pbem wrote:\n> " + strings.ReplaceAll(to.Body, "\n", "\n> ")
	return w.deliver(Message{From: from, To: []string{rcpt}, Subject: "Re: " + to.Subject,
		Text: body + "\n\n" + quoted, InReplyTo: to.MessageID, References: refs})
}

func (w *world) collect() {
	w.t.Helper()
	err := w.store.View(context.Background(), func(tx *db.Tx) error {
		mails, err := tx.MailsSince(w.read)
		if err != nil {
			return err
		}
		for _, m := range mails {
			w.inbox[m.To] = append(w.inbox[m.To], m)
			w.read = m.ID
		}
		return nil
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

// last is the newest mail to an address.
func (w *world) last(addr string) db.Mail {
	w.t.Helper()
	box := w.inbox[addr]
	if len(box) == 0 {
		w.t.Fatalf("no mail for %s", addr)
	}
	return box[len(box)-1]
}

// lastAbout is the newest mail to an address about a game.
func (w *world) lastAbout(addr string, game int64) db.Mail {
	w.t.Helper()
	box := w.inbox[addr]
	for i := len(box) - 1; i >= 0; i-- {
		if box[i].GameID == game {
			return box[i]
		}
	}
	w.t.Fatalf("no mail for %s about game %d", addr, game)
	return db.Mail{}
}

// count is how many mails an address got.
func (w *world) count(addr string) int { return len(w.inbox[addr]) }

// game loads a game's state from the store.
func (w *world) game(id int64) *table {
	w.t.Helper()
	var t *table
	err := w.store.View(context.Background(), func(tx *db.Tx) (err error) {
		t, err = load(tx, id)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return t
}

// mustContain fails unless the mail's subject or body has every one of the
// texts; line breaks in the body count as spaces, since the body is wrapped.
func mustContain(t testing.TB, m db.Mail, texts ...string) {
	t.Helper()
	flat := strings.ReplaceAll(m.Body, "\n", " ")
	for _, s := range texts {
		if !strings.Contains(m.Body, s) && !strings.Contains(flat, s) && !strings.Contains(m.Subject, s) {
			t.Errorf("mail to %s %q lacks %q:\n%s", m.To, m.Subject, s, m.Body)
		}
	}
}
