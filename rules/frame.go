package rules

import (
	"strconv"
	"strings"
)

// Cell is what one square or point of a board shows.
type Cell struct {
	// Char is the piece's letter, or '.' for an empty point.
	Char byte
	// Marked draws the cell as (X): the last ply's stone or pin.
	Marked bool
}

// Frame draws a board grid with coordinates on all four sides: file labels
// above and below, rank numbers left and right, rank 1 at the bottom. Each
// cell takes three columns, so a 19x19 board is 64 columns wide. cell is
// called with 0-based file and rank. No line has trailing spaces.
func Frame(files []string, ranks int, cell func(file, rank int) Cell) string {
	labels := "    " + " " + strings.Join(files, "  ") + "\n"
	// Written byte by byte into a buffer of the right size: every game
	// mail draws a board, and formatting each rank was most of a mail's
	// rendering.
	var b strings.Builder
	b.Grow(2*len(labels) + ranks*(3*len(files)+12))
	b.WriteString(labels)
	for r := ranks - 1; r >= 0; r-- {
		n := r + 1
		switch { // %3d
		case n < 10:
			b.WriteString("  ")
		case n < 100:
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(n))
		b.WriteByte(' ')
		for f := range files {
			c := cell(f, r)
			if c.Marked {
				b.WriteByte('(')
				b.WriteRune(rune(c.Char)) // as string(c.Char) did
				b.WriteByte(')')
			} else {
				b.WriteByte(' ')
				b.WriteRune(rune(c.Char)) // as string(c.Char) did
				b.WriteByte(' ')
			}
		}
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(n))
		b.WriteByte('\n')
	}
	b.WriteString(labels)
	return b.String()
}
