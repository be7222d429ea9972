package db

import (
	"fmt"
	"slices"
	"sync"
)

// maxPlyGames bounds the games whose plies the writer keeps: some 30
// plies of about 70 bytes each, so at most about 10 MB.
const maxPlyGames = 4096

// plyCache keeps the plies of the games the writer read or wrote lately,
// as committed: a game's mail reads all its plies to add one, and the
// next mail of the game reads them again. Only write transactions use it:
// they hold the write lock, so what is committed is what they see, where
// a reader's snapshot may be older.
//
// It is right only while every change to plies goes through this
// connection's transactions, which tell it (plyChanges): another
// connection's commit (another process writing the file) empties it, seen
// by SQLite's data_version at the start of each write transaction.
type plyCache struct {
	*kept[int64, []Ply]
	mu      sync.Mutex
	version int64 // PRAGMA data_version when last read; 0 before
}

func newPlyCache() *plyCache { return &plyCache{kept: newKept[int64, []Ply](maxPlyGames)} }

// check empties the cache when another connection committed since the
// last write transaction of this one, and says so: the store's other
// caches of committed rows are then emptied too.
func (c *plyCache) check(t *Tx) (others bool, err error) {
	var v int64
	if err := t.queryRow(`PRAGMA data_version`).Scan(&v); err != nil {
		return false, fmt.Errorf("data version: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v != c.version {
		c.clear()
		c.version = v
		return true, nil
	}
	return false, nil
}

// commit takes in a committed transaction's changes.
func (c *plyCache) commit(changes map[int64]plyChange) {
	for id, ch := range changes {
		if ch.known {
			c.put(id, ch.plies)
		} else {
			c.drop(id)
		}
	}
}

// plyChange is what a transaction did to a game's plies: they now stand
// as plies when known, else they must be read again.
type plyChange struct {
	plies []Ply
	known bool
}

// cachedPlies is a game's plies from the transaction's changes or the
// store's cache; ok is false when they must be read.
func (t *Tx) cachedPlies(gameID int64) ([]Ply, bool) {
	if ch, changed := t.plyChanges[gameID]; changed {
		return slices.Clone(ch.plies), ch.known
	}
	if t.plyCache == nil {
		return nil, false
	}
	ps, ok := t.plyCache.get(gameID)
	return slices.Clone(ps), ok
}

// keepPlies keeps plies just read from the store.
func (t *Tx) keepPlies(gameID int64, ps []Ply) {
	if t.plyCache == nil {
		return
	}
	if _, changed := t.plyChanges[gameID]; changed {
		t.plyChanges[gameID] = plyChange{plies: slices.Clone(ps), known: true}
		return
	}
	t.plyCache.put(gameID, slices.Clone(ps))
}

// plyAdded notes ply p added to a game.
func (t *Tx) plyAdded(gameID int64, p Ply) {
	if t.plyCache == nil {
		return
	}
	ps, known := t.cachedPlies(gameID)
	p.PlayedAt = p.PlayedAt.UTC() // as the store gives it back
	known = known && p.N == len(ps)+1
	if known {
		ps = append(ps, p)
	}
	t.changePlies(gameID, plyChange{plies: ps, known: known})
}

// pliesChanged notes a change to a game's plies that is not followed: they
// are read again.
func (t *Tx) pliesChanged(gameID int64) {
	if t.plyCache != nil {
		t.changePlies(gameID, plyChange{})
	}
}

func (t *Tx) changePlies(gameID int64, ch plyChange) {
	if t.plyChanges == nil {
		t.plyChanges = map[int64]plyChange{}
	}
	t.plyChanges[gameID] = ch
}

// plyChangesUndone notes that a rollback to a savepoint undid changes to
// plies, which are then read again.
func (t *Tx) plyChangesUndone() {
	for id := range t.plyChanges {
		t.plyChanges[id] = plyChange{}
	}
}
