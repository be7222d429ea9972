package play

import (
	"fmt"
	"strings"
	"time"

	"pbem/db"
	"pbem/notation"
	"pbem/rules"
)

// Record tags an imported game keeps in the store, to write them back.
const (
	tagEvent = "Event"
	tagSite  = "Site"
	tagDate  = "Date"
	tagRound = "Round"
	tagTime  = "TimeControl"
)

// Import stores a valid game read from a record: finished when its result
// is decided, active otherwise (so players whose names are mail addresses
// can go on by mail). Players are taken by name; a name that is not a mail
// address becomes NAME@import.invalid, an address no mail goes to.
func Import(tx *db.Tx, g *notation.Game, now time.Time) (int64, error) {
	if !g.Valid() || g.State == nil {
		return 0, fmt.Errorf("game %d of %s is not valid", g.Index, g.File)
	}
	state, err := g.Entry.New(g.Options)
	if err != nil {
		return 0, err
	}
	// The record's plies carry their dice; the seed rolls the turns played
	// by mail after the import.
	row := db.Game{Kind: g.Entry.Kind.Name, Options: g.Options.String(), State: db.Active, Created: now,
		Started: &now, Seed: randomSeed(), Tags: map[string]string{tagEvent: g.Event, tagSite: g.Site, tagDate: g.Date, tagRound: g.Round}}
	if g.TimeControl != "" {
		row.Tags[tagTime] = g.TimeControl
	}
	for _, t := range g.Other {
		row.Tags[t.Name] = t.Value
	}
	for i := range state.Seats() {
		name := ""
		if i < len(g.Names) {
			name = g.Names[i]
		}
		p, err := tx.Player(importAddress(name, i), name, now)
		if err != nil {
			return 0, err
		}
		row.Seats = append(row.Seats, db.Seat{Seat: i, PlayerID: p.ID, Invitation: db.Accepted})
	}
	result := g.Result
	if !decidedResult(result) {
		result = "*"
	}
	termination := g.Termination
	if result != "*" {
		row.State, row.Result, row.Finished = db.Finished, result, &now
		if termination == "" {
			termination = g.Summary().Ending
		}
		if termination == "" && g.GaveUp != "" {
			termination = strings.ToLower(g.GaveUp)
		}
	}
	row.Termination = termination
	id, err := tx.CreateGame(row)
	if err != nil {
		return 0, err
	}
	for i, m := range g.Main.Moves {
		seat := state.ToMove()
		if s, _, ok := rules.ParseLeaveToken(m.Token); ok {
			seat = s // a seat leaving may do so out of turn
		}
		if err := rules.PlayToken(state, m.Token); err != nil {
			return 0, fmt.Errorf("game %d of %s, ply %d: %w", g.Index, g.File, i+1, err)
		}
		conditional := false
		for _, n := range m.After {
			conditional = conditional || n.Variation == nil && n.Comment == conditionalComment
		}
		if err := tx.AddPly(id, db.Ply{N: i + 1, Seat: int(seat), Token: m.Canonical(), PlayedAt: now, Conditional: conditional}); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// decidedResult reports a result that names a winner or a draw.
func decidedResult(r string) bool {
	return r != "*" && r != "?" && strings.Trim(r, "0-") != ""
}

// importAddress is the player address for a record's name.
func importAddress(name string, seat int) string {
	name = strings.TrimSpace(name)
	if strings.Contains(name, "@") && !strings.ContainsAny(name, " <>") {
		return strings.ToLower(name)
	}
	if name == "" || name == "?" {
		name = fmt.Sprintf("unknown-seat%d", seat+1)
	}
	local := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return '-'
	}, name)
	return local + "@import.invalid"
}
