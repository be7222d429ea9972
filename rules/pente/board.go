package pente

import (
	"strings"

	"pbem/rules"
)

// pieces are the letters of White's and Black's stones on the ASCII board.
var pieces = [3]byte{'.', 'O', 'X'}

// Board implements rules.Game: the 19x19 grid (64 columns), the last stone
// in parentheses, the centre shown as + while empty, then the captures, the
// last ply and whose turn it is or how the game ended.
func (g *Game) Board() rules.Text {
	t := g.Position()
	if g.outcome.Over {
		t.Lines = append(t.Lines, rules.M("board.game_over", rules.Args{"End": g.end()}))
		return t
	}
	t.Lines = append(t.Lines, rules.M("board.to_play", rules.Args{"Seat": g.SeatMsg(g.ToMove()), "Ply": len(g.history) + 1}))
	if g.pending != 0 {
		t.Lines = append(t.Lines, rules.M("board.pente.pending", rules.Args{"Seat": g.SeatMsg(rules.Seat(g.pending - 1))}))
	}
	return t
}

// Position implements rules.Game: Board up to the last ply.
func (g *Game) Position() rules.Text {
	var last Point = -1
	if n := len(g.history); n > 0 {
		last = g.history[n-1].(Point)
	}
	t := rules.Text{Grid: rules.Frame(strings.Split(files, ""), Size, func(f, r int) rules.Cell {
		p := At(f, r)
		c := rules.Cell{Char: pieces[g.board[p]], Marked: p == last}
		if p == Centre && g.board[p] == empty {
			c.Char = '+'
		}
		return c
	})}
	for s := range rules.Seat(2) {
		t.Lines = append(t.Lines, rules.M("board.pente.captured", rules.Args{
			"Mark": string(pieces[s+1]), "Seat": g.SeatMsg(s), "Captured": g.capturedText(s)}))
	}
	if last >= 0 {
		n := len(g.history)
		args := rules.Args{"Ply": n, "Seat": g.SeatMsg(rules.Seat((n - 1) % 2)), "Point": last.String()}
		if g.nRemoved == 0 {
			t.Lines = append(t.Lines, rules.M("board.pente.last", args))
		} else {
			names := make([]string, g.nRemoved)
			for i, q := range g.removed[:g.nRemoved] {
				names[i] = q.String()
			}
			args["Taken"] = strings.Join(names, " ")
			t.Lines = append(t.Lines, rules.M("board.pente.last_took", args))
		}
	}
	return t
}

// capturedText is what seat s has captured, for the legend.
func (g *Game) capturedText(s rules.Seat) rules.Msg {
	c := g.captured[s]
	switch g.variant {
	case Gomoku:
		return rules.M("board.pente.captured_gomoku", nil)
	case Keryo:
		return rules.M("board.pente.captured_keryo", rules.Args{"Stones": c})
	}
	return rules.M("board.pente.captured_pairs", rules.Args{"Pairs": c / 2, "Stones": c})
}
