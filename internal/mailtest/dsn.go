package mailtest

import (
	"bytes"
	"fmt"
	"time"
)

// Bounce is a delivery report (RFC 3464) as a mail system sends it when it
// cannot deliver a mail: to the mail's envelope sender, from MAILER-DAEMON,
// with a text part, a message/delivery-status part and the returned
// mail's headers.
type Bounce struct {
	// To is where the report goes: the returned mail's envelope sender.
	To string
	// Failed is the recipient the report says failed; "" leaves the
	// delivery-status part out (a bounce in prose only).
	Failed string
	// Action is the recipient's action; "failed" when "" ("delayed" for a
	// delay warning).
	Action string
	// XFailedRecipients, when set, is put in that header (as Exim does).
	XFailedRecipients string
	// MessageID is the report's own Message-ID.
	MessageID string
	// Subject and ReturnedID are the returned mail's Subject and
	// Message-ID (without angle brackets), quoted in its headers.
	Subject, ReturnedID string
}

// DSN composes the report, Postfix's way.
func DSN(b Bounce) []byte {
	if b.Action == "" {
		b.Action = "failed"
	}
	const boundary = "3F1A2C0412.1796032931/mx.example.net"
	var m bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&m, format+"\r\n", args...) }
	w("Return-Path: <>")
	w("Date: %s", time.Now().UTC().Format(time.RFC1123Z))
	w("From: MAILER-DAEMON@mx.example.net (Mail Delivery System)")
	w("Subject: Undelivered Mail Returned to Sender")
	w("To: %s", b.To)
	w("Auto-Submitted: auto-replied")
	if b.XFailedRecipients != "" {
		w("X-Failed-Recipients: %s", b.XFailedRecipients)
	}
	w("Message-Id: <%s>", b.MessageID)
	w("MIME-Version: 1.0")
	w("Content-Type: multipart/report; report-type=delivery-status;")
	w("\tboundary=\"%s\"", boundary)
	w("")
	w("This is a MIME-encapsulated message.")
	w("")
	w("--%s", boundary)
	w("Content-Description: Notification")
	w("Content-Type: text/plain; charset=us-ascii")
	w("")
	w("This is the mail system at host mx.example.net.")
	w("")
	w("I'm sorry to have to inform you that your message could not")
	w("be delivered to one or more recipients. It's attached below.")
	w("")
	if b.Failed != "" {
		w("<%s>: host mx.example.net[192.0.2.25] said: 550 5.1.1 <%s>:", b.Failed, b.Failed)
		w("    Recipient address rejected: User unknown (in reply to RCPT TO command)")
		w("")
		w("--%s", boundary)
		w("Content-Description: Delivery report")
		w("Content-Type: message/delivery-status")
		w("")
		w("Reporting-MTA: dns; mx.example.net")
		w("X-Postfix-Sender: rfc822; %s", b.To)
		w("")
		w("Final-Recipient: rfc822; %s", b.Failed)
		w("Original-Recipient: rfc822;%s", b.Failed)
		w("Action: %s", b.Action)
		w("Status: 5.1.1")
		w("Remote-MTA: dns; mx.example.net")
		w("Diagnostic-Code: smtp; 550 5.1.1 <%s>: Recipient address rejected: User", b.Failed)
		w("    unknown")
		w("")
	}
	w("--%s", boundary)
	w("Content-Description: Undelivered Message Headers")
	w("Content-Type: text/rfc822-headers")
	w("")
	w("Return-Path: <%s>", b.To)
	w("Subject: %s", b.Subject)
	w("Message-Id: <%s>", b.ReturnedID)
	w("Auto-Submitted: auto-replied")
	w("")
	w("--%s--", boundary)
	return m.Bytes()
}
