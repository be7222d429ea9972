package mailer

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"pbem/db"
)

func TestParse(t *testing.T) {
	tests := []struct {
		file       string
		from, name string
		subject    string
		text       []string // the text must contain these
		notText    []string // and not these
		check      func(t *testing.T, p *Parsed)
	}{
		{file: "plain.eml", from: "bob@example.org", name: "Bob",
			subject: "Re: [pbem 1] Pente: alice vs bob - your move", text: []string{"L9\n", "> your move"},
			check: func(t *testing.T, p *Parsed) {
				if p.MessageID != "plain1@client.example" || p.InReplyTo != "pbem.1-abc.0011@example.org" ||
					len(p.References) != 2 || p.To[0] != "pbem+1-abc@example.org" {
					t.Errorf("ids and addresses: %+v", p)
				}
			}},
		{file: "latin1.eml", from: "juergen@example.de", name: "Jürgen Müller", subject: "Züge",
			text: []string{"Grüße!", "move 3 K10"}},
		{file: "html-only.eml", from: "carol@example.org", subject: "html",
			text: []string{"board 3\nhint 3\n> old\n"}, notText: []string{"<p>", "<div>"}},
		{file: "flowed-alternative.eml", from: "dave@example.org", subject: "alt",
			text: []string{"new pente with a very long list of friends, alice@example.org"}, notText: []string{"ignored"}},
		{file: "attachment.eml", from: "erin@example.org", subject: "please review", text: []string{"review"},
			check: func(t *testing.T, p *Parsed) {
				if len(p.Attachments) != 1 || p.Attachments[0].Name != "game.pgn" ||
					!strings.Contains(string(p.Attachments[0].Data), "1. K10 L9 *") {
					t.Errorf("attachments: %+v", p.Attachments)
				}
			}},
		{file: "bounce.eml", from: "mailer-daemon@mx.example.org", subject: "Undelivered Mail Returned to Sender",
			check: func(t *testing.T, p *Parsed) {
				if p.Headers["Auto-Submitted"] != "auto-replied" || p.Headers["X-Failed-Recipients"] != "bob@example.org" {
					t.Errorf("headers: %v", p.Headers)
				}
			}},
		{file: "no-mime-latin1.eml", from: "frank@example.org", subject: "no mime", text: []string{"move 1 K10", "été"}},
		// Raw 8-bit headers: UTF-8 stays, anything else is windows-1252.
		{file: "raw8bit-latin1.eml", from: "joerg@example.de", name: "Jörg Müller", subject: "Züge für Jörg",
			text: []string{"Grüße!", "move 1 K10"}},
		{file: "raw8bit-cp1252.eml", from: "renee@example.fr", name: "Renée “Q” Dupont", subject: "Café – € 5"},
		{file: "raw8bit-utf8.eml", from: "joerg@example.de", name: "Jörg Müller", subject: "Züge – für Jörg",
			text: []string{"Grüße!"}},
		// Both at once (no MIME, so the body's charset is undeclared too):
		// each part is read as what it is.
		{file: "raw8bit-mixed.eml", from: "joerg@example.de", name: "Jörg „Jörgi“ Müller", subject: "AW: Züge für Jörg – Partie 12",
			text: []string{"Grüße – bis bald!", "move 1 K10"}},
		// CR and LF in encoded words become a space: no header can be
		// smuggled into a mail that re-uses the name or the subject.
		{file: "encoded-crlf.eml", from: "eve@example.org", name: "Eve Bcc: x", subject: "a Bcc: x"},
		{file: "encoded-crlf-quoted.eml", from: "eve@example.org", name: "Eve Bcc: x", subject: "a Bcc: x"},
		// Several From fields or addresses: From is the first one.
		{file: "two-from.eml", from: "bob@provider.example", name: "Bob", subject: "move"},
		{file: "from-two-addresses.eml", from: "bob@provider.example", name: "Bob", subject: "move"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			if p.From != tc.from || (tc.name != "" && p.FromName != tc.name) || p.Subject != tc.subject {
				t.Errorf("from %q %q subject %q; want %q %q %q", p.From, p.FromName, p.Subject, tc.from, tc.name, tc.subject)
			}
			for _, s := range tc.text {
				if !strings.Contains(p.Text, s) {
					t.Errorf("text lacks %q:\n%s", s, p.Text)
				}
			}
			for _, s := range tc.notText {
				if strings.Contains(p.Text, s) {
					t.Errorf("text has %q:\n%s", s, p.Text)
				}
			}
			if p.Size != len(raw) {
				t.Errorf("size %d, want %d", p.Size, len(raw))
			}
			if err := reusableText(p); err != nil {
				t.Error(err)
			}
			if tc.check != nil {
				tc.check(t, p)
			}
		})
	}
}

