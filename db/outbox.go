package db

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Attachment is a file sent with a mail.
type Attachment struct {
	Name string `json:"name"`
	Type string `json:"type"` // MIME type
	Data []byte `json:"data"`
	// ContentID makes the file a picture shown inline by the mail's HTML
	// part (a board), not a file to save; "" for a plain attachment.
	ContentID string `json:"cid,omitempty"`
	// Draw, on a picture, describes what to draw, for the outbox sender
	// to draw it when it sends the mail: Data is empty until then. The
	// service queues mails inside a transaction, where drawing would cost
	// every mail milliseconds; a row that holds what it shows keeps the
	// picture the same whatever happens to the game after.
	Draw string `json:"draw,omitempty"`
	// Alt is a picture's alternative text, in its reader's language; ""
	// in mails queued before pictures had one.
	Alt string `json:"alt,omitempty"`
}

// Mail is an outgoing message in the outbox.
type Mail struct {
	ID          int64
	MessageID   string // without angle brackets
	To          string
	Subject     string
	Headers     map[string]string // In-Reply-To, References, Reply-To, ...
	Body        string
	Attachments []Attachment
	GameID      int64 // 0 when about no game
	Source      int64 // the processed message it answers; 0 for none
	Created     time.Time
	Attempts    int
	NextTry     time.Time
	Sent        *time.Time
	Failed      *time.Time
	LastError   string
	// EnvelopeFrom is the SMTP envelope sender (MAIL FROM), where delivery
	// reports go; "" for the service's own address.
	EnvelopeFrom string
	// Bounced is when a delivery report for the mail was acted on.
	Bounced *time.Time
}

// Queue puts a mail in the outbox, due at once.
func (t *Tx) Queue(m Mail) (int64, error) {
	return t.QueueFrom(m, nil)
}

