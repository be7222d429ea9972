package play

import (
	"bytes"
	"html"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/emersion/go-message"

	"pbem/db"
	"pbem/i18n"
	"pbem/mailer"
	"pbem/render"
	"pbem/rules"
	"pbem/rules/pente"
)

// sentParts composes a queued mail as the outbox sends it, its pictures
// drawn by DrawPicture as the daemon's sender draws them, and reads back
// its text part, its HTML part and its pictures; it also checks the mail
// stays under 100 KB.
func sentParts(t *testing.T, m db.Mail) (text, htmlPart string, pictures [][]byte, raw []byte) {
	t.Helper()
	m, err := mailer.NewPictures(DrawPicture).Draw(m)
	if err != nil {
		t.Fatal(err)
	}
	raw, err = mailer.Compose(m, "pbem@example.org")
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) >= 100<<10 {
		t.Errorf("the mail to %s is %d bytes, want under 100 KB", m.To, len(raw))
	}
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(e *message.Entity)
	walk = func(e *message.Entity) {
		if mr := e.MultipartReader(); mr != nil {
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p)
			}
		}
		typ, _, _ := e.Header.ContentType()
		body, err := io.ReadAll(e.Body)
		if err != nil {
			t.Fatal(err)
		}
		switch typ {
		case "text/plain":
			text = strings.ReplaceAll(string(body), "\r\n", "\n")
		case "text/html":
			htmlPart = strings.ReplaceAll(string(body), "\r\n", "\n")
		case "image/png":
			pictures = append(pictures, body)
		}
	}
	walk(e)
	return text, htmlPart, pictures, raw
}

var (
	preRe  = regexp.MustCompile(`(?s)<pre[^>]*>(.*)</pre>`)
	linkRe = regexp.MustCompile(`</?a[^>]*>`)
)

// preText is the text of an HTML part's <pre>, its links undone and its
// escapes read.
func preText(t *testing.T, h string) string {
	t.Helper()
	m := preRe.FindStringSubmatch(h)
	if m == nil {
		t.Fatalf("the HTML part has no <pre>:\n%s", h)
	}
	return html.UnescapeString(linkRe.ReplaceAllString(m[1], ""))
}

