package reply

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// ours is the start of a mail of the service, as docs/mails has them.
const ours = `alice (White) played K10 in game 1 (ply 1).

Game 1, Pente: alice vs bob
Seats: alice (White), bob (Black)
Options: days=3 rated=yes tournament=on

     A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T
 19  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  19
 10  .  .  .  .  .  .  .  .  . (O) .  .  .  .  .  .  .  .  .  10
  1  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  1
     A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T

It is your move, ply 2: reply with it, such as "L10" (add "#2" to guard
against old mail), or "hint" for the legal plies.
-- 
pbem: board games by mail. Send "help" for the commands.
`

// shortHelp is the part of the service's "no command" mail that lists
// commands one a line, as a player may write them too.
const shortHelp = `No command was found in your mail. Send one command per line, for
example:
  new pente with friend@example.org
  accept
  K10
  board 42
  games
  help
Send "help" for every command and "help GAME" for a game's rules.
`

func quote(s string) string {
	return "> " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n> ")
}

type want struct {
	lines    string // the new lines, "|" between them, each "TEXT@PLACE" (a/b/m); "~" marks prose
	quoted   bool
	original bool
	known    bool
}

func TestRead(t *testing.T) {
	outlook := "From: pbem <pbem+1-abc@example.org>\nSent: Tuesday, December 1, 2026 10:00 AM\nTo: bob@example.org\nSubject: [pbem 1] Pente: alice vs bob - your move\n\n"
	tests := []struct {
		name  string
		body  string
		known []string
		want  want
	}{
		{"plain", "K10\n", nil, want{lines: "K10@a"}},
		{"top-posted", "K10\n\nOn Tue, 1 Dec 2026 at 10:00, pbem <pbem+1-abc@example.org> wrote:\n\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"bottom-posted", "On 12/1/26 10:00, pbem wrote:\n" + quote(ours) + "\n\nK10\n\n-- \nBob\n", nil,
			want{lines: "K10@b", quoted: true}},
		{"interleaved", "On 12/1/26 10:00, pbem wrote:\n> alice (White) played K10 in game 1 (ply 1).\n\nnice one\n\n> It is your move, ply 2\n\nL9\n", nil,
			want{lines: "nice one@m|L9@b", quoted: true}},
		{"gmail wrapped", "K10\n\nOn Tue, 1 Dec 2026 at 10:00, pbem <pbem+2-k3j5h2g8d9s0a1b2@example.org>\nwrote:\n\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"gmail wrapped, no blank above", "K10\nOn Tue, 1 Dec 2026 at 10:00, pbem <pbem+2-k3j5h2g8d9s0a1b2@example.org>\nwrote:\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"gmail de wrapped", "K10\n\nAm Di., 1. Dez. 2026 um 10:00 Uhr schrieb pbem <\npbem+2-k3j5h2g8d9s0a1b2@example.org>:\n\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"gmail es wrapped", "K10\n\nEl mar, 1 dic 2026 a las 10:00, pbem (<pbem+2-k3j5h2g8d9s0a1b2@example.org>)\nescribió:\n\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"gmail pt wrapped", "K10\n\nEm ter., 1 de dez. de 2026 às 10:00, pbem <pbem+2-k3j5h2g8d9s0a1b2@example.org>\nescreveu:\n\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"french", "K10\n\nLe 01/12/2026 à 10:00, pbem a écrit :\n" + quote(ours), nil, want{lines: "K10@a", quoted: true}},
		{"dutch", "K10\n\nOp 1 dec. 2026 om 10:00 schreef pbem <pbem+1-abc@example.org>:\n" + quote(ours), nil, want{lines: "K10@a", quoted: true}},
		{"mutt attribution", "* pbem <pbem+1-abc@example.org> [2026-12-01 10:00]:\n" + quote(ours) + "\nK10\n", nil,
			want{lines: "K10@b", quoted: true}},
		{"outlook original", "K10\n\n" + outlook + ours, nil, want{lines: "K10@a", original: true}},
		{"outlook underscores", "K10\n\nGet Outlook for iOS<https://aka.ms/o0ukef>\n________________________________\n" + outlook + ours, nil,
			want{lines: "K10@a|Get Outlook for iOS<https://aka.ms/o0ukef>@a", original: true}},
		{"outlook de", "K10\n\nVon: pbem <pbem+1-abc@example.org>\nGesendet: Dienstag, 1. Dezember 2026 10:00\nAn: bob@example.org\nBetreff: [pbem 1] Pente: alice vs bob - your move\n\n" + ours, nil,
			want{lines: "K10@a", original: true}},
		{"outlook es", "K10\n\nDe: pbem <pbem+1-abc@example.org>\nEnviado el: martes, 1 de diciembre de 2026 10:00\nPara: bob@example.org\nAsunto: [pbem 1] Pente: alice vs bob - your move\n\n" + ours, nil,
			want{lines: "K10@a", original: true}},
		{"outlook pt", "K10\n\nDe: pbem <pbem+1-abc@example.org>\nEnviada em: terça-feira, 1 de dezembro de 2026 10:00\nPara: bob@example.org\nAssunto: [pbem 1] Pente: alice vs bob - your move\n\n" + ours, nil,
			want{lines: "K10@a", original: true}},
		{"outlook fr", "K10\n\nDe : pbem <pbem+1-abc@example.org>\nEnvoyé : mardi 1 décembre 2026 10:00\nÀ : bob@example.org\nObjet : [pbem 1] Pente: alice vs bob - your move\n\n" + ours, nil,
			want{lines: "K10@a", original: true}},
		{"command inside an original", "K10\n\n-----Original Message-----\nFrom: pbem\nresign\nboard 1\n", nil,
			want{lines: "K10@a", original: true}},
		{"thunderbird forward", "-------- Forwarded Message --------\nSubject: \t[pbem 1] Pente\nDate: \tTue, 1 Dec 2026 10:00:00 +0000\nFrom: \tpbem <pbem@example.org>\nTo: \tbob@example.org\n\nresign\n", nil,
			want{original: true}},
		{"yahoo plain, original unquoted", "K10\n\n    On Tuesday, December 1, 2026, 10:00:00 AM GMT+1, pbem <pbem+1-abc@example.org> wrote:  \n \n " + strings.ReplaceAll(ours, "\n", "\n "), nil,
			want{lines: "K10@a", original: true}},
		{"a single From: line is not an original", "From: me\nK10\n", nil, want{lines: "From: me@a|K10@a"}},
		{"our text unquoted", "K10\n\n" + ours, []string{ours}, want{lines: "K10@a", known: true}},
		{"our text unquoted, move below", ours + "\nK10\n", []string{ours}, want{lines: "K10@b", known: true}},
		{"short lines that are also ours are kept", "accept\nK10\n", []string{shortHelp}, want{lines: "accept@a|K10@a"}},
		{"a copy of our help is ours", "  new pente with friend@example.org\n  accept\n  K10\n", []string{shortHelp}, want{known: true}},
		{"format characters", "\u200bO6\u200c\n\ufeffK10\u00ad\n\u2060L9\u200d\n", nil, want{lines: "O6@a|K10@a|L9@a"}},
		{"no-break and other spaces", "move\u00a01\u2009K10\u3000#3\n", nil, want{lines: "move 1 K10 #3@a"}},
		{"disclaimer", "K10\n\nThis e-mail and any attachments are confidential and may be\nprotected by law. Any unauthorized\nreview, use, disclosure or distribution is prohibited. If\nyou are not the intended recipient, delete it.\n",
			nil, want{lines: "K10@a|~This e-mail and any attachments are confidential and may be@a|~protected by law. Any unauthorized@a|~review, use, disclosure or distribution is prohibited. If@a|~you are not the intended recipient, delete it.@a"}},
		{"a move under a sentence is no prose", "Sorry for the delay, I was away all week.\nK10 #3\n", nil,
			want{lines: "~Sorry for the delay, I was away all week.@a|K10 #3@a"}},
		{"signature above the quote", "K10\n-- \nBob Smith\n+1 555 123 4567\n\nOn Tue, 1 Dec 2026, pbem wrote:\n" + quote(ours), nil,
			want{lines: "K10@a", quoted: true}},
		{"text after a signature and a quote is read", "> It is your move\n-- \nBob\n> more\nK10\n", nil,
			want{lines: "K10@b", quoted: true}},
		{"apple quoted attribution", "K10\n\nSent from my iPhone\n\n> On 1 Dec 2026, at 10:00, pbem <pbem+1-abc@example.org> wrote:\n> \n" + quote(ours), nil,
			want{lines: "K10@a|Sent from my iPhone@a", quoted: true}},
		{"player text ending in a colon above a quote", "Here is my move:\nK10\n\n" + quote(ours), nil,
			want{lines: "Here is my move:@a|K10@a", quoted: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Read(tt.body, tt.known...)
			var parts []string
			for _, l := range got.Lines {
				p := l.Text + "@" + string("amb"[l.Place])
				if l.Prose {
					p = "~" + p
				}
				parts = append(parts, p)
			}
			g := want{lines: strings.Join(parts, "|"), quoted: got.Quoted, original: got.Original, known: got.Known}
			if g != tt.want {
				t.Errorf("Read:\n got %+v\nwant %+v", g, tt.want)
			}
		})
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"  K10  ":                  "K10",
		"\u200bO6":                 "O6",
		"O\u00ad6":                 "O6",
		"\ufeffmove 2\u00a0K10":    "move 2 K10",
		"a\tb\x00c":                "a b c",
		"\u202aK10\u202c":          "K10",
		"bad \ufffd byte":          "bad byte",
		"\u2060\u200d\u200c\u200b": "",
		"move  2 K10":              "move 2 K10",
		" K10":                     "K10",
		"K10 ":                     "K10",
		"x\x7fy":                   "x y",
		"plain words":              "plain words",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzClean: a clean line stays as it is, and cleaning twice changes
// nothing more (the ASCII fast path must agree with the general one).
func FuzzClean(f *testing.F) {
	for _, s := range []string{"K10", " K10", "a  b", "a\tb", "\u200bO6", "x\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		if Clean(c) != c {
			t.Fatalf("Clean(Clean(%q)) = %q, not %q", s, Clean(c), c)
		}
		if clean(s) && c != s {
			t.Fatalf("%q is taken as clean but Clean makes it %q", s, c)
		}
		if strings.Contains(c, "  ") || strings.TrimSpace(c) != c {
			t.Fatalf("Clean(%q) = %q keeps a run of spaces or an end space", s, c)
		}
	})
}

// FuzzRead checks what holds for any body: reading never fails, every line
// read is clean, unquoted and in the body, lines come in order, and text
// that is all quoted yields nothing.
func FuzzRead(f *testing.F) {
	f.Add("K10\n\nOn Tue, 1 Dec 2026, pbem wrote:\n"+quote(ours), ours)
	f.Add("> x\nK10\n> y\nL9\n-- \nsig\n", "")
	f.Add("K10\n\nFrom: a\nSent: b\nTo: c\nSubject: d\n\nresign\n", shortHelp)
	f.Add("\u200b\r\nmove\u00a01 K10\r\n\u2028x\u0085y", "x\ny\nz\n")
	f.Fuzz(func(t *testing.T, body, known string) {
		r := Read(body, known)
		clean := strings.Join(lines(body), "\n")
		last := 0
		for _, l := range r.Lines {
			if l.Text == "" || l.Text != Clean(l.Text) || quoted(l.Text) {
				t.Fatalf("line %d %q is not a clean unquoted line", l.Number, l.Text)
			}
			if strings.IndexFunc(l.Text, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) >= 0 {
				t.Fatalf("line %q keeps a format character", l.Text)
			}
			if l.Number <= last || !strings.Contains(clean, l.Text) || l.Place > Below {
				t.Fatalf("line %+v out of order, place or body", l)
			}
			last = l.Number
		}
		if all := quote(clean); len(Read(all, known).Lines) != 0 {
			t.Fatalf("a body quoted whole yields lines: %q", fmt.Sprint(Read(all, known).Lines))
		}
	})
}
