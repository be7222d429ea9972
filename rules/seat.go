package rules

import "strconv"

// Seat is a place at the table, counted from 0: seat 0 is White in the
// two-seat games and the a1 corner in Pinuid Quatro. Seats take turns in
// their order; seat 0 moves first unless the game's options say otherwise
// (Pinuid Classic's start=black). Records and players count from 1; use
// Number for that.
type Seat int

// Number is the seat as players and records count it, from 1.
func (s Seat) Number() int { return int(s) + 1 }

// String is "seat N" with N counted from 1; games give better names through
// Game.SeatName.
func (s Seat) String() string { return "seat " + strconv.Itoa(s.Number()) }

// The seats' names as messages, rendered in the reader's language:
// "White", "Weiß", "Seat 3", "Asiento 3". SeatName gives the English
// names that records keep.
var (
	White = M("seat.white", nil)
	Black = M("seat.black", nil)
)

// Numbered names seat s by its number: "Seat 3".
func Numbered(s Seat) Msg { return M("seat.number", Args{"Number": s.Number()}) }
