package db

import (
	"fmt"
	"time"
)

// Watch adds a watcher to a game; watching twice is the same as once.
func (t *Tx) Watch(gameID, playerID int64, now time.Time) error {
	_, err := t.exec(`INSERT INTO watchers (game_id, player_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		gameID, playerID, now.UTC())
	t.mayHave(gameID, func(n *noRows) { n.watchers = false })
	if err != nil {
		return fmt.Errorf("watch game %d: %w", gameID, err)
	}
	return nil
}

// Unwatch removes a watcher; it reports whether there was one.
func (t *Tx) Unwatch(gameID, playerID int64) (bool, error) {
	res, err := t.exec(`DELETE FROM watchers WHERE game_id = ? AND player_id = ?`, gameID, playerID)
	if err != nil {
		return false, fmt.Errorf("unwatch game %d: %w", gameID, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Watchers lists a game's watchers.
func (t *Tx) Watchers(gameID int64) ([]Player, error) {
	if t.lacks(gameID).watchers {
		return nil, nil
	}
	rows, err := t.query(`SELECT `+prefixed("p.", playerColumns)+` FROM watchers w JOIN players p ON p.id = w.player_id
		WHERE w.game_id = ? ORDER BY w.since, p.id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("watchers of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
