package play

import (
	"regexp"
	"strings"
	"unicode"
)

// maxLines is how many lines of a mail are read for commands; the rest of
// a very long mail is not looked at.
const maxLines = 60

// maxLineLen is the longest line taken for a command; longer ones are prose.
const maxLineLen = 300

// commandLines returns the lines of a body that may hold commands: quoted
// reply text ("> ..."), the "On ... wrote:" line that introduces it, and the
// signature (after "-- ") are dropped, as are blank lines.
func commandLines(body string) (lines []string, truncated bool) {
	body = strings.ReplaceAll(body, "\r\n", "\n")
	for _, line := range strings.Split(body, "\n") {
		if line == "-- " || line == "--" || line == "__" {
			break // signature
		}
		if isQuoteIntro(line) {
			break // what follows is the quoted mail
		}
		trimmed := strings.TrimSpace(strings.Map(printable, line))
		if trimmed == "" || strings.HasPrefix(trimmed, ">") || len(trimmed) > maxLineLen {
			continue
		}
		if len(lines) == maxLines {
			return lines, true
		}
		lines = append(lines, trimmed)
	}
	return lines, false
}

// printable turns control characters into spaces so a line never carries
// them into a reply.
func printable(r rune) rune {
	if unicode.IsControl(r) || r == unicode.ReplacementChar {
		return ' '
	}
	return r
}

// quoteIntro matches the lines mail clients put before a quoted mail:
// "On Mon, 1 Dec 2026, Bob <b@x> wrote:", "Am ... schrieb ...:",
// "-----Original Message-----".
var quoteIntro = regexp.MustCompile(`(?i)^\s*(on\s.*wrote:|am\s.*schrieb.*:|le\s.*a écrit\s*:|el\s.*escribió:|-{2,}\s*original message\s*-{2,})\s*$`)

func isQuoteIntro(line string) bool { return quoteIntro.MatchString(line) }

// subjectCommand is the part of a subject that may be a command: reply and
// forward prefixes and the "[pbem N]" tag taken off. A subject the service
// wrote itself ("Pente: alice vs bob - your move") is no command.
func subjectCommand(subject string) string {
	s := strings.TrimSpace(strings.Map(printable, subject))
	for {
		lower := strings.ToLower(s)
		cut := false
		for _, p := range []string{"re:", "fwd:", "fw:", "aw:", "wg:", "sv:", "vs:", "rv:", "enc:", "tr:"} {
			if strings.HasPrefix(lower, p) {
				s, cut = strings.TrimSpace(s[len(p):]), true
				break
			}
		}
		if i := strings.Index(strings.ToLower(s), "[pbem"); i >= 0 {
			if j := strings.IndexByte(s[i:], ']'); j >= 0 {
				s, cut = strings.TrimSpace(s[:i]+s[i+j+1:]), true
			}
		}
		if !cut {
			break
		}
	}
	if strings.Contains(s, ": ") && strings.Contains(s, " - ") {
		return "" // our own subject line
	}
	return s
}

// wrap breaks the lines of text that are longer than width at spaces; a
// word longer than width stands on a line of its own. Shorter lines are
// kept as they are, indentation included.
func wrap(text string, width int) string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = strings.TrimRight(para, " ")
		if len(para) <= width {
			out = append(out, para)
			continue
		}
		line := ""
		for _, w := range strings.Fields(para) {
			switch {
			case line == "":
				line = w
			case len(line)+1+len(w) <= width:
				line += " " + w
			default:
				out = append(out, line)
				line = w
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
