package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Confirmation is a set of commands that need proof of the sender's
// address and came without it: they wait until the address answers the
// mail that asked, whose Message-ID is MailID.
type Confirmation struct {
	ID       int64
	PlayerID int64
	Commands []string
	MailID   string
	Created  time.Time
	Done     *time.Time
}

// AddConfirmation stores commands waiting for confirmation.
func (t *Tx) AddConfirmation(c Confirmation) (int64, error) {
	res, err := t.exec(`INSERT INTO confirmations (player_id, commands, mail_id, created_at) VALUES (?, ?, ?, ?)`,
		c.PlayerID, strings.Join(c.Commands, "\n"), c.MailID, c.Created.UTC())
	if err != nil {
		return 0, fmt.Errorf("confirmation for player %d: %w", c.PlayerID, err)
	}
	return res.LastInsertId()
}

// ConfirmationFor finds a player's confirmation asked for by one of the
// mails with the given Message-IDs (a reply's In-Reply-To and References);
// ErrNotFound when none.
func (t *Tx) ConfirmationFor(playerID int64, mailIDs []string) (Confirmation, error) {
	for _, id := range mailIDs {
		var c Confirmation
		var cmds string
		var done sql.NullTime
		err := t.queryRow(`SELECT id, player_id, commands, mail_id, created_at, done_at FROM confirmations
			WHERE mail_id = ? AND player_id = ?`, strings.Trim(id, "<>"), playerID).
			Scan(&c.ID, &c.PlayerID, &cmds, &c.MailID, &c.Created, &done)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return Confirmation{}, fmt.Errorf("confirmation %q: %w", id, err)
		}
		c.Commands = strings.Split(cmds, "\n")
		if done.Valid {
			c.Done = &done.Time
		}
		return c, nil
	}
	return Confirmation{}, fmt.Errorf("confirmation for player %d: %w", playerID, ErrNotFound)
}

// ConfirmationsSince counts the confirmations asked of a player since a
// time: the service asks an address only so often.
func (t *Tx) ConfirmationsSince(playerID int64, since time.Time) (int, error) {
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM confirmations WHERE player_id = ? AND created_at >= ?`,
		playerID, since.UTC()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("confirmations of player %d: %w", playerID, err)
	}
	return n, nil
}

// ConfirmationDone marks a confirmation carried out.
func (t *Tx) ConfirmationDone(id int64, now time.Time) error {
	if _, err := t.exec(`UPDATE confirmations SET done_at = ? WHERE id = ?`, now.UTC(), id); err != nil {
		return fmt.Errorf("confirmation %d done: %w", id, err)
	}
	return nil
}
