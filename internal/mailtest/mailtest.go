// Package mailtest plays mail clients in tests of the whole daemon: it
// sends mail by SMTP, reads a mailbox by IMAP, and waits for mail to come.
package mailtest

import (
	"bytes"
	"fmt"
	"net"
	"net/smtp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"pbem/mailer"
)

// Compose makes a plain-text mail.
func Compose(from, to, subject, messageID, inReplyTo, body string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%s>\r\nDate: %s\r\n",
		from, to, subject, messageID, time.Now().UTC().Format(time.RFC1123Z))
	if inReplyTo != "" {
		fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: <%s>\r\n", inReplyTo, inReplyTo)
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n") + "\r\n")
	return b.Bytes()
}

// Send submits a mail over SMTP without login (loopback).
func Send(tb testing.TB, addr, from, to string, raw []byte) {
	tb.Helper()
	if err := smtp.SendMail(addr, nil, from, []string{to}, raw); err != nil {
		tb.Fatalf("mailtest: send to %s via %s: %v", to, addr, err)
	}
}

// Fetch reads a mailbox over IMAP without changing it and returns its
// mails parsed, in UID order.
func Fetch(tb testing.TB, addr, user, password, mailbox string) []*mailer.Parsed {
	tb.Helper()
	c, err := imapclient.DialInsecure(addr, &imapclient.Options{Dialer: &net.Dialer{Timeout: 5 * time.Second}})
	if err != nil {
		tb.Fatalf("mailtest: dial %s: %v", addr, err)
	}
	defer c.Close()
	if err := c.Login(user, password).Wait(); err != nil {
		tb.Fatalf("mailtest: login %s: %v", user, err)
	}
	sel, err := c.Select(mailbox, &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil // no such mailbox yet: no mail
	}
	if sel.NumMessages == 0 {
		return nil
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	bufs, err := c.Fetch(all, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}}}).Collect()
	if err != nil {
		tb.Fatalf("mailtest: fetch %s: %v", mailbox, err)
	}
	var out []*mailer.Parsed
	for _, b := range bufs {
		if len(b.BodySection) == 0 {
			continue
		}
		p, err := mailer.Parse(b.BodySection[0].Bytes)
		if err != nil {
			tb.Fatalf("mailtest: parse uid %d: %v", b.UID, err)
		}
		out = append(out, p)
	}
	_ = c.Logout().Wait()
	return out
}

// Wait polls cond until it returns a mail or the timeout passes.
func Wait(tb testing.TB, timeout time.Duration, what string, cond func() *mailer.Parsed) *mailer.Parsed {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if m := cond(); m != nil {
			return m
		}
		if time.Now().After(deadline) {
			tb.Fatalf("mailtest: no %s within %v", what, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ReplyTo finds the mail answering the one with Message-ID id.
func ReplyTo(mails []*mailer.Parsed, id string) *mailer.Parsed {
	for _, m := range mails {
		if m.InReplyTo == id {
			return m
		}
	}
	return nil
}

// Latest finds the newest mail whose subject contains s.
func Latest(mails []*mailer.Parsed, s string) *mailer.Parsed {
	for i := len(mails) - 1; i >= 0; i-- {
		if strings.Contains(mails[i].Subject, s) {
			return mails[i]
		}
	}
	return nil
}
