// Package pente is the rules engine for Pente and the pente.org variants
// played on the same board: Keryo-Pente, Gomoku, G-Pente, Boat-Pente and
// Poof-Pente, chosen by the "variant" option.
package pente

import (
	"slices"

	"pbem/rules"
)

// Kind describes Pente and its options.
var Kind = &rules.Kind{
	Name: "Pente",
	Options: []rules.Option{
		{Name: "variant", Default: "pente",
			Values: []string{"pente", "keryo", "gomoku", "g-pente", "boat", "poof"},
			Doc:    "option.pente.variant"},
		{Name: "tournament", Default: "on", Values: []string{"on", "off"},
			Doc: "option.pente.tournament"},
	},
	New: func(o rules.Options) (rules.Game, error) { return New(o), nil },
}

// stone values on the board.
const (
	empty int8 = iota
	white
	black
)

// Game is a Pente position and its history.
type Game struct {
	opts       rules.Options
	variant    Variant
	tournament bool

	board    [N]int8
	captured [2]int // stones captured by each seat
	empties  int
	history  []rules.Ply
	// removed are the stones the last ply took off, in point order, and
	// poofed those of them that were the mover's own (Poof-Pente): the
	// first nRemoved and nPoofed. They are arrays, not slices, so that a
	// ply allocates nothing and a clone copies them with the board.
	removed           [maxRemoved]Point
	poofed            [maxPoofed]Point
	nRemoved, nPoofed int8
	outcome           rules.Outcome
	// pending is the seat+1 whose Boat-Pente five stands but could be broken
	// by the reply; 0 when none.
	pending int8
}

// historyCap is the room for plies a new game starts with: most real games
// end within it, so replaying one grows the history once or not at all.
const historyCap = 64

// maxRemoved bounds the stones one ply takes off: at most 3 captured in
// each of the 8 directions (Keryo-Pente), and the poofed ones; maxPoofed
// bounds those, the stone played and one partner in each direction.
const (
	maxPoofed  = 1 + 8
	maxRemoved = 8*3 + maxPoofed
)

// New sets up an empty board. The options must be complete (Kind.NewGame
// does that); unknown values fall back to plain Pente with the tournament rule.
func New(o rules.Options) *Game {
	v, _ := parseVariant(o["variant"])
	return &Game{
		opts:       o,
		variant:    v,
		tournament: o["tournament"] != "off" && v.tournament(),
		empties:    N,
		history:    make([]rules.Ply, 0, historyCap),
	}
}

// Reset implements rules.Resetter: the game is as New(o) sets it up.
func (g *Game) Reset(o rules.Options) {
	v, _ := parseVariant(o["variant"])
	clear(g.history)
	*g = Game{
		opts:       o,
		variant:    v,
		tournament: o["tournament"] != "off" && v.tournament(),
		empties:    N,
		history:    g.history[:0],
	}
}

// Variant is the game's variant.
func (g *Game) Variant() Variant { return g.variant }

// Kind implements rules.Game.
func (g *Game) Kind() *rules.Kind { return Kind }

// Options implements rules.Game.
func (g *Game) Options() rules.Options { return g.opts }

// Seats implements rules.Game: White and Black.
func (g *Game) Seats() int { return 2 }

// SeatName implements rules.Game.
func (g *Game) SeatName(s rules.Seat) string {
	if s == 0 {
		return "White"
	}
	return "Black"
}

// SeatMsg implements rules.Game.
func (g *Game) SeatMsg(s rules.Seat) rules.Msg {
	if s == 0 {
		return rules.White
	}
	return rules.Black
}

// ToMove implements rules.Game.
func (g *Game) ToMove() rules.Seat { return rules.Seat(len(g.history) % 2) }

// Plies implements rules.Game.
func (g *Game) Plies() int { return len(g.history) }

// History implements rules.Game.
func (g *Game) History() []rules.Ply { return g.history }

// Outcome implements rules.Game.
func (g *Game) Outcome() rules.Outcome { return g.outcome }

// Captured is how many stones seat s has captured.
func (g *Game) Captured(s rules.Seat) int { return g.captured[s] }

// Stone reports who holds point p: -1 for nobody, else the seat.
func (g *Game) Stone(p Point) rules.Seat { return rules.Seat(g.board[p]) - 1 }

// Clone implements rules.Game. The history is shared up to its length and
// copied on the next append, so cloning costs one board copy.
func (g *Game) Clone() rules.Game {
	c := *g
	c.history = g.history[:len(g.history):len(g.history)]
	return &c
}

// LastTaken implements rules.Taker: the stones the last ply captured, and
// in Poof-Pente the mover's own that it poofed, in point order.
func (g *Game) LastTaken() []rules.Piece {
	if g.nRemoved == 0 {
		return nil
	}
	mover := rules.Seat((len(g.history) - 1) % 2)
	out := make([]rules.Piece, g.nRemoved)
	for i, q := range g.removed[:g.nRemoved] {
		owner := 1 - mover
		if slices.Contains(g.poofed[:g.nPoofed], q) {
			owner = mover
		}
		out[i] = rules.Piece{Seat: owner, At: q.String()}
	}
	return out
}

// Parse implements rules.Game.
func (g *Game) Parse(tok string) (rules.Ply, error) {
	p, err := ParsePoint(len(g.history)+1, tok)
	if err != nil {
		return nil, err
	}
	return plies[p], nil
}
