package mailer

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"

	"pbem/db"
)

// part is one leaf of a parsed mail: its type, Content-ID and body.
type part struct {
	typ, cid, disposition string
	body                  []byte
}

// walk lists a mail's structure as the multipart types on the way and its
// leaves in order.
func walk(t *testing.T, e *message.Entity, path string, leaves *[]part, shape *[]string) {
	t.Helper()
	typ, _, _ := e.Header.ContentType()
	*shape = append(*shape, path+typ)
	if mr := e.MultipartReader(); mr != nil {
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			walk(t, p, path+"  ", leaves, shape)
		}
		return
	}
	body, err := io.ReadAll(e.Body)
	if err != nil {
		t.Fatal(err)
	}
	disp, _, _ := e.Header.ContentDisposition()
	if strings.HasPrefix(typ, "text/") {
		// Text travels with CRLF line ends; the outbox holds LF.
		body = bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n"))
	}
	*leaves = append(*leaves, part{typ: typ, cid: e.Header.Get("Content-Id"), disposition: disp, body: body})
}

// composeParts composes m as the outbox sends it and reads it back: the
// raw mail, its leaves and its shape (walk).
func composeParts(t *testing.T, m db.Mail) (raw []byte, leaves []part, shape []string) {
	t.Helper()
	raw, err := Compose(m, serviceAddress)
	if err != nil {
		t.Fatal(err)
	}
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	walk(t, e, "", &leaves, &shape)
	return raw, leaves, shape
}

func tinyPNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestComposeWithPicture checks the shape of a mail with a board picture:
// the text part unchanged, the HTML part with the picture by cid and the
// same text escaped in <pre>, and a record attached beside when there is
// one; our own Parse still reads the text part.
func TestComposeWithPicture(t *testing.T) {
	pic := tinyPNG(t)
	body := "Game 1 <Pente> & more\n 10  . (O) .  10\nSee https://pbem.example.org/games/1.\n"
	board := db.Attachment{Name: "game-1.png", Type: "image/png", Data: pic, ContentID: "board1.3@example.org"}
	record := db.Attachment{Name: "game1.pgn", Type: "application/x-chess-pgn", Data: []byte("1. K10 *\n")}
	tests := []struct {
		name  string
		atts  []db.Attachment
		shape []string
	}{
		{"picture only", []db.Attachment{board}, []string{
			"multipart/alternative", "  text/plain", "  multipart/related", "    text/html", "    image/png"}},
		{"picture and a record", []db.Attachment{record, board}, []string{
			"multipart/mixed", "  multipart/alternative", "    text/plain", "    multipart/related", "      text/html",
			"      image/png", "  application/x-chess-pgn"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := db.Mail{MessageID: "p@example.org", To: "a@example.org", Subject: "[pbem 1] Pente", Body: body,
				Attachments: tc.atts, Created: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
			raw, leaves, shape := composeParts(t, m)
			if strings.Join(shape, "\n") != strings.Join(tc.shape, "\n") {
				t.Fatalf("mail shape\n%s\nwant\n%s", strings.Join(shape, "\n"), strings.Join(tc.shape, "\n"))
			}
			if string(leaves[0].body) != body {
				t.Errorf("text part %q, want the body unchanged %q", leaves[0].body, body)
			}
			html := string(leaves[1].body)
			for _, want := range []string{
				`<img src="cid:board1.3@example.org"`, `width="3" height="2"`,
				"<pre style=\"font-family:monospace\">Game 1 &lt;Pente&gt; &amp; more\n 10  . (O) .  10\n",
				`See <a href="https://pbem.example.org/games/1">https://pbem.example.org/games/1</a>.`,
			} {
				if !strings.Contains(html, want) {
					t.Errorf("HTML part lacks %q:\n%s", want, html)
				}
			}
			img := leaves[2]
			if img.cid != "<board1.3@example.org>" || img.disposition != "inline" || !bytes.Equal(img.body, pic) {
				t.Errorf("picture part: cid %q, disposition %q, %d bytes; want the board by its cid, inline, unchanged", img.cid, img.disposition, len(img.body))
			}
			p, err := Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			if p.Text != body {
				t.Errorf("Parse reads the text %q, want the text part %q", p.Text, body)
			}
			// A reply may carry the picture back: Parse keeps it as the
			// bytes it is, not as text.
			if !slices.ContainsFunc(p.Attachments, func(a Attachment) bool { return a.Type == "image/png" && bytes.Equal(a.Data, pic) }) {
				t.Errorf("Parse gives %d attachments, none the picture unchanged", len(p.Attachments))
			}
		})
	}
}

func TestLinkedEscapesAndLinks(t *testing.T) {
	tests := []struct{ in, want string }{
		{"no link <b>", "no link &lt;b&gt;"},
		{"at http://x.org/games/2, then", `at <a href="http://x.org/games/2">http://x.org/games/2</a>, then`},
		{`"https://x.org/a?b=1&c=2"`, `&#34;<a href="https://x.org/a?b=1&amp;c=2">https://x.org/a?b=1&amp;c=2</a>&#34;`},
		{"javascript:alert(1)", "javascript:alert(1)"},
	}
	for _, tc := range tests {
		if got := linked(tc.in); got != tc.want {
			t.Errorf("linked(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestHTMLPartSaysItsLanguage: the HTML part's <html lang> is the mail's
// Content-Language, its alternative text the picture's own; a value that
// is no language tag, or none, leaves lang out, and a picture without
// its own text gets one from its file name.
func TestHTMLPartSaysItsLanguage(t *testing.T) {
	tests := []struct {
		lang, alt string
		want      []string
	}{
		{"de", "Bild des Bretts von Partie 1", []string{`<html lang="de">`, `alt="Bild des Bretts von Partie 1"`}},
		{"pt-PT", "", []string{`<html lang="pt-PT">`, `alt="Picture of the board: game 1"`}},
		{"", "", []string{"<html>"}},
		{`x" onload="y`, "", []string{"<html>"}},
	}
	for _, tc := range tests {
		m := db.Mail{MessageID: "p@example.org", To: "a@example.org", Subject: "[pbem 1] Pente", Body: "K10\n",
			Attachments: []db.Attachment{{Name: "game-1.png", Type: "image/png", Data: tinyPNG(t), ContentID: "board1.1@example.org", Alt: tc.alt}},
			Created:     time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
		if tc.lang != "" {
			m.Headers = map[string]string{"Content-Language": tc.lang}
		}
		_, leaves, _ := composeParts(t, m)
		html := string(leaves[1].body)
		for _, want := range tc.want {
			if !strings.Contains(html, want) {
				t.Errorf("Content-Language %q: the HTML part lacks %s:\n%s", tc.lang, want, html)
			}
		}
	}
}
