// Package pinuid is the rules engine for Pinuid Classic (two players) and
// Pinuid Quatro (three or four): pins step one square diagonally; a step
// that makes an orthogonal row of exactly three of a player's pins lets the
// player take one pin of that row off; the first player down to two pins
// wins.
//
// What the rule texts leave to their missing diagrams (the board's size, the
// setups, the base lines, the seat order) lives in the setup tables of
// setup.go, not in the move logic. docs/rules/pinuid-classic.md and
// pinuid-quatro.md state the rules and every ruling for players.
//
// Seats are colours in setup order: in Classic seat 0 is White and seat 1
// Black whichever of them starts (option start), so that a record's 1-0
// always means White won. In Quatro seat i is the table's Seat i+1.
package pinuid

import (
	"pbem/rules"
)

// limitOption is the engine's no-progress draw, shared by both kinds.
var limitOption = rules.Option{Name: "limit", Default: "200", Min: 0, Max: 100000,
	Doc: "option.pinuid.limit"}

// Classic is Pinuid Classic: White against Black on 7x7.
var Classic = &rules.Kind{
	Name: "Pinuid Classic",
	Options: []rules.Option{
		{Name: "start", Default: "white", Values: []string{"white", "black"},
			Doc: "option.pinuid.start"},
		limitOption,
	},
	New: func(o rules.Options) (rules.Game, error) { return boxed(newGame(false, o)) },
}

// Quatro is Pinuid Quatro for four seats, or three with seats=3.
var Quatro = &rules.Kind{
	Name: "Pinuid Quatro",
	Options: []rules.Option{
		{Name: "seats", Default: "4", Values: []string{"3", "4"},
			Doc: "option.pinuid.seats"},
		limitOption,
	},
	New: func(o rules.Options) (rules.Game, error) { return boxed(newGame(true, o)) },
}

// Game is a Pinuid Classic or Quatro position and its history.
type Game struct {
	quatro bool // elimination instead of re-entry
	opts   rules.Options
	setup  *setup
	geo    geometry
	limit  int // the no-progress draw; 0 for none

	board [maxSide * maxSide]int8 // 0 empty, else seat+1
	pins  [maxSeats]int           // pins on the board
	off   [maxSeats]int           // pins removed from the board
	// owed are the rows of each seat's last step still owed a removal (the
	// forgot rule): the seat's next turn pays them.
	owed         [maxSeats]rowList
	eliminated   [maxSeats]bool
	eliminatedAt [maxSeats]int           // plies played when the seat was eliminated
	left         [maxSeats]rules.Leaving // why a seat left, if it left
	toMove       rules.Seat
	lastMover    rules.Seat // who played the last ply
	quiet        int        // plies in a row without a removal or re-entry
	history      []rules.Ply
	outcome      rules.Outcome
}

// newGame sets up a game from complete options (Kind.NewGame checks them).
func newGame(quatro bool, o rules.Options) (*Game, error) {
	g := &Game{quatro: quatro, opts: o, setup: &classicSetup, limit: o.Int("limit")}
	if quatro {
		g.setup = &quatroSetup
		if o["seats"] == "3" {
			g.setup = &quatro3Setup
		}
	}
	if err := g.setup.place(g); err != nil {
		return nil, err
	}
	first := rules.Seat(0)
	if !quatro && o["start"] == "black" {
		first = 1
	}
	g.begin(first)
	g.settle()
	return g, nil
}

// boxed turns newGame's result into a rules.Game, nil on error (not a nil
// *Game inside an interface).
func boxed(g *Game, err error) (rules.Game, error) {
	if err != nil {
		return nil, err
	}
	return g, nil
}

// Kind implements rules.Game.
func (g *Game) Kind() *rules.Kind {
	if g.quatro {
		return Quatro
	}
	return Classic
}

// Options implements rules.Game.
func (g *Game) Options() rules.Options { return g.opts }

// Seats implements rules.Game.
func (g *Game) Seats() int { return len(g.setup.seats) }

// SeatName implements rules.Game: "White", "Black", "Seat 3".
func (g *Game) SeatName(s rules.Seat) string {
	if s < 0 || int(s) >= g.Seats() {
		return s.String()
	}
	return g.setup.seats[s].name
}

// SeatMsg implements rules.Game: White, Black or the seat's number.
func (g *Game) SeatMsg(s rules.Seat) rules.Msg {
	switch {
	case g.quatro || s < 0 || int(s) >= g.Seats():
		return rules.Numbered(s)
	case s == 0:
		return rules.White
	}
	return rules.Black
}

// ToMove implements rules.Game.
func (g *Game) ToMove() rules.Seat { return g.toMove }

// Plies implements rules.Game.
func (g *Game) Plies() int { return len(g.history) }

// History implements rules.Game.
func (g *Game) History() []rules.Ply { return g.history }

// Outcome implements rules.Game.
func (g *Game) Outcome() rules.Outcome { return g.outcome }

// Clone implements rules.Game. The history is shared up to its length and
// copied on the next append, so a clone costs one copy of the struct.
func (g *Game) Clone() rules.Game {
	c := *g
	c.history = g.history[:len(g.history):len(g.history)]
	return &c
}

// Pin reports whose pin stands on s, if any.
func (g *Game) Pin(s Square) (rules.Seat, bool) {
	if !g.geo.contains(s) || g.board[s] == 0 {
		return 0, false
	}
	return rules.Seat(g.board[s] - 1), true
}

// Removed is how many of seat s's pins are off the board.
func (g *Game) Removed(s rules.Seat) int { return g.off[s] }

// Eliminated reports whether seat s is out of a Quatro game.
func (g *Game) Eliminated(s rules.Seat) bool { return g.eliminated[s] }
