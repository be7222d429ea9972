package mailer

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"pbem/db"
)

func TestComposeReadsBackUnchanged(t *testing.T) {
	created := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	board := "    A B C D\n 4  . . . .  4\n 3  . ● ○ .  3\n 2  = . . .  2\n    A B C D\n"
	tests := []struct {
		name string
		mail db.Mail
		raw  []string // the raw mail must contain these
	}{
		{"ascii reply with threading headers",
			db.Mail{MessageID: "pbem.t.1@example.org", To: "alice@example.org", Subject: "[pbem 1] Pente: alice vs bob - your move",
				Headers: map[string]string{"In-Reply-To": "<a@b>", "References": "<g@example.org> <a@b>",
					"Reply-To": "pbem+t@example.org", "Auto-Submitted": "auto-replied"},
				Body: "Read: move 1 K10\n\n" + board, Created: created},
			[]string{"From: <pbem@example.org>\r\n", "To: <alice@example.org>\r\n", "Mime-Version: 1.0\r\n",
				"Content-Type: text/plain; charset=utf-8\r\n", "Content-Transfer-Encoding: quoted-printable\r\n",
				"Date: Sun, 29 Nov 2026 10:00:00 +0000\r\n", "Message-Id: <pbem.t.1@example.org>\r\n",
				"Auto-Submitted: auto-replied\r\n", "Reply-To: pbem+t@example.org\r\n", "In-Reply-To: <a@b>\r\n"}},
		{"non-ASCII subject is RFC 2047",
			db.Mail{MessageID: "x@example.org", To: "j@example.de", Subject: "Züge – Jürgen", Body: "Grüße\n", Created: created},
			[]string{"Subject: =?utf-8?q?Z=C3=BCge_=E2=80=93_J=C3=BCrgen?=\r\n"}},
		{"long lines and trailing spaces survive",
			db.Mail{MessageID: "y@example.org", To: "a@example.org", Subject: "s",
				Body: strings.Repeat("0123456789", 12) + "\nend with spaces   \n", Created: created},
			[]string{"=\r\n"}},
		{"attachments make a multipart/mixed",
			db.Mail{MessageID: "z@example.org", To: "a@example.org", Subject: "record", Body: "Your record.\n", Created: created,
				Attachments: []db.Attachment{{Name: "game1.pgn", Type: "application/x-chess-pgn", Data: []byte("[Event \"x\"]\n\n1. K10 *\n")},
					{Name: "bin", Type: "not a type", Data: []byte{0, 1, 2, 255}}}},
			[]string{"Content-Type: multipart/mixed", "filename=game1.pgn", "Content-Type: application/octet-stream"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := Compose(tc.mail, serviceAddress)
			if err != nil {
				t.Fatalf("Compose: %v", err)
			}
			for _, want := range tc.raw {
				if !bytes.Contains(raw, []byte(want)) {
					t.Errorf("raw mail lacks %q:\n%s", want, raw)
				}
			}
			for i, line := range strings.Split(string(raw), "\r\n") {
				if len(line) > 78 {
					t.Errorf("line %d is %d bytes long: %q", i+1, len(line), line)
				}
			}
			p, err := Parse(raw)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			m := tc.mail
			if p.Subject != m.Subject || p.Text != m.Body || p.MessageID != m.MessageID || p.From != serviceAddress ||
				len(p.To) != 1 || p.To[0] != m.To || !p.Date.Equal(m.Created) {
				t.Errorf("read back as %+v\nwant subject %q, text %q, id %q, to %s, date %v", p, m.Subject, m.Body, m.MessageID, m.To, m.Created)
			}
			if len(p.Attachments) != len(m.Attachments) {
				t.Fatalf("read back %d attachments, want %d", len(p.Attachments), len(m.Attachments))
			}
			for i, a := range m.Attachments {
				if got := p.Attachments[i]; got.Name != a.Name || !bytes.Equal(got.Data, a.Data) {
					t.Errorf("attachment %d read back as %q %q, want %q %q", i, got.Name, got.Data, a.Name, a.Data)
				}
			}
			again, _ := Compose(tc.mail, serviceAddress)
			if len(tc.mail.Attachments) == 0 && !bytes.Equal(raw, again) {
				t.Errorf("composing twice gave two different mails: a retry must send the same message")
			}
		})
	}
}

func TestComposeRefusesBadHeaders(t *testing.T) {
	tests := []struct {
		name, key, value, want string
	}{
		{"line break in a value (header injection)", "Reply-To", "a@b\r\nBcc: victim@example.org", "line break"},
		{"a field Compose writes itself", "Subject", "other", "written by the sender"},
		{"a field Compose writes itself, in lower case", "message-id", "<x@y>", "written by the sender"},
		{"space in a field name", "Reply To", "a@b", "not a valid field name"},
		{"colon in a field name", "X:Y", "a", "not a valid field name"},
		{"empty field name", "", "a", "not a valid field name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := db.Mail{ID: 9, MessageID: "x@example.org", To: "a@example.org", Subject: "s", Body: "b\n",
				Headers: map[string]string{tc.key: tc.value}}
			_, err := Compose(m, serviceAddress)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "mail 9") {
				t.Errorf("Compose with header %q: %q = %v, want an error about mail 9 saying %q", tc.key, tc.value, err, tc.want)
			}
		})
	}
}

// FuzzCompose checks that any subject and body a mail may carry come back
// unchanged through Compose and Parse.
func FuzzCompose(f *testing.F) {
	f.Add("[pbem 1] Pente: alice vs bob - your move", "Read: move 1 K10\n\n 3 . ● .  3\n")
	f.Add("Züge – Jürgen", "= =3D =\n.\n..\nFrom me\n")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, subject, body string) {
		if !utf8.ValidString(subject) || !utf8.ValidString(body) || strings.ContainsAny(subject, "\r\n") ||
			strings.Contains(body, "\r") || strings.TrimSpace(subject) != subject {
			return // the outbox holds UTF-8 text with \n line ends and one-line subjects
		}
		m := db.Mail{MessageID: "f@example.org", To: "a@example.org", Subject: subject, Body: body}
		raw, err := Compose(m, serviceAddress)
		if err != nil {
			t.Fatalf("Compose: %v", err)
		}
		p, err := Parse(raw)
		if err != nil {
			t.Fatalf("Parse of a composed mail: %v\n%s", err, raw)
		}
		if p.Text != body {
			t.Errorf("body %q read back as %q", body, p.Text)
		}
		// Parse reads header text as cleanText makes it: each run of
		// control characters becomes one space, and a subject of nothing
		// else reads as none. Compose itself keeps them (in an encoded
		// word), so every other subject reads back as it was.
		if want := cleanText(subject); p.Subject != want {
			t.Errorf("subject %q read back as %q, want %q", subject, p.Subject, want)
		}
	})
}
