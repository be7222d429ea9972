package db

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"
)

// Player is an email address that plays or watches.
type Player struct {
	ID       int64
	Address  string // lower case
	Name     string // display name, from the mail's From header
	Settings map[string]string
	Created  time.Time
}

// Player returns the player with this address, creating it if new. A name
// given replaces a stored empty one.
func (t *Tx) Player(address, name string, now time.Time) (Player, error) {
	address = strings.ToLower(strings.TrimSpace(address))
	if address == "" {
		return Player{}, errors.New("player: empty address")
	}
	// Most mail is from a known player whose name is known or not given:
	// then the write below would change nothing, and is left out.
	if p, err := t.PlayerByAddress(address); err == nil && (p.Name != "" || name == "") {
		return p, nil
	} else if err != nil && !errors.Is(err, ErrNotFound) {
		return Player{}, err
	}
	t.forgetPlayers()
	t.playersWritten = true
	_, err := t.exec(`INSERT INTO players (address, name, created_at) VALUES (?, ?, ?)
		ON CONFLICT (address) DO UPDATE SET name = excluded.name WHERE players.name = '' AND excluded.name != ''`,
		address, name, now.UTC())
	if err != nil {
		return Player{}, fmt.Errorf("player %s: %w", address, err)
	}
	return t.PlayerByAddress(address)
}

const playerColumns = `id, address, name, settings, created_at`

func scanPlayer(row interface{ Scan(...any) error }) (Player, error) {
	var p Player
	var settings string
	if err := row.Scan(&p.ID, &p.Address, &p.Name, &settings, &p.Created); err != nil {
		return Player{}, err
	}
	if err := json.Unmarshal([]byte(settings), &p.Settings); err != nil {
		return Player{}, fmt.Errorf("player %d settings: %w", p.ID, err)
	}
	return p, nil
}

// PlayerByAddress finds a player; ErrNotFound if there is none.
func (t *Tx) PlayerByAddress(address string) (Player, error) {
	address = strings.ToLower(strings.TrimSpace(address))
	if p, ok := t.players.byAddress[address]; ok {
		return p.clone(), nil
	}
	p, err := scanPlayer(t.queryRow(`SELECT `+playerColumns+` FROM players WHERE address = ?`, address))
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("player %s: %w", address, ErrNotFound)
	}
	if err == nil {
		t.players.keep(p)
	}
	return p, err
}

// PlayerByID finds a player by id.
func (t *Tx) PlayerByID(id int64) (Player, error) {
	if p, ok := t.players.byID[id]; ok {
		return p.clone(), nil
	}
	p, err := scanPlayer(t.queryRow(`SELECT `+playerColumns+` FROM players WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("player %d: %w", id, ErrNotFound)
	}
	if err == nil {
		t.players.keep(p)
	}
	return p, err
}

// playerCache holds the players a transaction read: a mail reads its
// sender, and its opponent for the notice and for each text in the
// opponent's language, and a batch's senders are each other's opponents.
// Every write to players in the transaction empties it, and so does
// rolling back to a savepoint, so that it never holds what the store no
// longer says.
type playerCache struct {
	byID      map[int64]Player
	byAddress map[string]Player
}

func (c *playerCache) keep(p Player) {
	if c.byID == nil {
		c.byID, c.byAddress = map[int64]Player{}, map[string]Player{}
	}
	p = p.clone()
	c.byID[p.ID], c.byAddress[p.Address] = p, p
}

// forgetPlayers empties the transaction's cache of players: before a
// write to players.
func (t *Tx) forgetPlayers() {
	clear(t.players.byID)
	clear(t.players.byAddress)
}

// clone is p with settings of its own, for a caller free to change them.
func (p Player) clone() Player {
	p.Settings = maps.Clone(p.Settings)
	return p
}

// SetSetting stores one of a player's settings; an empty value removes it.
func (t *Tx) SetSetting(playerID int64, name, value string) error {
	p, err := t.PlayerByID(playerID)
	if err != nil {
		return err
	}
	if p.Settings == nil {
		p.Settings = map[string]string{}
	}
	if value == "" {
		delete(p.Settings, name)
	} else {
		p.Settings[name] = value
	}
	b, _ := json.Marshal(p.Settings)
	t.forgetPlayers()
	t.playersWritten = true
	_, err = t.exec(`UPDATE players SET settings = ? WHERE id = ?`, string(b), playerID)
	return err
}
