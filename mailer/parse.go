// Package mailer moves mail: it reads mail from IMAP, turns MIME into text,
// sends the outbox over SMTP, and runs the embedded mail server. It knows
// nothing of games.
package mailer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // decodes ISO-8859-x, Windows-125x, ... to UTF-8
	"github.com/emersion/go-message/mail"
)

// Parsed is an incoming mail reduced to what the service reads.
type Parsed struct {
	MessageID string // without angle brackets
	// From is the first address of the first From field, lowercased; "" when
	// there is none or it cannot be read. FromName is its display name.
	From     string
	FromName string
	ReplyTo  string   // the Reply-To address, where answers go
	To       []string // To, Cc and Delivered-To addresses
	// Subject and FromName are valid UTF-8 without control characters, so
	// fit to re-use in a header: encoded words decoded, raw 8-bit text
	// read as UTF-8 where it is, each other byte as windows-1252.
	Subject    string
	Date       time.Time
	InReplyTo  string
	References []string
	// Headers holds the headers that decide whether to answer at all.
	Headers map[string]string
	// Text is the body as plain UTF-8 text: the text/plain part, else the
	// text/html part turned into text; format=flowed undone.
	Text        string
	Attachments []Attachment
	Size        int
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Name string
	Type string
	Data []byte
}

// keptHeaders are the headers Parsed.Headers keeps.
var keptHeaders = []string{"Auto-Submitted", "Content-Language", "List-Id", "List-Unsubscribe", "Precedence", "Return-Path",
	"X-Auto-Response-Suppress", "X-Autoreply", "X-Autorespond", "X-Failed-Recipients", "Authentication-Results"}

// maxPart is the largest part read; larger parts are cut there.
const maxPart = 4 << 20

// Parse reads a raw RFC 5322 mail. It is lenient: a part in an unknown
// charset, like raw 8-bit header text, is read as UTF-8 where it is UTF-8
// and each other byte as windows-1252, and a mail that is not MIME at all
// is taken as plain text. It fails only when not even the header can be
// read.
func Parse(raw []byte) (*Parsed, error) {
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil && !message.IsUnknownCharset(err) {
		return nil, fmt.Errorf("read mail header: %w", err)
	}
	p := &Parsed{Size: len(raw), Headers: map[string]string{}}
	h := mr.Header
	// Message ids go back out in the answer's In-Reply-To and References:
	// one with a control character in it is left out.
	if id, err := h.MessageID(); err == nil && !hasControl(id) {
		p.MessageID = id
	}
	// The first From field, as RFC 5322 wants one only. A mail with more
	// (or with more addresses in it) is not refused: its DKIM signature is
	// never trusted (see DKIMAligned), so only a reply key, which is bound
	// to one address, can make it act for this one.
	if from := addressList(h.Get("From")); len(from) > 0 {
		p.From, p.FromName = from[0].Address, from[0].Name
	}
	if rt := addressList(h.Get("Reply-To")); len(rt) > 0 {
		p.ReplyTo = rt[0].Address
	}
	for _, key := range []string{"To", "Cc", "Delivered-To"} {
		for _, a := range addressList(h.Get(key)) {
			p.To = append(p.To, a.Address)
		}
	}
	p.Subject = headerText(h.Get("Subject"))
	p.Date, _ = h.Date()
	if ids, err := h.MsgIDList("In-Reply-To"); err == nil && len(ids) > 0 && !hasControl(ids[0]) {
		p.InReplyTo = ids[0]
	}
	refs, _ := h.MsgIDList("References")
	for _, id := range refs {
		if !hasControl(id) {
			p.References = append(p.References, id)
		}
	}
	for _, k := range keptHeaders {
		if v := h.Get(k); v != "" {
			p.Headers[k] = v
		}
	}

	var plain, html string
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil && !message.IsUnknownCharset(err) {
			// A broken part ends the reading; what was read stands.
			break
		}
		body, _ := io.ReadAll(io.LimitReader(part.Body, maxPart))
		switch ph := part.Header.(type) {
		case *mail.InlineHeader:
			ct, params, _ := ph.ContentType()
			// Only text is read as text: an inline picture (a reply that
			// carries the board back) went through undeclaredToUTF8 a byte
			// at a time.
			switch {
			case ct == "text/plain" && plain == "":
				text := undeclaredToUTF8(string(body))
				if strings.EqualFold(params["format"], "flowed") {
					text = unflow(text, strings.EqualFold(params["delsp"], "yes"))
				}
				plain = text
			case ct == "text/html" && html == "":
				html = undeclaredToUTF8(string(body))
			case ct != "text/plain" && ct != "text/html":
				p.Attachments = append(p.Attachments, Attachment{Name: "", Type: ct, Data: body})
			}
		case *mail.AttachmentHeader:
			ct, _, _ := ph.ContentType()
			name, _ := ph.Filename()
			p.Attachments = append(p.Attachments, Attachment{Name: name, Type: ct, Data: body})
		}
	}
	switch {
	case plain != "":
		p.Text = plain
	case html != "":
		p.Text = htmlToText(html)
	}
	p.Text = strings.ReplaceAll(p.Text, "\r\n", "\n")
	return p, nil
}

// unflow undoes format=flowed (RFC 3676): a line ending in a space goes on
// in the next line; with DelSp=yes that space is dropped. Quoted lines
// and the signature separator are left as they are.
func unflow(text string, delSp bool) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var out []string
	cur, open := "", false
	for _, l := range lines {
		quoted := strings.HasPrefix(l, ">")
		l = strings.TrimPrefix(l, " ") // space-stuffing
		soft := strings.HasSuffix(l, " ") && l != "-- " && !quoted
		if soft && delSp {
			l = l[:len(l)-1]
		}
		cur += l
		open = soft
		if !open {
			out = append(out, cur)
			cur = ""
		}
	}
	if open {
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}
