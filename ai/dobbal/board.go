package dobbal

import (
	"pbem/ai"
	"pbem/rules"
	"pbem/rules/dobbal"
)

// side is the board's width; the rules' board is 7x7.
const side = dobbal.Size

// What stands on a square of board.
const (
	empty   int8 = 0
	gamePin int8 = 3 // seats' pins are seat+1
)

// board is what the evaluation reads of a position: each square's piece,
// the game pin's square and each seat's pins off the board.
type board struct {
	cell [side * side]int8
	gp   int
	off  [2]int
}

// read fills b from g.
func (b *board) read(g *dobbal.Game) {
	*b = board{gp: int(g.GamePin()), off: [2]int{g.Off(0), g.Off(1)}}
	for q := range side * side {
		if seat, ok := g.PinAt(dobbal.Square(q)); ok {
			b.cell[q] = int8(seat) + 1
		}
	}
	b.cell[b.gp] = gamePin
}

// play applies turn t of seat mover to b, as the rules do once they have
// checked it, and reports whether it wins: all three steps played and the
// game pin beside one of the mover's pins on the other's base line.
func (b *board) play(t *dobbal.Turn, mover int) bool {
	switch t.Action {
	case dobbal.Remove:
		b.cell[t.Square] = empty
		b.off[1-mover]++
		return false
	case dobbal.Reenter:
		b.cell[t.Square] = int8(mover) + 1
		b.off[mover]--
		return false
	}
	played := 0
	for _, st := range t.Steps {
		if st.From == dobbal.None {
			continue
		}
		played++
		b.cell[st.To], b.cell[st.From] = b.cell[st.From], empty
		if int(st.From) == b.gp {
			b.gp = int(st.To)
		}
	}
	return played == 3 && b.wins(mover)
}

// wins reports whether the game pin stands beside one of seat's pins on the
// other seat's base line.
func (b *board) wins(seat int) bool {
	f, r := b.gp%side, b.gp/side
	if r != target(seat) {
		return false
	}
	own := int8(seat) + 1
	return f > 0 && b.cell[b.gp-1] == own || f < side-1 && b.cell[b.gp+1] == own
}

// target is the rank where seat wins: the other seat's base line.
func target(seat int) int {
	if seat == 0 {
		return side - 1
	}
	return 0
}

// Weights of the evaluation, in hundredths of a pin.
const (
	// wGameRank is each rank the game pin stands nearer the seat's target
	// than the other's: the race itself.
	wGameRank = 45
	// wControl is having a pin beside the game pin, so that the game die
	// moves it; wControlToMove when the seat moves next.
	wControl       = 25
	wControlToMove = 45
	// wOnTarget is the game pin on a seat's target line; wShape is a pin
	// of the seat beside it there, one full turn from the win.
	wOnTarget = 60
	wShape    = 120
	// wPinAdvance is each rank a pin has advanced; wPinOnTarget a pin on
	// the target line, where the winning shape is made.
	wPinAdvance  = 3
	wPinOnTarget = 15
	// wPinOff is each pin off the board.
	wPinOff = 90
)

// seatScore is how well seat s stands; toMove says whether it moves next.
func (b *board) seatScore(s int, toMove bool) ai.Score {
	var v ai.Score
	t := target(s)
	gf, gr := b.gp%side, b.gp/side
	v -= wGameRank * ai.Score(abs(t-gr))
	own := int8(s) + 1
	beside := false
	for q, c := range b.cell {
		if c != own {
			continue
		}
		f, r := q%side, q/side
		if abs(f-gf) <= 1 && abs(r-gr) <= 1 {
			beside = true
		}
		v += wPinAdvance * ai.Score(side-1-abs(t-r))
		if r == t {
			v += wPinOnTarget
		}
	}
	if beside {
		if toMove {
			v += wControlToMove
		} else {
			v += wControl
		}
	}
	if gr == t {
		v += wOnTarget
		if gf > 0 && b.cell[b.gp-1] == own || gf < side-1 && b.cell[b.gp+1] == own {
			v += wShape
		}
	}
	v -= wPinOff * ai.Score(b.off[s])
	return v
}

// eval is the position's value for seat me, with toMove to play next.
func (b *board) eval(me int, toMove rules.Seat) ai.Score {
	return b.seatScore(me, int(toMove) == me) - b.seatScore(1-me, int(toMove) != me)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
