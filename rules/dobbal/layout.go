package dobbal

import "pbem/rules"

// The equipment, board and setup below are inferred from the rules text,
// whose pictures are not available (rules.md marks them inferred). They live
// here as data so that a ruling can change without touching move logic.

// Size is the board's width and height in squares.
const Size = 7

// N is the number of squares on the board.
const N = Size * Size

// files are the file letters, left to right.
const files = "abcdefg"

// pinsPerSeat is how many movement pins each player owns.
const pinsPerSeat = 5

// maxOff is how many of a player's pins may be off the board: doubles remove
// an opponent's pin only while fewer than this many of theirs are off.
const maxOff = 3

// setup lists each seat's movement pins at the start, White then Black.
var setup = [2][pinsPerSeat]string{
	{"c1", "d1", "e1", "c2", "e2"},
	{"c7", "d7", "e7", "c6", "e6"},
}

// opening is the gap in each seat's setup where the starting player puts the
// game pin.
var opening = [2]string{"d2", "d6"}

// baseRank is each seat's base line as a 0-based rank: re-entered pins go
// there, and the opponent wins by reaching it.
var baseRank = [2]int{0, Size - 1}

// faceValues are the accepted values of the faces option: the highest face
// of the three dice.
var faceValues = []string{"3", "6"}

// seatNames name the seats; seat 0 is White whoever starts.
var seatNames = [2]string{"White", "Black"}

// pinLetters are the board letters of White's and Black's movement pins.
var pinLetters = [2]byte{'W', 'B'}

// gamePinLetter is the board letter of the neutral game pin.
const gamePinLetter = 'G'

// startSeat is the seat the start option names.
var startSeat = map[string]rules.Seat{"white": 0, "black": 1}
