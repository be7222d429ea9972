package dobbal

import "pbem/rules"

// piece is what stands on a square.
type piece int8

const (
	empty piece = iota
	whitePin
	blackPin
	gamePiece
)

// pinOf is seat s's movement pin.
func pinOf(s rules.Seat) piece { return piece(s) + 1 }

// maxPinSteps bounds the steps of one seat's pins by one die: every pin in
// every direction.
const maxPinSteps = pinsPerSeat * len(dirs)

// position is what is on the board, without history or dice.
type position struct {
	board   [N]piece
	gamePin Square
	off     [2]int8 // movement pins off the board, per seat
}

// startPositions are the positions before ply 1, by the starting seat: the
// setup table with the game pin in the starter's opening.
var startPositions = func() (t [2]position) {
	for first := range t {
		p := &t[first]
		for s, list := range setup {
			for _, sq := range list {
				p.board[mustSquare(sq)] = pinOf(rules.Seat(s))
			}
		}
		p.gamePin = mustSquare(opening[first])
		p.board[p.gamePin] = gamePiece
	}
	return t
}()

// reach is the square k squares from `from` in direction d when every square
// on the way and the destination are empty; ok is false otherwise.
func (p *position) reach(from Square, d, k int) (Square, bool) {
	if int(span[from][d]) < k {
		return None, false
	}
	sq := from
	for range k {
		sq += delta[d]
		if p.board[sq] != empty {
			return None, false
		}
	}
	return sq, true
}

// stepsFrom appends every move of the pin on from by exactly k squares.
func (p *position) stepsFrom(from Square, k int, out []Step) []Step {
	for d := range dirs {
		if to, ok := p.reach(from, d, k); ok {
			out = append(out, Step{from, to})
		}
	}
	return out
}

// pinSteps appends every move of one of seat's movement pins by exactly k
// squares.
func (p *position) pinSteps(seat rules.Seat, k int, out []Step) []Step {
	var buf [pinsPerSeat]Square
	return p.stepsOf(p.pins(seat, buf[:0]), k, out)
}

// stepsOf appends every move of the pins on these squares by exactly k
// squares.
func (p *position) stepsOf(pins []Square, k int, out []Step) []Step {
	for _, sq := range pins {
		out = p.stepsFrom(sq, k, out)
	}
	return out
}

// pins appends the squares of seat's movement pins.
func (p *position) pins(seat rules.Seat, out []Square) []Square {
	own := pinOf(seat)
	for sq := range Square(N) {
		if p.board[sq] == own {
			out = append(out, sq)
		}
	}
	return out
}

// gamePinSteps appends every move of the game pin by exactly k squares that
// seat may make: none unless the game pin is next to one of seat's pins.
func (p *position) gamePinSteps(seat rules.Seat, k int, out []Step) []Step {
	if !p.besideOwn(seat) {
		return out
	}
	return p.stepsFrom(p.gamePin, k, out)
}

// besideOwn reports whether one of seat's movement pins stands on one of the
// game pin's 8 neighbours.
func (p *position) besideOwn(seat rules.Seat) bool {
	own := pinOf(seat)
	for d := range dirs {
		if span[p.gamePin][d] > 0 && p.board[p.gamePin+delta[d]] == own {
			return true
		}
	}
	return false
}

// move plays a step; a skipped step changes nothing.
func (p *position) move(s Step) {
	if s.Skipped() {
		return
	}
	p.board[s.To], p.board[s.From] = p.board[s.From], empty
	if s.From == p.gamePin {
		p.gamePin = s.To
	}
}

// stepsFor appends the moves step i (0, 1 or 2) of seat's turn could make
// by k squares.
func (p *position) stepsFor(i int, seat rules.Seat, k int, out []Step) []Step {
	if i == 1 {
		return p.gamePinSteps(seat, k, out)
	}
	return p.pinSteps(seat, k, out)
}

// walk visits every way seat can play the three steps with these dice (first
// movement die, game die, second movement die), skipping a step only when it
// has no move. It stops early when visit returns false, and reports whether
// it went through.
func (p *position) walk(seat rules.Seat, dice [3]int8, visit func(Turn) bool) bool {
	var b0, b2 [maxPinSteps]Step
	var b1 [len(dirs)]Step
	var pinBuf [pinsPerSeat]Square
	pins := p.pins(seat, pinBuf[:0])
	t := Turn{Faces: dice, Action: Move, Square: None}
	for _, m0 := range orSkip(p.stepsOf(pins, int(dice[0]), b0[:0])) {
		p1 := *p
		p1.move(m0)
		moved := pinBuf
		for i := range pins {
			if pins[i] == m0.From {
				moved[i] = m0.To
			}
		}
		for _, m1 := range orSkip(p1.gamePinSteps(seat, int(dice[1]), b1[:0])) {
			p2 := p1
			p2.move(m1)
			for _, m2 := range orSkip(p2.stepsOf(moved[:len(pins)], int(dice[2]), b2[:0])) {
				t.Steps = [3]Step{m0, m1, m2}
				if !visit(t) {
					return false
				}
			}
		}
	}
	return true
}

// orSkip is the moves of a step, or the skip alone when there are none.
func orSkip(moves []Step) []Step {
	if len(moves) == 0 {
		return append(moves, skip)
	}
	return moves
}

// win reports whether seat has the game pin and one of its movement pins
// side by side on the opponent's base line, and which pin.
func (p *position) win(seat rules.Seat) (Square, bool) {
	gp := p.gamePin
	if gp.Rank() != baseRank[1-seat] {
		return None, false
	}
	own := pinOf(seat)
	for _, d := range [2]int{0, 4} { // right and left along the rank
		if span[gp][d] > 0 && p.board[gp+delta[d]] == own {
			return gp + delta[d], true
		}
	}
	return None, false
}
