package db

import (
	"fmt"
	"strings"
	"time"
)

// BlockAll is the block that refuses every invitation.
const BlockAll = "*"

// Block records that a player refuses invitations from an address, or
// from everyone (BlockAll).
func (t *Tx) Block(playerID int64, blocked string, now time.Time) error {
	if _, err := t.exec(`INSERT INTO blocks (player_id, blocked, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		playerID, strings.ToLower(blocked), now.UTC()); err != nil {
		return fmt.Errorf("block %s for player %d: %w", blocked, playerID, err)
	}
	return nil
}

// Unblock removes a block; it reports whether there was one.
func (t *Tx) Unblock(playerID int64, blocked string) (bool, error) {
	res, err := t.exec(`DELETE FROM blocks WHERE player_id = ? AND blocked = ?`, playerID, strings.ToLower(blocked))
	if err != nil {
		return false, fmt.Errorf("unblock %s for player %d: %w", blocked, playerID, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// Blocks lists what a player blocks, in the order blocked.
func (t *Tx) Blocks(playerID int64) ([]string, error) {
	rows, err := t.query(`SELECT blocked FROM blocks WHERE player_id = ? ORDER BY since, blocked`, playerID)
	if err != nil {
		return nil, fmt.Errorf("blocks of player %d: %w", playerID, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Blocked reports whether a player refuses invitations from an address:
// the address is blocked, or every invitation is.
func (t *Tx) Blocked(playerID int64, from string) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM blocks WHERE player_id = ? AND blocked IN (?, ?)`,
		playerID, strings.ToLower(from), BlockAll).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("blocks of player %d: %w", playerID, err)
	}
	return n > 0, nil
}
