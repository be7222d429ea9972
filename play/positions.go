package play

import (
	"sync"

	"pbem/db"
	"pbem/rules"
	"pbem/rules/games"
)

// maxPositions bounds the games whose position the service keeps.
const maxPositions = 4096

// positions keeps, for the games the service loaded lately, the position
// after their plies: a game's next mail then replays only the plies played
// since (one, mostly) instead of the whole game. A kept position is used
// only when the game's kind and options are the same and its plies are
// the start of the game's plies as stored now, token for token, so no
// change to a game can make it wrong; at worst it is not used.
type positions struct {
	mu sync.Mutex
	m  map[int64]position
}

// position is a game's state after its first len(tokens) plies, as
// replay makes it, before the dice of the coming turn are rolled.
type position struct {
	kind, options string
	tokens        []string
	entry         games.Entry
	game          rules.Game // never handed out: callers get clones
}

func newPositions() *positions { return &positions{m: map[int64]position{}} }

// get is the kept position of a game whose stored plies are plies: a
// clone of the game and the number of plies it has played, or ok false.
func (ps *positions) get(row db.Game, plies []db.Ply) (g rules.Game, entry games.Entry, n int, ok bool) {
	if ps == nil {
		return nil, games.Entry{}, 0, false
	}
	ps.mu.Lock()
	p, have := ps.m[row.ID]
	ps.mu.Unlock()
	if !have || p.kind != row.Kind || p.options != row.Options || len(p.tokens) > len(plies) {
		return nil, games.Entry{}, 0, false
	}
	for i, tok := range p.tokens {
		if plies[i].Token != tok {
			return nil, games.Entry{}, 0, false
		}
	}
	return p.game.Clone(), p.entry, len(p.tokens), true
}

// put keeps a game's position after plies; g is the service's own from
// now on.
func (ps *positions) put(row db.Game, entry games.Entry, plies []db.Ply, g rules.Game) {
	if ps == nil {
		return
	}
	tokens := make([]string, len(plies))
	for i, p := range plies {
		tokens[i] = p.Token
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if _, have := ps.m[row.ID]; !have && len(ps.m) >= maxPositions {
		for id := range ps.m { // any one: map order is random
			delete(ps.m, id)
			break
		}
	}
	ps.m[row.ID] = position{kind: row.Kind, options: row.Options, tokens: tokens, entry: entry, game: g}
}
