package pinuid

import "fmt"

// maxSeats is the most seats a setup may have.
const maxSeats = 4

// setup is a starting position: the board's size and, per seat in turn
// order, its name, its letter on the ASCII board, its base line and its
// pins. The rule texts describe their setups in pictures that are missing,
// so every fact here is inferred; keeping them in these tables lets a
// corrected reading change the data without touching the move logic.
type setup struct {
	files, ranks int
	seats        []seatSetup
}

// seatSetup is one seat of a setup.
type seatSetup struct {
	name string
	mark byte
	// base is the base line's rank, counted from 1, where re-entered pins
	// go; 0 when the game uses none (Quatro).
	base int
	pins []string
}

// classicSetup: White on rank 1 and d2, Black mirrored on rank 7 and d6.
var classicSetup = setup{files: 7, ranks: 7, seats: []seatSetup{
	{name: "White", mark: 'W', base: 1, pins: []string{"b1", "c1", "e1", "f1", "d2"}},
	{name: "Black", mark: 'B', base: 7, pins: []string{"b7", "c7", "e7", "f7", "d6"}},
}}

// quatroSetup: seats clockwise from the a1 corner; each has three pins on
// its corner's long diagonal and, from the middle one, one pin at the far
// end of its rank and one at the far end of its file.
var quatroSetup = setup{files: 7, ranks: 7, seats: []seatSetup{
	{name: "Seat 1", mark: '1', pins: []string{"a1", "b2", "c3", "g2", "b7"}},
	{name: "Seat 2", mark: '2', pins: []string{"a7", "b6", "c5", "g6", "b1"}},
	{name: "Seat 3", mark: '3', pins: []string{"g7", "f6", "e5", "a6", "f1"}},
	{name: "Seat 4", mark: '4', pins: []string{"g1", "f2", "e3", "a2", "f7"}},
}}

// quatro3Setup is the four-seat setup with seat 4's pins taken off.
var quatro3Setup = setup{files: 7, ranks: 7, seats: quatroSetup.seats[:3]}

// place checks the setup and puts its pins on g's board. An error names
// the entry at fault; the tables in this file never have one, but a setup
// is data and data is checked.
func (su *setup) place(g *Game) error {
	if su.files < 2 || su.files > maxSide || su.ranks < 2 || su.ranks > maxSide {
		return fmt.Errorf("setup: a board of %dx%d squares is not supported; files and ranks must be 2 to %d", su.files, su.ranks, maxSide)
	}
	if len(su.seats) < 2 || len(su.seats) > maxSeats {
		return fmt.Errorf("setup: %d seats is not supported; a game has 2 to %d", len(su.seats), maxSeats)
	}
	g.geo = geometry{files: su.files, ranks: su.ranks}
	for i, seat := range su.seats {
		if len(seat.pins) < 3 {
			return fmt.Errorf("setup: %s has %d pins; a seat needs at least 3 to form a row", seat.name, len(seat.pins))
		}
		if seat.base < 0 || seat.base > su.ranks {
			return fmt.Errorf("setup: %s's base line is rank %d, off the board", seat.name, seat.base)
		}
		for _, name := range seat.pins {
			s, _, err := g.geo.parseSquare(name)
			if err != nil {
				return fmt.Errorf("setup: %s's pin: %w", seat.name, err)
			}
			if g.board[s] != 0 {
				return fmt.Errorf("setup: %s's pin on %s: the square is already taken", seat.name, s)
			}
			g.board[s] = int8(i) + 1
			g.pins[i]++
		}
	}
	return nil
}
