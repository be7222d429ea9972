package reply

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean makes a line comparable and safe to echo: format characters
// (Unicode category Cf: zero-width spaces and joiners, the word joiner,
// the byte order mark, the soft hyphen, direction marks) are dropped, any
// other space (no-break, thin, ideographic, tab) and control character
// becomes a plain space, runs of spaces become one, and the ends are
// trimmed. Mail clients scatter such characters around what was typed
// (a pasted "O6" often carries a zero-width space), and a player never
// means them.
func Clean(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false // a space is pending
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			// ASCII has no format characters: only its controls and
			// spaces change.
			if r <= ' ' || r == 0x7f {
				space = true
				continue
			}
		case unicode.Is(unicode.Cf, r):
			continue
		case unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar:
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// clean reports whether Clean would leave s as it is: printable ASCII with
// single spaces between words and none at the ends, as most lines are.
func clean(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c > ' ' && c < 0x7f:
		case c == ' ' && i > 0 && i < len(s)-1 && s[i-1] != ' ':
		default:
			return false
		}
	}
	return true
}

// lines splits a body into cleaned lines; any line ending (CRLF, CR, LF,
// the Unicode line and paragraph separators) ends a line.
func lines(body string) []string {
	body = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n", "\u0085", "\n").Replace(body)
	raw := strings.Split(body, "\n")
	out := make([]string, len(raw))
	for i, l := range raw {
		out[i] = Clean(l)
	}
	return out
}
