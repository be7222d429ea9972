package db

import (
	"fmt"
	"time"
)

// InvitationsBy counts the invitees of the games a player started since a
// time: the per-day invitation limit.
func (t *Tx) InvitationsBy(ownerID int64, since time.Time) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id
		WHERE g.owner_id = ? AND g.created_at >= ? AND s.player_id != g.owner_id`, ownerID, since.UTC()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("invitations by player %d: %w", ownerID, err)
	}
	return n, nil
}

// DeclinedFrom reports whether a player declined an invitation of another
// (the owner of the game) since a time; an invitation that never reached
// the player (a game ended with a termination) does not count.
func (t *Tx) DeclinedFrom(playerID, ownerID int64, since time.Time) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id
		WHERE s.player_id = ? AND g.owner_id = ? AND s.invitation = 'declined' AND s.answered_at >= ?
		AND g.termination = ''`,
		playerID, ownerID, since.UTC()).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("invitations declined by player %d: %w", playerID, err)
	}
	return n > 0, nil
}

// PendingFromStrangers counts the invitations a player has not answered
// yet from players never met in a game that started.
func (t *Tx) PendingFromStrangers(playerID int64) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id
		WHERE s.player_id = ? AND s.invitation = 'pending' AND g.state = 'invited'
		AND NOT EXISTS (SELECT 1 FROM seats a JOIN seats b ON a.game_id = b.game_id JOIN games m ON m.id = a.game_id
			WHERE a.player_id = s.player_id AND b.player_id = g.owner_id AND m.started_at IS NOT NULL)`,
		playerID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("pending invitations of player %d: %w", playerID, err)
	}
	return n, nil
}

// PlayedTogether reports whether two players sat in the same game once it
// started.
func (t *Tx) PlayedTogether(a, b int64) (bool, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM seats x JOIN seats y ON x.game_id = y.game_id JOIN games g ON g.id = x.game_id
		WHERE x.player_id = ? AND y.player_id = ? AND g.started_at IS NOT NULL`, a, b).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("games of players %d and %d: %w", a, b, err)
	}
	return n > 0, nil
}
