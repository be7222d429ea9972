package dobbal

import (
	"fmt"
	"strings"

	"pbem/rules"
)

// Board implements rules.Game: the 7x7 board (28 columns) with the last
// turn's squares in parentheses, a legend, each seat's pins on and off the
// board, the last turn, then whose turn it is with the roll if one is set,
// or how the game ended.
func (g *Game) Board() string {
	var b strings.Builder
	b.WriteString(g.Position())
	if g.outcome.Over {
		fmt.Fprintf(&b, "Game over: %s.\n", g.describeEnd())
		return b.String()
	}
	fmt.Fprintf(&b, "%s to play, ply %d.\n", g.SeatName(g.ToMove()), len(g.history)+1)
	if g.rollSet() {
		fmt.Fprintf(&b, "Roll: %s.\n", rollText(g.roll))
	}
	if g.quiet > 0 {
		fmt.Fprintf(&b, "%d of %d plies without a removal or re-entry before a draw.\n", g.quiet, g.limit)
	}
	return b.String()
}

// Position implements rules.Game: Board up to the last turn.
func (g *Game) Position() string {
	var marked [N]bool
	var last *Turn
	if n := len(g.history); n > 0 {
		last = g.history[n-1].(*Turn)
		for _, sq := range last.squares() {
			marked[sq] = true
		}
	}
	var b strings.Builder
	b.WriteString(rules.Frame(strings.Split(files, ""), Size, func(f, r int) rules.Cell {
		sq := At(f, r)
		c := rules.Cell{Char: '.', Marked: marked[sq]}
		switch pc := g.pos.board[sq]; pc {
		case whitePin, blackPin:
			c.Char = pinLetters[pc-1]
		case gamePiece:
			c.Char = gamePinLetter
		}
		return c
	}))
	fmt.Fprintf(&b, "\n%c %s   %c %s   %c game pin   (x) last turn\n",
		pinLetters[0], seatNames[0], pinLetters[1], seatNames[1], gamePinLetter)
	for s := range rules.Seat(2) {
		fmt.Fprintf(&b, "%s: %d pins on the board, %d off; base line rank %d\n",
			g.SeatName(s), pinsPerSeat-int(g.pos.off[s]), g.pos.off[s], baseRank[s]+1)
	}
	if last != nil {
		n := len(g.history)
		fmt.Fprintf(&b, "Last: ply %d, %s %s\n", n, g.SeatName((g.first+rules.Seat(n-1))%2), last)
	}
	return b.String()
}

// squares are the squares a turn touched: both ends of every step, or the
// square of a doubles choice.
func (t *Turn) squares() []Square {
	if t.Action != Move {
		return []Square{t.Square}
	}
	var out []Square
	for _, s := range t.Steps {
		if !s.Skipped() {
			out = append(out, s.From, s.To)
		}
	}
	return out
}
