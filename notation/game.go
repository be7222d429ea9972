package notation

import (
	"pbem/rules"
	"pbem/rules/games"
)

// Game is one game of a record file: its tags, its moves with the comments
// and variations around them, how it ended, and what the rules make of it.
type Game struct {
	File  string
	Index int // the game's number in its file, from 1
	Line  int // where the game starts
	Col   int

	// The Seven Tag Roster, Date as YYYY.MM.DD where the record's date
	// could be read. Names holds the seats' players, in seat order.
	Event, Site, Date, Round string
	Names                    []string
	Termination, TimeControl string
	// Other are the tags pbem has no use for, kept to be written back.
	Other []Tag

	// Entry is the game, Options its complete options; Entry.Kind is nil
	// when the game could not be set up from its tags.
	Entry   games.Entry
	Options rules.Options

	Main Line
	// GaveUp is "Resign" or "Forfeit" when the record ends so: the side to
	// move gave up.
	GaveUp string
	// Result is the recorded result as written, "*" when none is.
	Result string

	// State is the position at the end of the main line, or before its
	// first bad ply; nil when the game could not be set up.
	State rules.Game
	// Problem is the first fault found, nil when the game is valid.
	Problem *Problem

	// tags are the record's tags as read, to resolve the game from.
	tags []Tag
	// resultLine and resultCol are where the movetext ends (Resign or the
	// result); resultTag is the Result tag.
	resultLine, resultCol int
	resultTag             *Tag
	// written is set when the movetext ends with a result.
	written bool
	// slab holds the main line's moves; kept when the game is recycled.
	slab []Move
}

// Tag is a tag pair, its value unescaped.
type Tag struct {
	Name, Value string
	Line, Col   int
}

// Line is a sequence of plies: the main line or a variation.
type Line struct {
	// Lead are the comments before the first ply.
	Lead  []string
	Moves []*Move
}

// Move is one ply of a line with what is written after it.
type Move struct {
	// Token is the ply as written.
	Token     string
	Line, Col int
	Suffix    string   // ! ? !! ?? !? ?!
	NAGs      []string // $1
	// After are the comments and variations after the ply, in order.
	After []Note

	// Set by the replay: the ply as the engine read it (nil when it was
	// refused or not reached), the round it belongs to (the move number)
	// and whether it opens it.
	ply    rules.Ply
	seat   rules.Seat // who played it
	round  int
	starts bool
	// leave marks a seat leaving mid-game (s3:resign, s3:time), which
	// is written without a move number.
	leave bool
}

// Seat is the seat that played the ply, as the replay found it; ok is
// false for a ply the engine did not read.
func (m *Move) Seat() (s rules.Seat, ok bool) { return m.seat, m.ply != nil }

// Canonical is the ply as the engine writes it (K10 for k10), or as written
// when the engine did not read it.
func (m *Move) Canonical() string {
	if m.ply != nil {
		return m.ply.String()
	}
	return m.Token
}

// Note is a comment or a variation: an alternative to the ply it follows.
type Note struct {
	Comment   string
	Variation *Line
}

// Valid reports whether the game was read and every ply of its main line
// is legal, with a result that agrees with the rules.
func (g *Game) Valid() bool { return g.Problem == nil }

// Title names the game as players do ("Keryo-Pente"), or as its Game tag
// does when pbem does not know it.
func (g *Game) Title() string {
	if g.Entry.Kind != nil {
		return g.Entry.Title
	}
	for _, t := range g.tags {
		if t.Name == "Game" {
			return t.Value
		}
	}
	return ""
}

// Outcome is the result the rules decide at the end of the main line: "*"
// while they decide none.
func (g *Game) Outcome() string {
	if g.State == nil {
		return "*"
	}
	return g.State.Outcome().Result(g.State.Seats())
}
