// Package ai holds pbem's computer players: one Engine per game family
// (ai/pente, ai/pinuid, ai/dobbal), all behind the Engine interface here, and
// ai/computers, which names the engine for a game. It imports rules and
// nothing else of pbem's.
//
// A search is bounded by nodes, not by the clock, so that the same position,
// level and seed always give the same ply on every machine (tests and bug
// reports replay). Each level's node budget is chosen so that it stays
// inside its time budget on one core of a modest machine; the time budget is
// a ceiling that only cuts a search short on a slower or busier machine.
package ai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"pbem/rules"
)

// Levels run from 1 (a beginner who misses tactics) to 8 (as strong as the
// engine plays within its budget).
const (
	MinLevel     = 1
	MaxLevel     = 8
	DefaultLevel = 5
)

// Settings say how hard to think.
type Settings struct {
	// Level is 1..8; 0 means DefaultLevel.
	Level int
	// Nodes caps the search; 0 means the level's own budget.
	Nodes int64
	// Time is the ceiling on thinking time; 0 means the level's own.
	Time time.Duration
	// Seed drives every random choice (low levels' mistakes, MCTS, Dobbal
	// rolls inside the search): the same seed gives the same ply.
	Seed uint64
}

// Check reports a level outside 1..8.
func (s Settings) Check() error {
	if s.Level != 0 && (s.Level < MinLevel || s.Level > MaxLevel) {
		return fmt.Errorf("level %d: levels run from %d to %d", s.Level, MinLevel, MaxLevel)
	}
	return nil
}

// LevelOrDefault is Level, or DefaultLevel when it is 0.
func (s Settings) LevelOrDefault() int {
	if s.Level == 0 {
		return DefaultLevel
	}
	return s.Level
}

// Score is how good a position is for the seat to move, in hundredths of a
// "stone" of advantage; Win and -Win (less the plies to get there) mark
// positions the search has proved won or lost.
type Score int32

// Win is the score of a proved win; a win in n plies scores Win-n.
const Win Score = 1_000_000

// Proved reports whether s is a proved win or loss.
func (s Score) Proved() bool { return s >= Win-1000 || s <= -Win+1000 }

// Thought is the result of a search.
type Thought struct {
	// Ply is the ply to play, legal in the position searched.
	Ply rules.Ply
	// Score is the position's value for the seat to move after best play.
	Score Score
	// Line is the expected continuation, starting with Ply.
	Line []rules.Ply
	// Depth is the deepest completed search, in plies.
	Depth int
	// Nodes counts the positions visited.
	Nodes int64
	// Elapsed is the time the search took.
	Elapsed time.Duration
}

// Engine is a computer player for one game family.
type Engine interface {
	// Think chooses a ply for the seat to move in g. g is not changed. For a
	// game with dice (rules.Roller) the roll for the turn must be set.
	// Think returns an error when the game is over or ctx ends before any
	// ply was found; a search cut short by ctx or Settings.Time returns its
	// best ply so far.
	Think(ctx context.Context, g rules.Game, s Settings) (Thought, error)
}

// Position does what every engine's Think checks first: the settings, that
// g is a game of the engine's own type G (player names the engine in the
// error), and that the game goes on.
func Position[G rules.Game](g rules.Game, s Settings, player string) (G, error) {
	var none G
	if err := s.Check(); err != nil {
		return none, err
	}
	own, ok := g.(G)
	if !ok {
		return none, fmt.Errorf("the %s player cannot play %s", player, g.Kind().Name)
	}
	if g.Outcome().Over {
		return none, errors.New("the game is over")
	}
	return own, nil
}
