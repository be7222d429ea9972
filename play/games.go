package play

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strings"

	"pbem/db"
	"pbem/rules"
	"pbem/rules/games"
)

// table is a stored game brought to life: its row, its engine and the
// position after every stored ply.
type table struct {
	row   db.Game
	entry games.Entry
	game  rules.Game
	plies []db.Ply
}

// splitOptions separates the options the engine knows from the service's
// own (days, rated, first), both read from "name=value ..." text.
func splitOptions(k *rules.Kind, text string) (engine, service rules.Options, err error) {
	all, err := rules.ParseOptions(strings.Fields(text))
	if err != nil {
		return nil, nil, err
	}
	engine, service = rules.Options{}, rules.Options{}
	for name, v := range all {
		known := false
		for _, op := range k.Options {
			if op.Name == name {
				known = true
			}
		}
		if known {
			engine[name] = v
		} else {
			service[name] = v
		}
	}
	return engine, service, nil
}

// entryFor finds the game entry of a stored kind name and options.
func entryFor(kind string, opts rules.Options) (games.Entry, error) {
	for _, e := range games.All() {
		if e.Kind.Name == kind {
			full, err := e.Kind.Complete(opts)
			if err != nil {
				return games.Entry{}, err
			}
			if ent, ok := games.ForKind(e.Kind, full); ok {
				return ent, nil
			}
		}
	}
	return games.Entry{}, fmt.Errorf("no game of kind %q", kind)
}

// load reads a game and replays its plies.
func load(tx *db.Tx, id int64) (*table, error) {
	return loadKept(tx, id, nil)
}

// loadKept is load starting from a kept position when there is one that
// fits (positions.go); kept may be nil.
func loadKept(tx *db.Tx, id int64, kept *positions) (*table, error) {
	row, err := tx.Game(id)
	if err != nil {
		return nil, err
	}
	return replayKept(tx, row, kept)
}

func replayKept(tx *db.Tx, row db.Game, kept *positions) (*table, error) {
	plies, err := tx.Plies(row.ID)
	if err != nil {
		return nil, err
	}
	g, entry, done, ok := kept.get(row, plies)
	if !ok {
		if g, entry, err = newGame(row); err != nil {
			return nil, err
		}
	}
	t := &table{row: row, entry: entry, game: g, plies: plies}
	// A stored ply of a game with dice carries its own roll in its token
	// (Dobbal's "213:..."), so it replays with those dice, as a record does:
	// the service checked them against the seeded roll when the ply was
	// played, and an imported game's dice came from its record, not from
	// any seed. Only the turn to come is rolled from the seed.
	for _, p := range plies[done:] {
		if err := rules.PlayToken(g, p.Token); err != nil {
			return nil, fmt.Errorf("game %d replay: %w", row.ID, err)
		}
	}
	if kept != nil && done < len(plies) {
		kept.put(row, entry, plies, g.Clone())
	}
	t.roll()
	return t, nil
}

// newGame is a stored game's engine at its start, and its entry.
func newGame(row db.Game) (rules.Game, games.Entry, error) {
	var k *rules.Kind
	for _, e := range games.All() {
		if e.Kind.Name == row.Kind {
			k = e.Kind
		}
	}
	if k == nil {
		return nil, games.Entry{}, fmt.Errorf("game %d: unknown kind %q", row.ID, row.Kind)
	}
	opts, _, err := splitOptions(k, row.Options)
	if err != nil {
		return nil, games.Entry{}, fmt.Errorf("game %d options: %w", row.ID, err)
	}
	entry, err := entryFor(row.Kind, opts)
	if err != nil {
		return nil, games.Entry{}, fmt.Errorf("game %d: %w", row.ID, err)
	}
	g, err := k.NewGame(opts)
	if err != nil {
		return nil, games.Entry{}, fmt.Errorf("game %d: %w", row.ID, err)
	}
	return g, entry, nil
}

// roll sets the dice for the coming turn of a game with dice, from the
// game's seed and the ply number, so that the same turn always has the same
// roll.
func (t *table) roll() {
	r, ok := t.game.(rules.Roller)
	if !ok || t.game.Outcome().Over {
		return
	}
	_ = r.SetRoll(r.RollFor(uint64(t.row.Seed), t.game.Plies()+1))
}

// randomSeed is a fresh seed for a game's dice: positive, and unknown to
// the players, so that no one can work out the rolls to come.
func randomSeed() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]) >> 1)
}

// title is "Pente: alice vs bob".
func (t *table) title() string {
	names := make([]string, len(t.row.Seats))
	for i, s := range t.row.Seats {
		names[i] = shortName(s.Address, s.Name)
	}
	return t.entry.Title + ": " + strings.Join(names, " vs ")
}

// shortName is a display name, or the address's local part.
func shortName(address, name string) string {
	if name != "" {
		return name
	}
	local, _, _ := strings.Cut(address, "@")
	return local
}

// seatOf is the seat of an address, or -1.
func (t *table) seatOf(address string) int {
	for _, s := range t.row.Seats {
		if strings.EqualFold(s.Address, address) {
			return s.Seat
		}
	}
	return -1
}
