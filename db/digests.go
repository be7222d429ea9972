package db

import (
	"fmt"
	"time"
)

// DigestItem is news held back for a player's daily digest.
type DigestItem struct {
	ID       int64
	PlayerID int64
	GameID   int64
	Text     string
	Created  time.Time
}

// AddDigestItem holds news for a player's next digest.
func (t *Tx) AddDigestItem(it DigestItem) error {
	_, err := t.exec(`INSERT INTO digest_items (player_id, game_id, text, created_at) VALUES (?, ?, ?, ?)`,
		it.PlayerID, it.GameID, it.Text, it.Created.UTC())
	if err != nil {
		return fmt.Errorf("digest item for player %d: %w", it.PlayerID, err)
	}
	return nil
}

// DigestItems lists the news held for a player, oldest first.
func (t *Tx) DigestItems(playerID int64) ([]DigestItem, error) {
	rows, err := t.query(`SELECT id, player_id, game_id, text, created_at FROM digest_items
		WHERE player_id = ? ORDER BY created_at, id`, playerID)
	if err != nil {
		return nil, fmt.Errorf("digest of player %d: %w", playerID, err)
	}
	defer rows.Close()
	var out []DigestItem
	for rows.Next() {
		var it DigestItem
		if err := rows.Scan(&it.ID, &it.PlayerID, &it.GameID, &it.Text, &it.Created); err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// DigestWaiting is a player with news held back, and since when.
type DigestWaiting struct {
	PlayerID int64
	Oldest   time.Time
}

// DigestsWaiting lists the players with news held back.
func (t *Tx) DigestsWaiting() ([]DigestWaiting, error) {
	rows, err := t.query(`SELECT d.player_id, d.created_at FROM digest_items d
		WHERE d.id = (SELECT id FROM digest_items WHERE player_id = d.player_id ORDER BY created_at, id LIMIT 1)
		ORDER BY d.player_id`)
	if err != nil {
		return nil, fmt.Errorf("digests waiting: %w", err)
	}
	defer rows.Close()
	var out []DigestWaiting
	for rows.Next() {
		var d DigestWaiting
		if err := rows.Scan(&d.PlayerID, &d.Oldest); err != nil {
			return nil, fmt.Errorf("digests waiting: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// DeleteDigestItems removes news once it went out.
func (t *Tx) DeleteDigestItems(ids []int64) error {
	for _, id := range ids {
		if _, err := t.exec(`DELETE FROM digest_items WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete digest item %d: %w", id, err)
		}
	}
	return nil
}
