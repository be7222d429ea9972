package play

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset"

	"pbem/internal/mailclients"
	"pbem/mailer"
)

var updateReplies = flag.Bool("update-replies", false, "rewrite play/testdata/replies from the client styles of internal/mailclients")

// repliesDir holds raw replies shaped as mail clients send them, each with
// a .want file: the service mail it answers (docs/mails), the commands it
// must yield and nothing else, and what the reader must see.
var repliesDir = filepath.Join("testdata", "replies")

// corpus is what -update-replies writes into repliesDir.
var corpus = []struct {
	name, client, mail, typed string
	want                      []string // the commands, as Command.String() gives them
	seen                      string   // "quoted", "below", "original", space-separated
	// named: the service's mail came from "pbem <pbem+KEY@...>", the form
	// that Gmail wraps with the key on a line of its own.
	named bool
}{
	{"thunderbird-plain-bottom", "thunderbird-plain-bottom", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"thunderbird-plain-top", "thunderbird-plain-top", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", false},
	{"thunderbird-plain-de", "thunderbird-plain-de", "06-opponent-played-your-move", "Hallo Alice,\n\nL9\n\nGruß", []string{"move L9"}, "quoted below", false},
	{"thunderbird-plain-two-commands", "thunderbird-plain-bottom", "12-preview", "O6 #4\ndraw", []string{"move O6 #4", "draw"}, "quoted below", false},
	{"thunderbird-html", "thunderbird-html", "04-game-begins-your-move", "K10", []string{"move K10"}, "quoted below", false},
	{"gmail-web-en-wrapped", "gmail-web-en", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", true},
	{"gmail-web-en", "gmail-web-en", "13-draw-offered", "decline", []string{"decline"}, "quoted", false},
	{"gmail-web-de-wrapped", "gmail-web-de", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", true},
	{"gmail-android-es-wrapped", "gmail-android-es", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", true},
	{"gmail-android-es", "gmail-android-es", "15-takeback-agreed", "board", []string{"board"}, "quoted", false},
	{"gmail-web-pt-wrapped", "gmail-web-pt", "06-opponent-played-your-move", "L9 #2", []string{"move L9 #2"}, "quoted", true},
	{"gmail-web-fr", "gmail-web-fr", "13-draw-offered", "draw", []string{"draw"}, "quoted", false},
	{"gmail-web-nl", "gmail-web-nl", "01-invitation", "accept", []string{"accept"}, "quoted", false},
	{"gmail-forward-help", "gmail-forward", "23-help", "games", []string{"games"}, "original", false},
	{"outlook-desktop-en", "outlook-desktop-en", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-desktop-en-original-commands", "outlook-desktop-en", "21-no-command", "games", []string{"games"}, "original", false},
	{"outlook-desktop-en-disclaimer", "outlook-desktop-en", "06-opponent-played-your-move", "L9\n\n" + disclaimer, []string{"move L9"}, "original", false},
	{"outlook-desktop-de-tnef", "outlook-desktop-de-tnef", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-desktop-es-tnef", "outlook-desktop-es-tnef", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-desktop-ptbr", "outlook-desktop-ptbr", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-desktop-fr", "outlook-desktop-fr", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-web-en", "outlook-web-en", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-web-en-help-original", "outlook-web-en", "23-help", "board 1", []string{"board 1"}, "original", false},
	{"outlook-com-ptbr", "outlook-com-ptbr", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"outlook-ios-en", "outlook-ios-en", "01-invitation", "accept", []string{"accept"}, "original", false},
	{"apple-mail", "apple-mail", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", false},
	{"apple-mail-not-understood", "apple-mail", "22-not-understood", "board 1", []string{"board 1"}, "quoted", false},
	{"ios-mail", "ios-mail", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", false},
	{"ios-mail-format-characters", "ios-mail", "08-typo-in-a-point", "\u200bO\u00ad6\u200d\ufeff", []string{"move O6"}, "quoted", false},
	{"ios-mail-html", "ios-mail-html", "36-reminder-half-time", "K10", []string{"move K10"}, "quoted", false},
	{"k9", "k9", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", false},
	{"fairemail", "fairemail", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted", false},
	{"mutt-bottom", "mutt-bottom", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"mutt-interleaved", "mutt-interleaved", "06-opponent-played-your-move", "hint\nL9", []string{"hint", "move L9"}, "quoted below", false},
	{"mutt-pgp-signed", "mutt-pgp", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"aerc", "aerc", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"evolution", "evolution", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"roundcube-plain", "roundcube-plain", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"roundcube-html", "roundcube-html", "06-opponent-played-your-move", "L9", []string{"move L9"}, "quoted below", false},
	{"proton", "proton", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"yahoo", "yahoo", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
	{"yahoo-no-command", "yahoo", "21-no-command", "accept\nK10", []string{"accept", "move K10"}, "original", false},
	{"samsung", "samsung", "13-draw-offered", "accept", []string{"accept"}, "original", false},
	{"lotus-notes", "lotus-notes", "37-last-reminder", "K10", []string{"move K10"}, "original", false},
	{"lotus-notes-game", "lotus-notes", "06-opponent-played-your-move", "L9", []string{"move L9"}, "original", false},
}

// disclaimer is a company's notice put below every mail, without "-- ".
const disclaimer = `CONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential
and may be privileged. If you are not the intended recipient, any
review, use, disclosure or distribution of it is prohibited. Please
notify the sender and delete it.`

// serviceMail reads an example of docs/mails as the mail a client got.
func serviceMail(t testing.TB, name string, named bool) mailclients.Original {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "docs", "mails", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	head, body, _ := strings.Cut(string(raw), "\n\n")
	o := mailclients.Original{FromName: "", FromAddr: "pbem@example.org", ReplyTo: "pbem@example.org",
		Date: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), Body: body}
	for _, l := range strings.Split(head, "\n") {
		k, v, _ := strings.Cut(l, ": ")
		switch k {
		case "To":
			o.To = v
		case "Subject":
			o.Subject = v
		}
	}
	tok := "0"
	if g := subjectGame(o.Subject); g != 0 {
		tok = fmt.Sprintf("%d-k3j5h2g8d9s0a1b2", g)
		o.ReplyTo = "pbem+" + tok + "@example.org"
		o.References = []string{fmt.Sprintf("pbem.game%d@example.org", g)}
	}
	o.MessageID = "pbem." + tok + ".5f2c9e0a1b3d4c6e@example.org"
	if named {
		o.FromName, o.FromAddr = "pbem", o.ReplyTo
	}
	return o
}

func writeCorpus(t *testing.T) {
	if err := os.MkdirAll(repliesDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, c := range corpus {
		client, ok := mailclients.Find(c.client)
		if !ok {
			t.Fatalf("no client %q", c.client)
		}
		o := serviceMail(t, c.mail, c.named)
		local, _, _ := strings.Cut(o.To, "@")
		r := mailclients.Reply{Name: strings.ToUpper(local[:1]) + local[1:] + " Example", Addr: o.To, Text: c.typed,
			MessageID: fmt.Sprintf("%s.%d@client.example", c.name, i), Date: o.Date.Add(20 * time.Minute)}
		raw := client.Compose(o, r)
		var want strings.Builder
		fmt.Fprintf(&want, "# %s answering docs/mails/%s.txt\nanswers: %s\n", c.client, c.mail, c.mail)
		for _, w := range c.want {
			fmt.Fprintf(&want, "want: %s\n", w)
		}
		fmt.Fprintf(&want, "seen: %s\n", c.seen)
		if err := os.WriteFile(filepath.Join(repliesDir, c.name+".eml"), raw, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(repliesDir, c.name+".want"), []byte(want.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fixtureWant is a .want file.
type fixtureWant struct {
	answers string
	want    []string
	seen    []string
}

func readWant(t *testing.T, path string) fixtureWant {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var w fixtureWant
	for _, l := range strings.Split(string(raw), "\n") {
		k, v, _ := strings.Cut(l, ": ")
		switch k {
		case "answers":
			w.answers = v
		case "want":
			w.want = append(w.want, v)
		case "seen":
			w.seen = strings.Fields(v)
		}
	}
	return w
}

// TestRepliesOfMailClients reads every reply of the corpus as the service
// does (FromMail, then the reply reader, then the grammar), with the mail
// it answers known from the outbox and without, and checks that it yields
// exactly the wanted commands, that no other line is taken for a command
// gone wrong, and what the reader saw. The HTML alternative of a mail is
// read too and must yield the same commands.
func TestRepliesOfMailClients(t *testing.T) {
	if *updateReplies {
		writeCorpus(t)
	}
	files, err := filepath.Glob(filepath.Join(repliesDir, "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("%d replies in %s, want at least 40", len(files), repliesDir)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".eml")
		t.Run(name, func(t *testing.T) {
			w := readWant(t, strings.TrimSuffix(file, ".eml")+".want")
			if len(w.want) == 0 || w.answers == "" {
				t.Fatalf("%s.want names no commands or no mail answered", name)
			}
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			m := FromMail(raw, time.Now())
			if m.Undecodable {
				t.Fatal("the mail does not decode")
			}
			known := serviceMail(t, w.answers, false).Body
			check := func(how, text string, knownTexts ...string) bodyText {
				t.Helper()
				body := readText(text, knownTexts...)
				r := readCommands(m.Subject, body)
				var cmds []string
				for _, c := range r.commands {
					cmds = append(cmds, c.String())
				}
				if !slices.Equal(cmds, w.want) {
					t.Errorf("%s: commands %q, want %q; lines read %+v", how, cmds, w.want, body.lines)
				}
				if len(r.complaints) > 0 {
					t.Errorf("%s: lines taken for commands gone wrong: %q", how, r.complaints)
				}
				return body
			}
			body := check("with the mail answered known", m.Text, known)
			check("with nothing known", m.Text)
			got := map[string]bool{"quoted": body.seen.quoted, "below": len(body.seen.below) > 0, "original": body.seen.original}
			for flag, on := range got {
				if on != slices.Contains(w.seen, flag) {
					t.Errorf("seen %s = %v, want %v (want seen %q)", flag, on, !on, w.seen)
				}
			}
			if h := htmlPart(t, raw); h != "" {
				check("the HTML alternative", mailer.HTMLText(h), known)
				check("the HTML alternative with nothing known", mailer.HTMLText(h))
			}
		})
	}
}

// htmlPart is the decoded text/html part of a mail, "" if it has none.
func htmlPart(t *testing.T, raw []byte) string {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) {
		t.Fatal(err)
	}
	var found string
	err = e.Walk(func(_ []int, part *message.Entity, err error) error {
		if err != nil && !message.IsUnknownCharset(err) {
			return err
		}
		if ct, _, _ := part.Header.ContentType(); ct == "text/html" && found == "" {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			found = string(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// keyInAttribution matches a reply key, which must never be echoed back.
var keyInAttribution = regexp.MustCompile(`pbem\+\d+-[a-z0-9]+@`)

// TestRepliesNeverEchoTheKey: the key in a wrapped attribution is no line
// of the player's.
func TestRepliesNeverEchoTheKey(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(repliesDir, "*.eml"))
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m := FromMail(raw, time.Now())
		for _, l := range readText(m.Text).lines {
			if keyInAttribution.MatchString(l.text) {
				t.Errorf("%s: the line %q with the reply key is read as the player's", filepath.Base(file), l.text)
			}
		}
	}
}

// TestOwnMailPastedUnquotedIsNotRead: a client that puts the mail answered
// below the move without quote marks or a header (the board, "Game 1,
// Pente: ...", the help lines) gets its move played and no complaint: the
// service finds its own text through the outbox.
func TestOwnMailPastedUnquotedIsNotRead(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	news := w.lastAbout("bob@example.org", id)
	w.deliver(Message{From: "bob@example.org", To: []string{news.Headers["Reply-To"]}, Subject: "Re: " + news.Subject,
		Text: "L9\n\n" + news.Body, InReplyTo: news.MessageID})
	if n := w.game(id).game.Plies(); n != 2 {
		t.Fatalf("%d plies after bob's mail, want 2; reply:\n%s", n, w.last("bob@example.org").Body)
	}
	answer := w.last("bob@example.org")
	mustContain(t, answer, "You played L9")
	for _, s := range []string{"Not understood", "did you mean", "not commands"} {
		if strings.Contains(answer.Body, s) {
			t.Errorf("the answer says %q:\n%s", s, answer.Body)
		}
	}
}
