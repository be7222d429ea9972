package notation

import (
	"fmt"

	"pbem/rules"
	"pbem/rules/games"
)

// Stored is a game as the service keeps it: what a record of it needs.
type Stored struct {
	Event, Site, Date, Round string
	Names                    []string // the seats' players, in seat order
	Entry                    games.Entry
	Options                  rules.Options
	Plies                    []string // canonical tokens, in order
	// Comments are written after the plies they belong to, by the ply's
	// index in Plies: the service marks {conditional} plies so.
	Comments                 map[int][]string
	Result                   string // "*" while the game goes on
	Termination, TimeControl string
	Other                    []Tag
}

// FromStored makes a Game of a stored game, its plies replayed and
// numbered, ready for AppendExport. It fails when the game cannot be set up
// or a ply is refused, which for a stored game means the store is damaged.
func FromStored(s Stored) (*Game, error) {
	state, err := s.Entry.New(s.Options)
	if err != nil {
		return nil, fmt.Errorf("set up %s: %w", s.Entry.Title, err)
	}
	result := s.Result
	if result == "" {
		result = "*"
	}
	g := &Game{
		Event: s.Event, Site: s.Site, Date: s.Date, Round: s.Round, Names: s.Names,
		Termination: s.Termination, TimeControl: s.TimeControl, Other: s.Other,
		Entry: s.Entry, Options: state.Options(), State: state, Result: result, written: true,
	}
	for i, tok := range s.Plies {
		m := &Move{Token: tok}
		for _, c := range s.Comments[i] {
			m.After = append(m.After, Note{Comment: c})
		}
		g.Main.Moves = append(g.Main.Moves, m)
	}
	var first error
	replayLine(state, state.Seats(), &g.Main, firstTurn, func(m *Move, n int, err error) {
		if first == nil {
			first = fmt.Errorf("ply %d (%s): %w", n, m.Token, err)
		}
	})
	return g, first
}
