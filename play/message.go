// Package play is the service core: an incoming mail goes in; the games
// change and the outgoing mail is queued, all in one transaction of the
// store. It knows nothing of how mail travels: the transport hands it a
// Message and sends what lands in the outbox.
package play

import "time"

// Message is an incoming mail as the transport decoded it.
type Message struct {
	// MessageID is the Message-ID without angle brackets; "" when absent.
	MessageID string
	// Mailbox, UIDValidity and UID place the mail in an IMAP mailbox;
	// Mailbox is "" for mail from elsewhere.
	Mailbox     string
	UIDValidity uint32
	UID         uint32

	From     string // the sender's address
	FromName string // the sender's display name
	To       []string
	Subject  string
	// Text is the plain-text body (HTML already turned into text). Quoted
	// reply text and signatures are still in it: play strips them.
	Text string
	// InReplyTo and References are message ids without angle brackets.
	InReplyTo  string
	References []string
	// Headers are the few headers that decide whether to answer at all:
	// Auto-Submitted, List-Id, Precedence, Return-Path, X-Auto-Response-Suppress.
	Headers map[string]string
	// Attachments are the files attached, for "review".
	Attachments []Attachment
	// DKIMAligned is true when the transport verified a DKIM signature whose
	// domain aligns with the From domain, and that From is the mail's one
	// and only From address.
	DKIMAligned bool
	// Undecodable is true when the transport could not decode the mail; Raw
	// then holds its bytes to keep.
	Undecodable bool
	Raw         []byte
	// Size is the mail's size in bytes.
	Size     int
	Received time.Time
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Name string
	Type string
	Data []byte
}
