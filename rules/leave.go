package rules

import (
	"strconv"
	"strings"
)

// Leaving is why a seat leaves a game before the rules end it.
type Leaving string

// The ways a seat leaves a game of its own accord or by the clock.
const (
	Resigned Leaving = "resign" // the seat resigned
	TimedOut Leaving = "time"   // the seat's time ran out
)

// Eliminator is implemented by games of three or more seats in which a seat
// that resigns or runs out of time is eliminated the way the rules
// eliminate a seat, and the others play on (Pinuid Quatro). Two-seat games
// do not need it: the other seat wins.
type Eliminator interface {
	// Eliminate takes seat out of the game for why. It enters the history
	// as a ply whose String is LeaveToken(seat, why), so that a record
	// replays it; any seat still in play may leave, whoever is to move.
	// When one seat is left in play, it wins. It fails, leaving the game
	// unchanged, when the game is over, the seat is out already, or the
	// game cannot eliminate seats.
	Eliminate(seat Seat, why Leaving) error
	// Eliminated reports whether seat is out of play, by rule or by
	// leaving.
	Eliminated(seat Seat) bool
}

// LeaveToken is the record token of seat leaving a game mid-way: "s3:resign"
// when seat 3 resigned, "s3:time" when its time ran out. Seats count from
// 1, as records count them.
func LeaveToken(seat Seat, why Leaving) string {
	return "s" + strconv.Itoa(seat.Number()) + ":" + string(why)
}

// ParseLeaveToken reads a token of LeaveToken's form, in any case.
func ParseLeaveToken(tok string) (Seat, Leaving, bool) {
	if !strings.Contains(tok, ":") {
		return 0, "", false // every ply of a game: no copy of it made
	}
	s, why, ok := strings.Cut(strings.ToLower(strings.TrimSpace(tok)), ":")
	if !ok || len(s) < 2 || s[0] != 's' {
		return 0, "", false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 1 || n > 9 || s[1] == '0' || s[1] == '+' {
		return 0, "", false
	}
	switch Leaving(why) {
	case Resigned, TimedOut:
		return Seat(n - 1), Leaving(why), true
	}
	return 0, "", false
}

// InPlay reports whether seat still plays in g: always in a game without
// elimination, unless g has eliminated it.
func InPlay(g Game, seat Seat) bool {
	if e, ok := g.(Eliminator); ok {
		return !e.Eliminated(seat)
	}
	return true
}
