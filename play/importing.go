package play

import (
	"fmt"
	"strings"
	"time"

	"pbem/db"
	"pbem/i18n"
	"pbem/notation"
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
	return NewImporter(now).Import(tx, g)
}

// Importer stores many games read from records, as Import does, and looks
// each player up once, not once per game. The players it knows must stay
// in the store: after a transaction of its that did not commit, use a new
// Importer.
type Importer struct {
	now     time.Time
	players map[string]int64 // address -> player id
	words   *notation.Words  // English: the store keeps how a game ended so
}

// NewImporter is an Importer whose games are imported at now.
func NewImporter(now time.Time) *Importer {
	return &Importer{now: now, players: map[string]int64{}, words: notation.NewWords(i18n.English)}
}

// player is the id of the player of a record's name at a seat.
func (im *Importer) player(tx *db.Tx, name string, seat int) (int64, error) {
	addr := importAddress(name, seat)
	if id, ok := im.players[addr]; ok {
		return id, nil
	}
	p, err := tx.Player(addr, name, im.now)
	if err != nil {
		return 0, err
	}
	im.players[addr] = p.ID
	return p.ID, nil
}

// Import stores one game; see the function Import. The game and its seats
// are rows; its plies go into the game's archive (db.CreateGameWithPlies):
// a row per ply made the store 2.5 KB a game and cost an INSERT a ply.
func (im *Importer) Import(tx *db.Tx, g *notation.Game) (int64, error) {
	p, err := im.Prepare(g)
	if err != nil {
		return 0, err
	}
	return im.Store(tx, p)
}

// Prepared is a game made ready to store: everything Import needs of the
// record, with no reference into it, so that records can be read and
// replayed on other cores while the writer stores the games before them.
type Prepared struct {
	row   db.Game
	names []string // the seats' names, in seat order
	plies []db.Ply
}

// Prepare replays a valid game and makes it ready to store. It touches
// neither the store nor the importer's players, so that several
// goroutines may prepare games at once while one stores them.
func (im *Importer) Prepare(g *notation.Game) (Prepared, error) {
	now := im.now
	if !g.Valid() || g.State == nil {
		return Prepared{}, fmt.Errorf("game %d of %s is not valid", g.Index, g.File)
	}
	row := db.Game{Kind: g.Entry.Kind.Name, Options: g.Options.String(), State: db.Active, Created: now,
		Started: &now, Seed: randomSeed(), Tags: map[string]string{tagEvent: g.Event, tagSite: g.Site, tagDate: g.Date, tagRound: g.Round}}
	if g.TimeControl != "" {
		row.Tags[tagTime] = g.TimeControl
	}
	for _, t := range g.Other {
		row.Tags[t.Name] = t.Value
	}
	names := make([]string, g.State.Seats())
	copy(names, g.Names)
	result := g.Result
	if !decidedResult(result) {
		result = "*"
	}
	termination := g.Termination
	if result != "*" {
		row.State, row.Result, row.Finished = db.Finished, result, &now
		if termination == "" {
			termination = im.words.Ending(g)
		}
		if termination == "" && g.GaveUp != "" {
			termination = strings.ToLower(g.GaveUp)
		}
	}
	row.Termination = termination
	// The record's replay found each ply's seat: the game is not played
	// again.
	plies := make([]db.Ply, len(g.Main.Moves))
	for i, m := range g.Main.Moves {
		seat, ok := m.Seat()
		if !ok {
			return Prepared{}, fmt.Errorf("game %d of %s, ply %d was not replayed", g.Index, g.File, i+1)
		}
		conditional := false
		for _, n := range m.After {
			conditional = conditional || n.Variation == nil && n.Comment == conditionalComment
		}
		plies[i] = db.Ply{N: i + 1, Seat: int(seat), Token: m.Canonical(), PlayedAt: now, Conditional: conditional}
	}
	return Prepared{row: row, names: names, plies: plies}, nil
}

// Store stores a prepared game, with a player for each seat's name.
func (im *Importer) Store(tx *db.Tx, p Prepared) (int64, error) {
	row := p.row
	row.Seats = make([]db.Seat, 0, len(p.names))
	for i, name := range p.names {
		id, err := im.player(tx, name, i)
		if err != nil {
			return 0, err
		}
		row.Seats = append(row.Seats, db.Seat{Seat: i, PlayerID: id, Invitation: db.Accepted})
	}
	return tx.CreateGameWithPlies(row, p.plies)
}

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
