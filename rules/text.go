package rules

import (
	"strings"
	"unicode/utf8"
)

// Text is a board for people: the grid as Frame draws it, and the lines
// under it (each seat's pieces, the last ply, whose turn it is or how the
// game ended) as messages, which the edges put into the reader's language.
type Text struct {
	Grid  string
	Lines []Msg
}

// Width is the widest line a rendered Text has, as mail allows.
const Width = 72

// Render writes the grid, a blank line and each line rendered by tr,
// wrapped at Width columns.
func (t Text) Render(tr func(Msg) string) string {
	var b strings.Builder
	// The grid is most of it: room for it and a few lines of words.
	b.Grow(len(t.Grid) + 1 + 80*len(t.Lines))
	b.WriteString(t.Grid)
	b.WriteString("\n")
	for _, m := range t.Lines {
		b.WriteString(Wrap(tr(m), Width))
		b.WriteString("\n")
	}
	return b.String()
}

// String is the grid and the lines' code forms, for logs and tests.
func (t Text) String() string {
	return t.Render(Msg.String)
}

// Wrap breaks text into lines of at most width characters at spaces; a
// word longer than width stands on a line of its own.
func Wrap(text string, width int) string {
	var b strings.Builder
	for utf8.RuneCountInString(text) > width {
		end, n := len(text), 0 // end: the byte just past width+1 characters
		for i := range text {
			if n == width+1 {
				end = i
				break
			}
			n++
		}
		cut := strings.LastIndexByte(text[:end], ' ')
		if cut <= 0 {
			if cut = strings.IndexByte(text, ' '); cut <= 0 {
				break
			}
		}
		b.WriteString(text[:cut] + "\n")
		text = text[cut+1:]
	}
	b.WriteString(text)
	return b.String()
}