// penteAfter is a Pente game without the tournament rule after plies,
// played by the engine alone.
func penteAfter(t *testing.T, plies []string) rules.Game {
	t.Helper()
	g, err := pente.Kind.NewGame(rules.Options{"tournament": "off"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range plies {
		if err := rules.PlayToken(g, p); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestGameMailShowsTheBoardPicture plays a Pente game to a capture and
// checks the notice of it: the text part is the mail's text, the HTML
// part's <pre> says the same, its one picture is render's PNG of the very
// position (the game replayed here by the engine), and both parts link
// the game's web page.
func TestGameMailShowsTheBoardPicture(t *testing.T) {
	w := newWorld(t, Config{PublicURL: "https://pbem.example.org/"})
	id := startPente(t, w, "tournament=off")
	plies := []string{"K10", "K11", "A1", "K12", "K13"} // White takes K11 K12
	for i, p := range plies {
		who := []string{"alice@example.org", "bob@example.org"}[i%2]
		w.reply(who, w.lastAbout(who, id), p)
	}
	m := w.lastAbout("bob@example.org", id)
	mustContain(t, m, "K13", "On the web: https://pbem.example.org/games/1")
	text, htmlPart, pics, raw := sentParts(t, m)
	t.Logf("the notice is %d bytes", len(raw))
	if text != m.Body {
		t.Errorf("the text part differs from the mail's text:\n%s", text)
	}
	if got := preText(t, htmlPart); got != text {
		t.Errorf("the HTML part's text differs from the text part:\n%s\nwant\n%s", got, text)
	}
	if !strings.Contains(htmlPart, `<a href="https://pbem.example.org/games/1">`) {
		t.Errorf("the HTML part does not link the game's page:\n%s", htmlPart)
	}
	if len(pics) != 1 {
		t.Fatalf("%d pictures, want 1", len(pics))
	}
	if _, err := png.Decode(bytes.NewReader(pics[0])); err != nil {
		t.Fatalf("the picture does not decode as PNG: %v", err)
	}
	g := penteAfter(t, plies)
	var want bytes.Buffer
	if err := render.PNG(&want, g, render.Options{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pics[0], want.Bytes()) {
		t.Errorf("the picture is not the board of the position after %s", strings.Join(plies, " "))
	}
}

// TestPicturesInTheReadersLanguage checks that each player's picture
// writes its words in that player's language: Bob reads German, Alice
// English, and each gets render's PNG of the position in their language,
// with the HTML part's alternative text in it too; the mail says its
// language (Content-Language, and the HTML part's lang).
func TestPicturesInTheReadersLanguage(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	w.send("bob@example.org", "", "language de")
	plies := []string{"K10", "K11", "A1"}
	for i, p := range plies {
		who := []string{"alice@example.org", "bob@example.org"}[i%2]
		w.reply(who, w.lastAbout(who, id), p)
	}
	g := penteAfter(t, plies)
	for _, tc := range []struct {
		to   string
		lang i18n.Lang
		alt  string
	}{
		{"alice@example.org", i18n.English, `alt="Picture of the board of game 1"`},
		{"bob@example.org", i18n.German, `alt="Bild des Bretts von Partie 1"`},
	} {
		_, htmlPart, pics, raw := sentParts(t, w.lastAbout(tc.to, id))
		if !bytes.Contains(raw, []byte("\r\nContent-Language: "+string(tc.lang)+"\r\n")) || !strings.Contains(htmlPart, `<html lang="`+string(tc.lang)+`">`) {
			t.Errorf("%s's mail does not say it is in %s (Content-Language, <html lang>):\n%s", tc.to, tc.lang, htmlPart)
		}
		if len(pics) != 1 {
			t.Fatalf("%s: %d pictures, want 1", tc.to, len(pics))
		}
		var want, english bytes.Buffer
		if err := render.PNG(&want, g, render.Options{Lang: tc.lang}); err != nil {
			t.Fatal(err)
		}
		if err := render.PNG(&english, g, render.Options{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pics[0], want.Bytes()) {
			t.Errorf("%s's picture is not the position drawn in %s", tc.to, tc.lang)
		}
		if tc.lang != i18n.English && bytes.Equal(pics[0], english.Bytes()) {
			t.Errorf("%s's picture is the English one", tc.to)
		}
		if !strings.Contains(htmlPart, tc.alt) {
			t.Errorf("%s's HTML part lacks %s:\n%s", tc.to, tc.alt, htmlPart)
		}
	}
}

// TestPicturesOff checks the setting: off, game mails are one text part;
// on again, the picture is back; the word alone says which it is.
func TestPicturesOff(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	w.send("bob@example.org", "", "pictures off")
	mustContain(t, w.last("bob@example.org"), "Your game mails are plain text only")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	m := w.lastAbout("bob@example.org", id)
	mustContain(t, m, "K10")
	if len(m.Attachments) != 0 {
		t.Errorf("with pictures off the notice has attachments %+v", m.Attachments)
	}
	text, htmlPart, pics, raw := sentParts(t, m)
	if htmlPart != "" || len(pics) != 0 || bytes.Contains(raw, []byte("multipart")) || text != m.Body {
		t.Errorf("with pictures off the mail is not one text part:\n%s", raw)
	}
	// alice keeps hers.
	if a := w.last("alice@example.org"); len(a.Attachments) != 1 {
		t.Errorf("alice's reply has %d attachments, want her board's picture", len(a.Attachments))
	}
	w.send("bob@example.org", "", "pictures")
	mustContain(t, w.last("bob@example.org"), "plain text only", `"pictures on"`)
	w.send("bob@example.org", "", "pictures on")
	mustContain(t, w.last("bob@example.org"), "show the board as a picture too")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9")
	if m := w.last("bob@example.org"); len(m.Attachments) != 1 || m.Attachments[0].ContentID == "" {
		t.Errorf("with pictures on again, the reply's attachments are %+v", m.Attachments)
	}
}

// TestSeveralGamesStayUnder100KB asks for four Pinuid Quatro boards in one
// mail: the first ones come as pictures, as many as the budget allows, and
// the mail stays under 100 KB (sentParts checks).
func TestSeveralGamesStayUnder100KB(t *testing.T) {
	w := newWorld(t, Config{})
	for range 4 {
		w.send("alice@example.org", "new game", "new quatro with bob@example.org carol@example.org dave@example.org")
		id := w.last("bob@example.org").GameID
		for _, p := range []string{"bob@example.org", "carol@example.org", "dave@example.org"} {
			w.reply(p, w.lastAbout(p, id), "accept")
		}
	}
	w.send("alice@example.org", "", "board 1\nboard 2\nboard 3\nboard 4")
	m := w.last("alice@example.org")
	mustContain(t, m, "Game 4, Pinuid Quatro")
	_, htmlPart, pics, raw := sentParts(t, m)
	if len(pics) < 2 || len(pics) > 3 {
		t.Errorf("%d pictures of four boards, want the first two or three", len(pics))
	}
	if got := preText(t, htmlPart); got != m.Body {
		t.Errorf("the HTML part's text differs from the text part")
	}
	t.Logf("four Quatro games: %d bytes, %d pictures", len(raw), len(pics))
}

// pngOf is render's PNG of a game's position.
func pngOf(t *testing.T, g rules.Game) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := render.PNG(&b, g, render.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestQueuedPictureKeepsItsPosition takes a ply back after its notice was
// queued and plays another in its place: the notice, sent after, still
// shows the position it was written about, and the new notice the new one.
func TestQueuedPictureKeepsItsPosition(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "K11")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "A1")
	before := w.lastAbout("bob@example.org", id)
	want := pngOf(t, w.game(id).game)
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "takeback")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "accept")
	if n := w.game(id).game.Plies(); n != 2 {
		t.Fatalf("after the takeback game %d has %d plies, want 2", id, n)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "B2")
	after := w.lastAbout("bob@example.org", id)
	_, _, pics, _ := sentParts(t, before)
	if len(pics) != 1 || !bytes.Equal(pics[0], want) {
		t.Errorf("the notice of A1, sent after the takeback, does not show the position after K10 K11 A1")
	}
	_, _, pics, _ = sentParts(t, after)
	if len(pics) != 1 || !bytes.Equal(pics[0], pngOf(t, w.game(id).game)) {
		t.Errorf("the notice of B2 does not show the position after K10 K11 B2")
	}
}

// TestDobbalPictureShowsTheRoll checks that the picture of a game with dice
// shows the roll the text announces: the one the game's seed gives.
func TestDobbalPictureShowsTheRoll(t *testing.T) {
	w := newWorld(t, Config{})
	id := invite(t, w, "new dobbal with bob@example.org", "alice@example.org", "bob@example.org")
	m := w.lastAbout("alice@example.org", id)
	g := w.game(id).game
	if r, ok := g.(rules.Roller).Roll(); !ok || len(r) == 0 {
		t.Fatalf("game %d has no roll for the turn to come", id)
	}
	_, _, pics, _ := sentParts(t, m)
	if len(pics) != 1 || !bytes.Equal(pics[0], pngOf(t, g)) {
		t.Errorf("the picture of game %d is not its position with the roll to come", id)
	}
}

// TestDrawPictureRefusesBadDescriptions checks that a description that
// names no game, or plies the game refuses, is an error, not a picture.
func TestDrawPictureRefusesBadDescriptions(t *testing.T) {
	for _, desc := range []string{
		"", "{", `{"kind":"Chess"}`, `{"kind":"Pente","plies":["Z99"]}`, `{"kind":"Pente","options":"tournament"}`,
	} {
		if _, err := DrawPicture(desc); err == nil {
			t.Errorf("DrawPicture(%q) drew a picture, want an error", desc)
		}
	}
}

// BenchmarkDrawPicture is the outbox sender's work for one board picture:
// the description read, the game replayed (a Pente game of 18 plies) and
// drawn as a PNG. cpu-µs/op is the process's CPU time.
func BenchmarkDrawPicture(b *testing.B) {
	desc := `{"kind":"Pente","options":"days=3 rated=yes tournament=off variant=pente","plies":["K10","A1","A19","C1","C19",` +
		`"E1","E19","G1","G19","J1","J19","L1","L19","N1","N19","Q1","Q19","S1"]}`
	cpuStart, cpuOK := cpuTime()
	for b.Loop() {
		if _, err := DrawPicture(desc); err != nil {
			b.Fatal(err)
		}
	}
	if cpuEnd, ok := cpuTime(); cpuOK && ok {
		b.ReportMetric(float64(cpuEnd-cpuStart)/1e3/float64(b.N), "cpu-µs/op")
	}
}
