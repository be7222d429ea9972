package db

import "slices"

// maxSeatGames bounds the games whose seats the writer keeps: two to four
// seats of some 100 bytes each, so well under a megabyte.
const maxSeatGames = 4096

// seatCache keeps the seats of the games the writer read lately, with
// their players' addresses and names, as committed: every mail of a game
// reads them, and they change only when a game is made, when a seat
// answers its invitation, and when a player is written. Only write
// transactions use it, as they see what is committed; another
// connection's commit empties it (plyCache.check reads data_version).
type seatCache struct{ *kept[int64, []Seat] }

func newSeatCache() *seatCache { return &seatCache{newKept[int64, []Seat](maxSeatGames)} }

// commit drops what a committed transaction changed: the seats of the
// games it wrote seats of, or all of them when it wrote a player.
func (c *seatCache) commit(games map[int64]bool, players bool) {
	if players {
		c.clear()
		return
	}
	for id := range games {
		c.drop(id)
	}
}

// seatsKept is a game's seats from the store's cache, when this
// transaction may use it: it has changed neither the game's seats nor any
// player, whose rows it would see and the cache would not.
func (t *Tx) seatsKept(gameID int64) ([]Seat, bool) {
	if !t.mayKeepSeats(gameID) {
		return nil, false
	}
	ss, ok := t.seatCache.get(gameID)
	return slices.Clone(ss), ok
}

// keepSeats keeps seats just read, when they are the committed ones.
func (t *Tx) keepSeats(gameID int64, ss []Seat) {
	if t.mayKeepSeats(gameID) {
		t.seatCache.put(gameID, slices.Clone(ss))
	}
}

func (t *Tx) mayKeepSeats(gameID int64) bool {
	return t.seatCache != nil && !t.playersWritten && !t.seatsWritten[gameID]
}

// seatsChanged notes a write to a game's seats. The mark stays for the
// rest of the transaction, even when a savepoint undoes the write: the
// seats are then read from the store, never wrongly from the cache.
func (t *Tx) seatsChanged(gameID int64) {
	if t.seatsWritten == nil {
		t.seatsWritten = map[int64]bool{}
	}
	t.seatsWritten[gameID] = true
}
