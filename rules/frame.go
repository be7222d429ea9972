package rules

import (
	"fmt"
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
	var b strings.Builder
	b.WriteString(labels)
	for r := ranks - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%3d ", r+1)
		for f := range files {
			c := cell(f, r)
			if c.Marked {
				b.WriteString("(" + string(c.Char) + ")")
			} else {
				b.WriteString(" " + string(c.Char) + " ")
			}
		}
		fmt.Fprintf(&b, " %d\n", r+1)
	}
	b.WriteString(labels)
	return b.String()
}
