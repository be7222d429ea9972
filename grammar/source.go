package grammar

import (
	"strings"
	"unicode/utf8"
)

// Source is a decoded text with its name, kept to quote lines in errors.
type Source struct {
	Name string
	Text string
	// first is the number of Text's first line in the file it was taken
	// from (0 for 1): a game's Source holds only the game's lines.
	first int
	// lines are the offsets where lines start, filled on first use.
	lines []int
}

// NewSource decodes src: UTF-8, with bytes that are not valid UTF-8 taken
// as Latin-1 (as older PGN files are written); a leading byte-order mark is
// dropped. Line ends stay as they are: the lexer treats CR as a space.
func NewSource(name string, src []byte) *Source {
	text, _ := strings.CutPrefix(string(src), "\uFEFF")
	return &Source{Name: name, Text: decode(text)}
}

// decode returns s as valid UTF-8, reading each invalid byte as the Latin-1
// character of the same number.
func decode(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			r = rune(s[i])
		}
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

// Line returns line n (counted from 1) without its line end, or "" when the
// text has no such line.
func (s *Source) Line(n int) string {
	if s.lines == nil {
		s.lines = append(s.lines, 0)
		for i := 0; i < len(s.Text); i++ {
			if s.Text[i] == '\n' {
				s.lines = append(s.lines, i+1)
			}
		}
	}
	if s.first > 1 {
		n -= s.first - 1
	}
	if n < 1 || n > len(s.lines) {
		return ""
	}
	line := s.Text[s.lines[n-1]:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSuffix(line, "\r")
}