func TestHTMLToText(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<div dir="ltr">L9</div><div class="gmail_quote">On Sun pbem wrote:<blockquote>your move</blockquote></div>`,
			"L9\nOn Sun pbem wrote:\n> your move\n"},
		{"<p>board&nbsp;3<br>hint 3</p>", "board 3\nhint 3\n"}, // a no-break space is a space
		{"<html><head><title>x</title><style>p{}</style></head><body>move <b>K10</b></body></html>", "move K10\n"},
		{"<blockquote><blockquote>deep</blockquote>mid</blockquote>", "> > deep\n> mid\n"},
		{"<p>unclosed <div>broken", "unclosed\nbroken\n"},
	}
	for _, tc := range tests {
		if got := htmlToText(tc.in); got != tc.want {
			t.Errorf("htmlToText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestUnflow(t *testing.T) {
	tests := []struct {
		in    string
		delsp bool
		want  string
	}{
		{"a \nb", false, "a b"},
		{"a \nb", true, "ab"},
		{"a\nb", false, "a\nb"},
		{" >not quoted \nx", false, ">not quoted x"},
		{"-- \nsig", false, "-- \nsig"},
		{"open \n", false, "open "},
	}
	for _, tc := range tests {
		if got := unflow(tc.in, tc.delsp); got != tc.want {
			t.Errorf("unflow(%q, %v) = %q, want %q", tc.in, tc.delsp, got, tc.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.eml"))
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte("Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n--x--"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := Parse(raw)
		if err != nil {
			return
		}
		if p.Size != len(raw) {
			t.Fatalf("size %d, want %d", p.Size, len(raw))
		}
		if err := reusableText(p); err != nil {
			t.Fatal(err)
		}
	})
}

// reusableText checks what Parse promises of the header text the service
// puts back into mail: valid UTF-8 without control characters.
func reusableText(p *Parsed) error {
	for _, f := range []struct{ name, v string }{{"Subject", p.Subject}, {"FromName", p.FromName},
		{"From", p.From}, {"ReplyTo", p.ReplyTo}, {"MessageID", p.MessageID}, {"InReplyTo", p.InReplyTo}} {
		if !utf8.ValidString(f.v) || strings.IndexFunc(f.v, unicode.IsControl) >= 0 {
			return fmt.Errorf("%s %q is not valid UTF-8 free of control characters", f.name, f.v)
		}
	}
	for _, id := range p.References {
		if strings.IndexFunc(id, unicode.IsControl) >= 0 {
			return fmt.Errorf("References %q holds a control character", id)
		}
	}
	return nil
}

func TestHeaderText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"Z\xfcge", "Züge"}, // Latin-1
		{"\x93Caf\xe9\x94 \x96 \x80", "“Café” – €"}, // windows-1252
		{"Züge – ok", "Züge – ok"},                  // raw UTF-8 stays
		// Mixed: each UTF-8 character stays, each other byte is windows-1252.
		{"AW: Z\xfcge f\xfcr J\xf6rg – ok", "AW: Züge für Jörg – ok"},
		{"J\xf6rg M\xfcller", "Jörg Müller"},
		{"\xc3\xa9t\xe9", "été"},        // é in UTF-8, then é in Latin-1
		{"ab\xe2\x80", "abâ\u20ac"},     // a UTF-8 character cut short: its bytes are windows-1252
		{"\xef\xbf\xbd\xff", "\uFFFDÿ"}, // U+FFFD written in UTF-8 stays one character
		{"=?utf-8?q?a=0D=0ABcc:_x?=", "a Bcc: x"},
		{"=?utf-8?b?YQ0KQmNjOiB4?=", "a Bcc: x"},
		{"=?iso-8859-1?q?Z=FCge?= und =?utf-8?q?mehr?=", "Züge und mehr"},
		{"=?utf-8?q?a=00b=1Bc=7Fd=C2=85e?=", "a b c d e"}, // NUL, ESC, DEL, NEL
		{"=?utf-8?q?line=E2=80=A8sep?=", "line sep"},
		{"=?utf-8?q?bad=FF=FE?=", "bad\uFFFD"}, // invalid UTF-8 inside an encoded word
		{"=?x-unknown?q?abc?=", "=?x-unknown?q?abc?="},
		{"a\tb  c", "a b  c"},
		{"  \r\n ", ""},
	}
	for _, tc := range tests {
		if got := headerText(tc.in); got != tc.want {
			t.Errorf("headerText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestAddressList(t *testing.T) {
	tests := []struct {
		in    string
		names []string // "name <address>" each; nil: unreadable
	}{
		{"Bob <Bob@Example.org>", []string{"Bob <bob@example.org>"}},
		{"J\xf6rg <joerg@example.de>", []string{"Jörg <joerg@example.de>"}},
		{"\"Ren\xe9e\" <r@example.fr>, J\xf6rg <j@example.de>", []string{"Renée <r@example.fr>", "Jörg <j@example.de>"}},
		{"=?utf-8?q?Eve=0D=0ABcc=3A_x?= <eve@example.org>", []string{"Eve Bcc: x <eve@example.org>"}},
		{"\"a\u0085b\"@example.org", nil}, // a control character in the address itself
		{"not an address", nil},
		{"", nil},
	}
	for _, tc := range tests {
		var got []string
		for _, a := range addressList(tc.in) {
			got = append(got, a.Name+" <"+a.Address+">")
		}
		if !slices.Equal(got, tc.names) {
			t.Errorf("addressList(%q) = %q, want %q", tc.in, got, tc.names)
		}
	}
}

// BenchmarkParseReplyWithPicture reads a reply that carries the board
// picture back inline, as some clients send it: the picture must be taken
// as it is, not read as text.
func BenchmarkParseReplyWithPicture(b *testing.B) {
	img := image.NewPaletted(image.Rect(0, 0, 400, 400), color.Palette{color.White, color.Black, color.Gray{Y: 128}})
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(rng.IntN(3))
	}
	var pic bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		b.Fatal(err)
	}
	m := db.Mail{MessageID: "r@example.org", To: "pbem@example.org", Subject: "Re: [pbem 1] Pente",
		Body: "L9\n\n> 10  . (O) .  10\n", Created: time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC),
		Attachments: []db.Attachment{{Name: "game-1.png", Type: "image/png", Data: pic.Bytes(), ContentID: "board1.3@example.org"}}}
	raw, err := Compose(m, "alice@example.org")
	if err != nil {
		b.Fatal(err)
	}
	p, err := Parse(raw)
	if err != nil {
		b.Fatal(err)
	}
	if len(p.Attachments) != 1 || !bytes.Equal(p.Attachments[0].Data, pic.Bytes()) || !strings.HasPrefix(p.Text, "L9\n") {
		b.Fatalf("the reply read back as %q with %d attachments", p.Text, len(p.Attachments))
	}
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := Parse(raw); err != nil {
			b.Fatal(err)
		}
	}
}
