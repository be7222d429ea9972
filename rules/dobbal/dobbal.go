// Package dobbal is the rules engine for Pinuid Dobbal: two players race a
// neutral game pin, together with one of their own pins, to the opponent's
// base line on a 7x7 board, moving by three dice (two movement dice and one
// game die) in a fixed order of three steps, with a choice on doubles.
//
// The dice are not rolled here: the service rolls with RollFor and fixes the
// roll with SetRoll before the player answers, and a record replay takes the
// faces from each ply token.
package dobbal

import (
	"pbem/rules"
)

// Kind describes Pinuid Dobbal and its options.
var Kind = &rules.Kind{
	Name: "Pinuid Dobbal",
	Options: []rules.Option{
		{Name: "faces", Default: "3", Values: faceValues,
			Doc: "option.dobbal.faces"},
		{Name: "start", Default: "white", Values: []string{"white", "black"},
			Doc: "option.dobbal.start"},
		{Name: "limit", Default: "200", Min: 10, Max: 100000,
			Doc: "option.dobbal.limit"},
	},
	New: func(o rules.Options) (rules.Game, error) { return New(o), nil },
}

// Game is a Pinuid Dobbal position and its history.
type Game struct {
	opts  rules.Options
	faces int8       // highest face of the dice
	first rules.Seat // who played ply 1
	limit int        // plies without progress that draw the game

	pos position
	// roll is the roll fixed for the coming turn as [movement, movement,
	// game]; all zero when none is set.
	roll    [3]int8
	quiet   int // plies since the last removal or re-entry
	history []rules.Ply
	outcome rules.Outcome
}

// New sets up the starting position. The options must be complete
// (Kind.NewGame does that); values it does not know fall back to the
// defaults.
func New(o rules.Options) *Game {
	faces := o.Int("faces")
	if faces < 1 || faces > 9 { // a token writes each die as one digit
		faces = 3
	}
	g := &Game{opts: o, faces: int8(faces), limit: o.Int("limit")}
	if g.limit <= 0 {
		g.limit = 200
	}
	g.first = startSeat[o["start"]]
	g.pos = startPositions[g.first]
	return g
}

// Kind implements rules.Game.
func (g *Game) Kind() *rules.Kind { return Kind }

// Options implements rules.Game.
func (g *Game) Options() rules.Options { return g.opts }

// Seats implements rules.Game: White is seat 0 and Black seat 1, whoever
// starts, so that results read 1-0 for White as in every record.
func (g *Game) Seats() int { return 2 }

// SeatName implements rules.Game.
func (g *Game) SeatName(s rules.Seat) string {
	if s == 1 {
		return seatNames[1]
	}
	return seatNames[0]
}

// SeatMsg implements rules.Game.
func (g *Game) SeatMsg(s rules.Seat) rules.Msg {
	if s == 1 {
		return rules.Black
	}
	return rules.White
}

// ToMove implements rules.Game.
func (g *Game) ToMove() rules.Seat { return (g.first + rules.Seat(len(g.history))) % 2 }

// Plies implements rules.Game.
func (g *Game) Plies() int { return len(g.history) }

// History implements rules.Game; every ply is a *Turn.
func (g *Game) History() []rules.Ply { return g.history }

// Outcome implements rules.Game.
func (g *Game) Outcome() rules.Outcome { return g.outcome }

// Off is how many of seat s's movement pins are off the board.
func (g *Game) Off(s rules.Seat) int { return int(g.pos.off[s]) }

// GamePin is the square of the game pin.
func (g *Game) GamePin() Square { return g.pos.gamePin }

// PinAt reports whose movement pin stands on sq: the seat, or false when the
// square is empty or holds the game pin.
func (g *Game) PinAt(sq Square) (rules.Seat, bool) {
	if !sq.onBoard() {
		return 0, false
	}
	switch g.pos.board[sq] {
	case whitePin:
		return 0, true
	case blackPin:
		return 1, true
	}
	return 0, false
}

// LastTaken implements rules.Taker: the opponent's pin that the last turn
// removed on doubles, if it did.
func (g *Game) LastTaken() []rules.Piece {
	n := len(g.history)
	if n == 0 {
		return nil
	}
	t := g.history[n-1].(*Turn)
	if t.Action != Remove {
		return nil
	}
	mover := (g.first + rules.Seat(n-1)) % 2
	return []rules.Piece{{Seat: 1 - mover, At: t.Square.String()}}
}

// Clone implements rules.Game. The history is shared up to its length and
// copied on the next append, so cloning costs one position copy.
func (g *Game) Clone() rules.Game {
	c := *g
	c.history = g.history[:len(g.history):len(g.history)]
	return &c
}
