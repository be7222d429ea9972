package pinuid

import (
	"pbem/rules"
	"pbem/rules/pinuid"
)

// side is the board's width and height; the rules' setups are all 7x7.
const side = 7

// cells is the number of squares.
const cells = side * side

// maxSeats is the most seats a Pinuid game has.
const maxSeats = 4

// pos is what the evaluation and the hash read of a position: each square's
// pin as seat+1 (0 empty), and per seat its pins on each colour of square.
// It is read from the rules engine's board once per node.
type pos struct {
	cell   [cells]int8
	pins   [maxSeats]int
	colour [maxSeats][2]int
	out    [maxSeats]bool // eliminated (Quatro)
	seats  int
	quatro bool
	toMove rules.Seat
}

// ruleSquare is the rules engine's square for file f and rank r: it packs
// them as rank*16+file.
func ruleSquare(f, r int) pinuid.Square { return pinuid.Square(r*16 + f) }

// read fills p from g.
func (p *pos) read(g *pinuid.Game) {
	*p = pos{seats: g.Seats(), quatro: g.Kind() == pinuid.Quatro, toMove: g.ToMove()}
	for r := range side {
		for f := range side {
			seat, ok := g.Pin(ruleSquare(f, r))
			if !ok {
				continue
			}
			p.cell[r*side+f] = int8(seat) + 1
			p.pins[seat]++
			p.colour[seat][(f+r)%2]++
		}
	}
	if p.quatro {
		for s := range p.seats {
			p.out[s] = g.Eliminated(rules.Seat(s))
		}
	}
}

// zobrist are the hash keys: one per seat and square, one per seat to move,
// one per eliminated seat, one for a turn that pays owed removals. They come
// from a fixed SplitMix64 sequence, so hashes are the same on every run.
var zobrist = func() (z struct {
	pin    [maxSeats][cells]uint64
	toMove [maxSeats]uint64
	out    [maxSeats]uint64
	pay    uint64
}) {
	state := uint64(0x5eed_0f_b1d)
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		x := state
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		return x ^ (x >> 31)
	}
	for s := range maxSeats {
		for q := range cells {
			z.pin[s][q] = next()
		}
		z.toMove[s] = next()
		z.out[s] = next()
	}
	z.pay = next()
	return z
}()

// hash is the position's key. Removals owed by a seat that is not to move
// are not part of it: the engine never leaves a removal owed, so inside a
// search only the root's opponents can owe, and they pay on their next turn,
// which changes the board.
func (p *pos) hash(pay bool) uint64 {
	h := zobrist.toMove[p.toMove]
	for q, c := range p.cell {
		if c != 0 {
			h ^= zobrist.pin[c-1][q]
		}
	}
	for s := range p.seats {
		if p.out[s] {
			h ^= zobrist.out[s]
		}
	}
	if pay {
		h ^= zobrist.pay
	}
	return h
}

// diag are the four diagonal steps as (file, rank) offsets.
var diag = [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}

// reach counts the pins marked mark in a line from (f, r), not counting
// it, in direction (df, dr).
func (p *pos) reach(mark int8, f, r, df, dr int) int {
	n := 0
	for {
		f, r = f+df, r+dr
		if f < 0 || f >= side || r < 0 || r >= side || p.cell[r*side+f] != mark {
			return n
		}
		n++
	}
}

// rowsMade counts the rows a step of mark's pin from (ff, fr) to (tf, tr)
// makes, as the rules count them: runs of exactly three through the square
// reached, and runs of three left beside the square left. The board must
// already show the step.
func (p *pos) rowsMade(mark int8, ff, fr, tf, tr int) int {
	n := 0
	for _, d := range [2][2]int{{1, 0}, {0, 1}} {
		if p.reach(mark, tf, tr, -d[0], -d[1])+1+p.reach(mark, tf, tr, d[0], d[1]) == 3 {
			n++
		}
		if p.reach(mark, ff, fr, -d[0], -d[1]) == 3 {
			n++
		}
		if p.reach(mark, ff, fr, d[0], d[1]) == 3 {
			n++
		}
	}
	return n
}

// orthNeighbour reports whether a pin marked mark stands beside (f, r)
// across or up and down. The pin on the square itself does not count.
func (p *pos) orthNeighbour(mark int8, f, r int) bool {
	return f > 0 && p.cell[r*side+f-1] == mark || f < side-1 && p.cell[r*side+f+1] == mark ||
		r > 0 && p.cell[(r-1)*side+f] == mark || r < side-1 && p.cell[(r+1)*side+f] == mark
}

// features are what the evaluation counts for one seat.
type features struct {
	threats  int // steps that would make a row now
	mobility int // empty squares diagonally next to the seat's pins
}

// features counts seat s's threats and mobility. It steps pins on p's board
// and puts them back.
func (p *pos) features(s int) features {
	var ft features
	mark := int8(s) + 1
	for q := range cells {
		if p.cell[q] != mark {
			continue
		}
		f, r := q%side, q/side
		for _, d := range diag {
			tf, tr := f+d[0], r+d[1]
			if tf < 0 || tf >= side || tr < 0 || tr >= side || p.cell[tr*side+tf] != 0 {
				continue
			}
			ft.mobility++
			if !p.orthNeighbour(mark, tf, tr) && !p.orthNeighbour(mark, f, r) {
				// No row can run through either square.
				continue
			}
			t := tr*side + tf
			p.cell[q], p.cell[t] = 0, mark
			if p.rowsMade(mark, f, r, tf, tr) > 0 {
				ft.threats++
			}
			p.cell[q], p.cell[t] = mark, 0
		}
	}
	return ft
}
