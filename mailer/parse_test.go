package mailer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	})
}
