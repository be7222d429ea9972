package mailer

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"net/textproto"
	"slices"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"

	"pbem/db"
)

// ownHeaders are the header fields Compose writes itself; a stored header
// of the same name is refused rather than doubled.
var ownHeaders = []string{"From", "To", "Subject", "Date", "Message-Id", "Mime-Version",
	"Content-Type", "Content-Transfer-Encoding", "Content-Disposition"}

// Compose renders an outbox mail as an RFC 5322 message from the address
// from: text/plain UTF-8 in quoted-printable (boards keep their columns and
// spaces), a multipart/mixed with the attachments when there are any, an
// HTML alternative showing the inline pictures when there are any
// (richmail.go; a picture still undrawn is left out: Pictures draws them), the
// subject RFC 2047-encoded when it is not ASCII, Date from when the mail was
// queued (so a retry is the same message), Message-ID, and the stored
// headers (Reply-To, In-Reply-To, References, Auto-Submitted ...) as given.
func Compose(m db.Mail, from string) ([]byte, error) {
	names := make([]string, 0, len(m.Headers))
	for k, v := range m.Headers {
		if err := checkHeader(k, v); err != nil {
			return nil, fmt.Errorf("mail %d: %w", m.ID, err)
		}
		names = append(names, k)
	}
	// go-message writes the fields set last first: they are set bottom up,
	// so that the mail opens with From, To, Subject.
	var h mail.Header
	inline, files := splitInline(m.Attachments)
	single := len(inline)+len(files) == 0
	if single {
		textHeader(&h.Header)
	}
	slices.Sort(names)
	slices.Reverse(names)
	for _, k := range names {
		h.Set(k, m.Headers[k])
	}
	h.Set("MIME-Version", "1.0")
	h.SetMessageID(m.MessageID)
	h.SetDate(m.Created)
	h.SetSubject(m.Subject)
	h.SetAddressList("To", []*mail.Address{{Address: m.To}})
	h.SetAddressList("From", []*mail.Address{{Address: from}})
	var buf bytes.Buffer
	var err error
	switch {
	case single:
		err = writeSingle(&buf, h, m.Body)
	case len(inline) > 0:
		err = writeRich(&buf, h, m.Body, inline, files)
	default:
		err = writeMixed(&buf, h, m.Body, files)
	}
	if err != nil {
		return nil, fmt.Errorf("compose mail %d: %w", m.ID, err)
	}
	return buf.Bytes(), nil
}

// checkHeader refuses a stored header that is not a valid field or that
// would replace or double one of Compose's own.
func checkHeader(name, value string) error {
	if name == "" || strings.IndexFunc(name, func(r rune) bool { return r <= ' ' || r > '~' || r == ':' }) >= 0 {
		return fmt.Errorf("header name %q is not a valid field name", name)
	}
	canon := textproto.CanonicalMIMEHeaderKey(name)
	for _, own := range ownHeaders {
		if strings.EqualFold(canon, own) {
			return fmt.Errorf("header %s is written by the sender itself", name)
		}
	}
	if strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("header %s has a line break in its value", name)
	}
	return nil
}

func textHeader(h *message.Header) {
	h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	h.Set("Content-Transfer-Encoding", "quoted-printable")
}

func writeSingle(w io.Writer, h mail.Header, body string) error {
	mw, err := message.CreateWriter(w, h.Header)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(mw, body); err != nil {
		return err
	}
	return mw.Close()
}

func writeMixed(w io.Writer, h mail.Header, body string, atts []db.Attachment) error {
	mw, err := mail.CreateWriter(w, h)
	if err != nil {
		return err
	}
	var th mail.InlineHeader
	textHeader(&th.Header)
	tw, err := mw.CreateSingleInline(th)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(tw, body); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	for _, a := range atts {
		var ah mail.AttachmentHeader
		if typ, params, err := mime.ParseMediaType(a.Type); err == nil {
			ah.SetContentType(typ, params)
		} else {
			ah.SetContentType("application/octet-stream", nil)
		}
		ah.SetFilename(a.Name)
		aw, err := mw.CreateAttachment(ah)
		if err != nil {
			return err
		}
		if _, err := aw.Write(a.Data); err != nil {
			return err
		}
		if err := aw.Close(); err != nil {
			return err
		}
	}
	return mw.Close()
}
