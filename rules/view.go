package rules

import "strconv"

// Viewer is implemented by games that describe their position as data,
// for pictures: what stands where, what the last ply changed and took,
// and the dice. Board and Position say the same for people in ASCII.
type Viewer interface {
	View() View
}

// PieceKind is what sort of piece stands on a point or square.
type PieceKind int

// The kinds of pieces.
const (
	// Stone is a Pente stone, on an intersection.
	Stone PieceKind = iota + 1
	// Pin is a seat's pin, on a square (Pinuid Classic, Quatro, Dobbal).
	Pin
	// GamePin is Dobbal's neutral game pin; its seat is NoSeat.
	GamePin
)

func (k PieceKind) String() string {
	switch k {
	case Stone:
		return "stone"
	case Pin:
		return "pin"
	case GamePin:
		return "game-pin"
	}
	return "none"
}

// NoSeat is the seat of a piece that belongs to nobody (the game pin).
const NoSeat Seat = -1

// Coord is a point or square in 0-based file (from the left) and rank
// (from the bottom).
type Coord struct {
	File, Rank int
}

// Placed is a piece and where it stands.
type Placed struct {
	Coord
	Kind PieceKind
	Seat Seat
}

// SeatView is what a picture shows of one seat beside the board.
type SeatView struct {
	Name string
	// Mark is the seat's letter on the ASCII board ("O", "W", "3").
	Mark string
	// Captured is how many of the opponents' pieces the seat has taken
	// (Pente's captured stones); Off is how many of the seat's own pieces
	// are off the board (Pinuid's removed pins).
	Captured, Off int
	// Out marks a seat eliminated from a Pinuid Quatro game.
	Out bool
}

// View is a position as data. Coordinates are 0-based; Name spells them
// as the game's notation does.
type View struct {
	// Files are the file letters, left to right ("A".."T" without I).
	Files []string
	// Ranks is the number of ranks; rank 1 is at the bottom.
	Ranks int
	// Points says pieces stand on the intersections of a grid of lines
	// (Pente), not inside squares.
	Points bool
	// Checkered says the squares' colour, (file+rank) mod 2, matters to
	// the rules (Pinuid Classic and Quatro). a1 has colour 0.
	Checkered bool
	// Pieces are the pieces on the board, rank by rank from a1.
	Pieces []Placed
	// Last are the points or squares the last ply changed; Taken the
	// pieces it took off the board (captures, removals).
	Last  []Coord
	Taken []Placed
	// Seats are the seats in play order.
	Seats []SeatView
	// ToMove is the seat whose turn it is; Over says the game has ended.
	ToMove Seat
	Over   bool
	// Roll is the roll fixed for the coming turn, LastRoll the last
	// turn's, both as [movement, movement, game]; nil in games without
	// dice or when there is none.
	Roll, LastRoll []int
}

// Name is c in the game's notation: "K10", "c2".
func (v *View) Name(c Coord) string {
	if c.File < 0 || c.File >= len(v.Files) {
		return "?" + strconv.Itoa(c.Rank+1)
	}
	return v.Files[c.File] + strconv.Itoa(c.Rank+1)
}
