package pente

import (
	"fmt"
	"strings"

	"pbem/rules"
)

// pieces are the letters of White's and Black's stones on the ASCII board.
var pieces = [3]byte{'.', 'O', 'X'}

// Board implements rules.Game: the 19x19 grid (64 columns), the last stone
// in parentheses, the centre shown as + while empty, then the captures, the
// last ply and whose turn it is or how the game ended.
func (g *Game) Board() string {
	var b strings.Builder
	b.WriteString(g.Position())
	if g.outcome.Over {
		fmt.Fprintf(&b, "Game over: %s.\n", g.describeEnd())
	} else {
		fmt.Fprintf(&b, "%s to play, ply %d.\n", g.SeatName(g.ToMove()), len(g.history)+1)
		if g.pending != 0 {
			fmt.Fprintf(&b, "%s has five; it wins unless this ply breaks it by a capture (Boat-Pente).\n", g.SeatName(rules.Seat(g.pending-1)))
		}
	}
	return b.String()
}

// Position implements rules.Game: Board up to the last ply.
func (g *Game) Position() string {
	var last Point = -1
	if n := len(g.history); n > 0 {
		last = g.history[n-1].(Point)
	}
	var b strings.Builder
	b.WriteString(rules.Frame(strings.Split(files, ""), Size, func(f, r int) rules.Cell {
		p := At(f, r)
		c := rules.Cell{Char: pieces[g.board[p]], Marked: p == last}
		if p == Centre && g.board[p] == empty {
			c.Char = '+'
		}
		return c
	}))
	b.WriteString("\n")
	for s := range rules.Seat(2) {
		fmt.Fprintf(&b, "%c %-5s  captured %s\n", pieces[s+1], g.SeatName(s), g.capturedText(s))
	}
	if last >= 0 {
		n := len(g.history)
		fmt.Fprintf(&b, "Last: ply %d, %s %s", n, g.SeatName(rules.Seat((n-1)%2)), last)
		if g.nRemoved > 0 {
			names := make([]string, g.nRemoved)
			for i, q := range g.removed[:g.nRemoved] {
				names[i] = q.String()
			}
			fmt.Fprintf(&b, ", took off %s", strings.Join(names, " "))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func (g *Game) capturedText(s rules.Seat) string {
	c := g.captured[s]
	if g.variant == Gomoku {
		return "nothing (no captures in Gomoku)"
	}
	if g.variant == Keryo {
		return fmt.Sprintf("%d of 15 stones", c)
	}
	return fmt.Sprintf("%d of 5 pairs (%d stones)", c/2, c)
}
