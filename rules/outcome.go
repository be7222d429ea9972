package rules

import "strings"

// Reason says why a game ended by rule.
type Reason string

// The reasons a game can end by rule. Resignation, time and agreement are the
// service's business, not the rules'.
const (
	Ongoing      Reason = ""
	FiveInRow    Reason = "five in a row"
	Captures     Reason = "captures"
	FullBoard    Reason = "full board"
	TwoPins      Reason = "two pins left"
	LastStanding Reason = "last seat standing"
	Stalemate    Reason = "no seat can act"
	NoProgress   Reason = "no progress"
	BaseLine     Reason = "game pin on the base line"
)

// Reasons lists every reason above but Ongoing, for those who read a
// stored reason back (the web archive says it in the reader's language).
func Reasons() []Reason {
	return []Reason{FiveInRow, Captures, FullBoard, TwoPins, LastStanding, Stalemate, NoProgress, BaseLine}
}

// Outcome is the state of a game by its rules.
type Outcome struct {
	// Over is true once the rules end the game.
	Over bool
	// Winners are the winning seats; none when Over means a draw.
	Winners []Seat
	// Reason is why the game ended.
	Reason Reason
	// Detail adds the particulars a player wants: "K10 to O10", "5 pairs",
	// as a message; the zero Msg when there are none. Records and the store
	// keep it rendered in English. Its arguments are not written once the
	// outcome is given: an engine may give the same detail to every game
	// that ends alike, and a review remembers its words by the map.
	Detail Msg
}

// Draw reports whether the game ended without a winner.
func (o Outcome) Draw() bool { return o.Over && len(o.Winners) == 0 }

// Won reports whether s is among the winners.
func (o Outcome) Won(s Seat) bool {
	for _, w := range o.Winners {
		if w == s {
			return true
		}
	}
	return false
}

// Result is the record's result token for a game of n seats: "*" while the
// game goes on; "1-0", "0-1" or "1/2-1/2" for two seats; for three or more
// the seats' scores joined by "-", such as "0-1-0-0" or "1/2-1/2-1/2".
func (o Outcome) Result(n int) string {
	if !o.Over {
		return "*"
	}
	if n == 2 { // most games: a review asks for every game, so no joining
		if o.Draw() {
			return "1/2-1/2"
		}
		return [2][2]string{{"0-0", "0-1"}, {"1-0", "1-1"}}[b2i(o.Won(0))][b2i(o.Won(1))]
	}
	score := make([]string, n)
	for i := range score {
		switch {
		case o.Draw():
			score[i] = "1/2"
		case o.Won(Seat(i)):
			score[i] = "1"
		default:
			score[i] = "0"
		}
	}
	return strings.Join(score, "-")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Code is the reason's message code ("reason.five_in_a_row"); the reason
// itself stays the English word records and the store keep.
func (r Reason) Code() Code {
	return Code("reason." + strings.ReplaceAll(string(r), " ", "_"))
}
