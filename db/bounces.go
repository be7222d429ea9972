package db

import (
	"fmt"
	"time"
)

// MailByID returns one outbox mail; ErrNotFound when there is none.
func (t *Tx) MailByID(id int64) (Mail, error) {
	rows, err := t.query(`SELECT `+mailColumns+` FROM outbox WHERE id = ?`, id)
	if err != nil {
		return Mail{}, fmt.Errorf("mail %d: %w", id, err)
	}
	mails, err := scanMails(rows)
	if err != nil {
		return Mail{}, fmt.Errorf("mail %d: %w", id, err)
	}
	if len(mails) == 0 {
		return Mail{}, ErrNotFound
	}
	return mails[0], nil
}

// MarkBounced records that a delivery report for a mail came back. It
// reports false when one had been recorded already: a mail bounces once,
// so that a report handed in again (or replayed) changes nothing.
func (t *Tx) MarkBounced(id int64, now time.Time) (bool, error) {
	res, err := t.exec(`UPDATE outbox SET bounced_at = ? WHERE id = ? AND bounced_at IS NULL`, now.UTC(), id)
	if err != nil {
		return false, fmt.Errorf("mark mail %d bounced: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
