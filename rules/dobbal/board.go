package dobbal

import (
	"strings"

	"pbem/rules"
)

// Board implements rules.Game: the 7x7 board (28 columns) with the last
// turn's squares in parentheses, a legend, each seat's pins on and off the
// board, the last turn, then whose turn it is with the roll if one is set,
// or how the game ended.
func (g *Game) Board() rules.Text {
	t := g.Position()
	if g.outcome.Over {
		t.Lines = append(t.Lines, rules.M("board.game_over", rules.Args{"End": g.end()}))
		return t
	}
	t.Lines = append(t.Lines, rules.M("board.to_play", rules.Args{"Seat": g.SeatMsg(g.ToMove()), "Ply": len(g.history) + 1}))
	if g.rollSet() {
		t.Lines = append(t.Lines, rules.M("board.dobbal.roll", rules.Args{"Roll": rollMsg(g.roll)}))
	}
	if g.quiet > 0 {
		t.Lines = append(t.Lines, rules.M("board.dobbal.quiet", rules.Args{"Quiet": g.quiet, "Limit": g.limit}))
	}
	return t
}

// Position implements rules.Game: Board up to the last turn.
func (g *Game) Position() rules.Text {
	var marked [N]bool
	var last *Turn
	if n := len(g.history); n > 0 {
		last = g.history[n-1].(*Turn)
		for _, sq := range last.squares() {
			marked[sq] = true
		}
	}
	t := rules.Text{Grid: rules.Frame(strings.Split(files, ""), Size, func(f, r int) rules.Cell {
		sq := At(f, r)
		c := rules.Cell{Char: '.', Marked: marked[sq]}
		switch pc := g.pos.board[sq]; pc {
		case whitePin, blackPin:
			c.Char = pinLetters[pc-1]
		case gamePiece:
			c.Char = gamePinLetter
		}
		return c
	})}
	t.Lines = append(t.Lines, rules.M("board.dobbal.legend", rules.Args{
		"White": string(pinLetters[0]), "Black": string(pinLetters[1]), "GamePin": string(gamePinLetter)}))
	for s := range rules.Seat(2) {
		t.Lines = append(t.Lines, rules.M("board.dobbal.seat", rules.Args{
			"Seat": g.SeatMsg(s), "On": pinsPerSeat - int(g.pos.off[s]), "Off": int(g.pos.off[s]), "Rank": int(baseRank[s]) + 1}))
	}
	if last != nil {
		n := len(g.history)
		t.Lines = append(t.Lines, rules.M("board.dobbal.last", rules.Args{
			"Ply": n, "Seat": g.SeatMsg((g.first + rules.Seat(n-1)) % 2), "Token": last.String()}))
	}
	return t
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