// QueueFrom is Queue for a mail whose envelope sender is made from its id
// (envelope, unless nil, gives it): the id is chosen before the row is
// written, so the mail is one INSERT, not an INSERT and an UPDATE.
func (t *Tx) QueueFrom(m Mail, envelope func(id int64) string) (int64, error) {
	headers, err := json.Marshal(nonNil(m.Headers))
	if err != nil {
		return 0, err
	}
	atts := m.Attachments
	if atts == nil {
		atts = []Attachment{}
	}
	attJSON, err := json.Marshal(atts)
	if err != nil {
		return 0, err
	}
	id, err := t.nextMailID()
	if err != nil {
		return 0, fmt.Errorf("queue mail to %s: %w", m.To, err)
	}
	from := m.EnvelopeFrom
	if envelope != nil {
		from = envelope(id)
	}
	_, err = t.exec(`INSERT INTO outbox (id, message_id, recipient, subject, headers, body, attachments,
		game_id, source_message, created_at, next_try, envelope_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, m.MessageID, strings.ToLower(m.To), m.Subject, string(headers), m.Body, string(attJSON),
		nullID(m.GameID), nullID(m.Source), m.Created.UTC(), m.Created.UTC(), from)
	if err != nil {
		return 0, fmt.Errorf("queue mail to %s: %w", m.To, err)
	}
	t.nextMail = id + 1
	return id, nil
}

// nextMailID is the id the next mail queued gets: the one SQLite would
// give it (one past the largest), read once a transaction. The
// transaction holds the write lock, so nobody else queues meanwhile.
func (t *Tx) nextMailID() (int64, error) {
	if t.nextMail == 0 {
		var last int64
		if err := t.queryRow(`SELECT COALESCE(MAX(id), 0) FROM outbox`).Scan(&last); err != nil {
			return 0, fmt.Errorf("last mail id: %w", err)
		}
		t.nextMail = last + 1
	}
	return t.nextMail, nil
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

const mailColumns = `id, message_id, recipient, subject, headers, body, attachments, game_id, source_message,
	created_at, attempts, next_try, sent_at, failed_at, last_error, envelope_from, bounced_at`

func scanMails(rows *rows) ([]Mail, error) {
	defer rows.Close()
	var out []Mail
	for rows.Next() {
		var m Mail
		var headers, atts string
		var game, source sql.NullInt64
		var sent, failed, bounced sql.NullTime
		if err := rows.Scan(&m.ID, &m.MessageID, &m.To, &m.Subject, &headers, &m.Body, &atts, &game, &source,
			&m.Created, &m.Attempts, &m.NextTry, &sent, &failed, &m.LastError, &m.EnvelopeFrom, &bounced); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(headers), &m.Headers); err != nil {
			return nil, fmt.Errorf("mail %d headers: %w", m.ID, err)
		}
		if err := json.Unmarshal([]byte(atts), &m.Attachments); err != nil {
			return nil, fmt.Errorf("mail %d attachments: %w", m.ID, err)
		}
		m.GameID, m.Source = game.Int64, source.Int64
		if sent.Valid {
			m.Sent = &sent.Time
		}
		if failed.Valid {
			m.Failed = &failed.Time
		}
		if bounced.Valid {
			m.Bounced = &bounced.Time
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Due lists up to limit unsent mails whose next try has come, oldest first.
func (t *Tx) Due(now time.Time, limit int) ([]Mail, error) {
	rows, err := t.query(`SELECT `+mailColumns+` FROM outbox
		WHERE sent_at IS NULL AND failed_at IS NULL AND next_try <= ? ORDER BY next_try, id LIMIT ?`, now.UTC(), limit)
	if err != nil {
		return nil, fmt.Errorf("due mail: %w", err)
	}
	return scanMails(rows)
}

// MailsFor lists the mails queued in answer to a processed message, in the
// order they were queued.
func (t *Tx) MailsFor(source int64) ([]Mail, error) {
	rows, err := t.query(`SELECT `+mailColumns+` FROM outbox WHERE source_message = ? ORDER BY id`, source)
	if err != nil {
		return nil, fmt.Errorf("mails for message %d: %w", source, err)
	}
	return scanMails(rows)
}

// MailByMessageID finds the outbox mail with a Message-ID (without angle
// brackets); ErrNotFound if there is none. A reply names the mail it
// answers so, and the service reads its own text there to tell it from
// the player's.
func (t *Tx) MailByMessageID(id string) (Mail, error) {
	rows, err := t.query(`SELECT `+mailColumns+` FROM outbox WHERE message_id = ?`, id)
	if err != nil {
		return Mail{}, fmt.Errorf("mail %s: %w", id, err)
	}
	mails, err := scanMails(rows)
	if err != nil {
		return Mail{}, fmt.Errorf("mail %s: %w", id, err)
	}
	if len(mails) == 0 {
		return Mail{}, fmt.Errorf("mail %s: %w", id, ErrNotFound)
	}
	return mails[0], nil
}

// MailsSince lists every mail queued after the mail with id after, in order.
func (t *Tx) MailsSince(after int64) ([]Mail, error) {
	rows, err := t.query(`SELECT `+mailColumns+` FROM outbox WHERE id > ? ORDER BY id`, after)
	if err != nil {
		return nil, fmt.Errorf("mails since %d: %w", after, err)
	}
	return scanMails(rows)
}

// MarkSent records that a mail went out; it is never sent again.
func (t *Tx) MarkSent(id int64, now time.Time) error {
	_, err := t.exec(`UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`, now.UTC(), id)
	if err != nil {
		return fmt.Errorf("mark mail %d sent: %w", id, err)
	}
	return nil
}

// Retry records a failed attempt and when to try again.
func (t *Tx) Retry(id int64, reason string, next time.Time) error {
	_, err := t.exec(`UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_try = ? WHERE id = ?`,
		reason, next.UTC(), id)
	if err != nil {
		return fmt.Errorf("retry mail %d: %w", id, err)
	}
	return nil
}

// Fail records a permanent failure: the mail is not tried again.
func (t *Tx) Fail(id int64, reason string, now time.Time) error {
	_, err := t.exec(`UPDATE outbox SET attempts = attempts + 1, last_error = ?, failed_at = ? WHERE id = ?`,
		reason, now.UTC(), id)
	if err != nil {
		return fmt.Errorf("fail mail %d: %w", id, err)
	}
	return nil
}
