package play

import (
	"time"

	"pbem/mailer"
)

// FromMail decodes a raw mail into a Message. A mail whose header cannot be
// read is still a Message: Undecodable, with its bytes kept, so that it is
// recorded and, where the sender can be told, answered.
func FromMail(raw []byte, received time.Time) Message {
	p, err := mailer.Parse(raw)
	if err != nil {
		return Message{Undecodable: true, Raw: raw, Size: len(raw), Received: received}
	}
	m := Message{
		MessageID: p.MessageID, From: p.From, FromName: p.FromName, To: p.To,
		Subject: p.Subject, Text: p.Text, InReplyTo: p.InReplyTo, References: p.References,
		Headers: p.Headers, Size: p.Size, Received: received,
	}
	for _, a := range p.Attachments {
		m.Attachments = append(m.Attachments, Attachment(a))
	}
	return m
}
