package db

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Message is an incoming mail as the store remembers it.
type Message struct {
	ID          int64
	MessageID   string // without angle brackets; "" when the mail had none
	Mailbox     string // "" when it did not come from IMAP
	UIDValidity uint32
	UID         uint32
	Sender      string
	Subject     string
	Outcome     string
	// Proof is what the mail showed of its sender's address.
	Proof    Proof
	Size     int
	Raw      []byte // kept only for mail that could not be read
	Received time.Time
}

// Seen reports whether a mail was processed already: by its Message-ID, or
// by its place in the mailbox (mailbox, UIDVALIDITY, UID). Two lookups, so
// that each uses its unique index.
func (t *Tx) Seen(messageID, mailbox string, uidValidity, uid uint32) (bool, error) {
	var n int
	if messageID != "" {
		if err := t.queryRow(`SELECT COUNT(*) FROM messages WHERE message_id = ?`, messageID).Scan(&n); err != nil {
			return false, fmt.Errorf("seen %q: %w", messageID, err)
		}
		if n > 0 {
			return true, nil
		}
	}
	if mailbox != "" {
		if err := t.queryRow(`SELECT COUNT(*) FROM messages WHERE mailbox = ? AND uidvalidity = ? AND uid = ?`,
			mailbox, uidValidity, uid).Scan(&n); err != nil {
			return false, fmt.Errorf("seen %s/%d/%d: %w", mailbox, uidValidity, uid, err)
		}
	}
	return n > 0, nil
}

// row is m's values for an INSERT INTO messages, in the column order the
// two below name: a mail without a Message-ID or a mailbox place stores
// NULL there, which the unique keys let repeat.
func (m Message) row() []any {
	var msgID, mailbox, uidv, uid any
	if m.MessageID != "" {
		msgID = m.MessageID
	}
	if m.Mailbox != "" {
		mailbox, uidv, uid = m.Mailbox, m.UIDValidity, m.UID
	}
	return []any{msgID, mailbox, uidv, uid, m.Sender, m.Subject, m.Outcome, m.Proof, m.Size, m.Raw, m.Received.UTC()}
}

// RecordMessage stores a processed mail and returns its row id. It fails
// when the mail was recorded already (same Message-ID or mailbox place),
// which rolls back whatever the transaction did for it.
func (t *Tx) RecordMessage(m Message) (int64, error) {
	res, err := t.exec(`INSERT INTO messages (message_id, mailbox, uidvalidity, uid, sender, subject, outcome, proof, size, raw, received_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, m.row()...)
	if err != nil {
		return 0, fmt.Errorf("record message %q: %w", m.MessageID, err)
	}
	return res.LastInsertId()
}

// RecordNewMessage stores a processed mail and returns its row id, unless
// it was recorded already (same Message-ID or mailbox place): then fresh
// is false and nothing is written. It is Seen and RecordMessage in one
// statement.
func (t *Tx) RecordNewMessage(m Message) (id int64, fresh bool, err error) {
	// DO NOTHING with no target covers both unique keys, and nothing else:
	// a row that breaks another constraint still fails.
	res, err := t.exec(`INSERT INTO messages (message_id, mailbox, uidvalidity, uid, sender, subject, outcome, proof, size, raw, received_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, m.row()...)
	if err != nil {
		return 0, false, fmt.Errorf("record message %q: %w", m.MessageID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return 0, false, err
	}
	id, err = res.LastInsertId()
	return id, err == nil, err
}

// MessageByID loads a recorded message by row id.
func (t *Tx) MessageByID(id int64) (Message, error) {
	var m Message
	var msgID, mailbox sql.NullString
	var uidv, uid sql.NullInt64
	err := t.queryRow(`SELECT id, message_id, mailbox, uidvalidity, uid, sender, subject, outcome, proof, size, raw, received_at
		FROM messages WHERE id = ?`, id).Scan(&m.ID, &msgID, &mailbox, &uidv, &uid, &m.Sender, &m.Subject,
		&m.Outcome, &m.Proof, &m.Size, &m.Raw, &m.Received)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, fmt.Errorf("message %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Message{}, fmt.Errorf("message %d: %w", id, err)
	}
	m.MessageID, m.Mailbox = msgID.String, mailbox.String
	m.UIDValidity, m.UID = uint32(uidv.Int64), uint32(uid.Int64)
	return m, nil
}

// SetOutcome records what became of a processed message.
func (t *Tx) SetOutcome(id int64, outcome string) error {
	if _, err := t.exec(`UPDATE messages SET outcome = ? WHERE id = ?`, outcome, id); err != nil {
		return fmt.Errorf("message %d outcome: %w", id, err)
	}
	return nil
}

// Proof is what a mail showed of its sender's address.
type Proof string

// The proofs.
const (
	NoProof   Proof = ""     // nothing: the From header alone
	KeyProof  Proof = "key"  // a reply key of the sender's
	DKIMProof Proof = "dkim" // a trusted DKIM signature aligned with From
)

// CountFrom counts the mails from a sender, received since a time, that
// were proven (a key or DKIM) or not, as proven says, and whose outcome is
// one of outcomes: the limits of a sender's mail.
func (t *Tx) CountFrom(sender string, since time.Time, proven bool, outcomes ...string) (int, error) {
	if len(outcomes) == 0 {
		return 0, nil
	}
	proof := `proof = ''`
	if proven {
		proof = `proof != ''`
	}
	args := []any{strings.ToLower(sender), since.UTC()}
	for _, o := range outcomes {
		args = append(args, o)
	}
	// Not "outcome IN (?, ?, ?, ?)": SQLite builds a list of more than two
	// values into a temporary b-tree at every run, which took more than
	// the rest of the statement (every mail runs it).
	var n int
	err := t.queryRow(`SELECT COUNT(*) FROM messages WHERE sender = ? AND received_at >= ? AND `+proof+`
		AND (outcome = ?`+strings.Repeat(` OR outcome = ?`, len(outcomes)-1)+`)`, args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("mails from %s: %w", sender, err)
	}
	return n, nil
}
