package mailer

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"image/png"
	"io"
	"mime"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"

	"pbem/db"
)

// A mail with inline pictures (boards) is written as
//
//	multipart/mixed                 only when there are files too
//	  multipart/alternative
//	    text/plain                  the text, as a mail without pictures has it
//	    multipart/related
//	      text/html                 the pictures, then the same text in <pre>
//	      image/png                 each picture, by Content-ID
//	  application/...               each file (a record)
//
// so that a text-only client shows the text part unchanged, and an HTML
// client the pictures with the very same text under them.

// splitInline separates the pictures the HTML part shows from the files.
// A picture still undrawn (a description with no data) is left out.
func splitInline(atts []db.Attachment) (inline, files []db.Attachment) {
	for _, a := range atts {
		if undrawn(a) {
			continue
		}
		if a.ContentID != "" {
			inline = append(inline, a)
		} else {
			files = append(files, a)
		}
	}
	return inline, files
}

func undrawn(a db.Attachment) bool { return a.Draw != "" && len(a.Data) == 0 }

// Drawer draws a picture from its description (db.Attachment.Draw) as PNG
// bytes. The service gives one: the mailer knows no games.
type Drawer func(desc string) ([]byte, error)

// Pictures draws the pictures queued mails describe, and keeps the latest
// ones: the mails of one ply (the reply to the mover, the notices to the
// others) show the same position and are sent one after the other.
type Pictures struct {
	draw Drawer
	mu   sync.Mutex
	kept map[string][]byte // by description
	// order is the descriptions kept, oldest first.
	order []string
}

// keptPictures is how many pictures Pictures keeps: a few plies' worth,
// some 20 KB each.
const keptPictures = 32

// NewPictures makes a Pictures that draws with draw; with a nil draw every
// described picture is left out.
func NewPictures(draw Drawer) *Pictures {
	return &Pictures{draw: draw, kept: map[string][]byte{}}
}

// Draw returns m with the pictures it describes drawn. A picture that
// cannot be drawn is left out, so that the mail still goes (as text alone
// when it was its only picture); the error says what was left out.
func (p *Pictures) Draw(m db.Mail) (db.Mail, error) {
	if !slices.ContainsFunc(m.Attachments, undrawn) {
		return m, nil
	}
	atts := make([]db.Attachment, 0, len(m.Attachments))
	var errs []error
	for _, a := range m.Attachments {
		if !undrawn(a) {
			atts = append(atts, a)
			continue
		}
		data, err := p.picture(a.Draw)
		if err != nil {
			errs = append(errs, fmt.Errorf("picture %s of mail %d: %w", a.Name, m.ID, err))
			continue
		}
		a.Data = data
		atts = append(atts, a)
	}
	m.Attachments = atts
	return m, errors.Join(errs...)
}

func (p *Pictures) picture(desc string) ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if data, ok := p.kept[desc]; ok {
		return data, nil
	}
	if p.draw == nil {
		return nil, errors.New("no drawer to draw it")
	}
	data, err := p.draw(desc)
	if err != nil {
		return nil, err
	}
	if len(p.order) == keptPictures {
		delete(p.kept, p.order[0])
		p.order = p.order[1:]
	}
	p.kept[desc] = data
	p.order = append(p.order, desc)
	return data, nil
}

func writeRich(w io.Writer, h mail.Header, body string, inline, files []db.Attachment) error {
	top := h.Header
	if len(files) > 0 {
		top.SetContentType("multipart/mixed", nil)
	} else {
		top.SetContentType("multipart/alternative", nil)
	}
	mw, err := message.CreateWriter(w, top)
	if err != nil {
		return err
	}
	alt := mw
	if len(files) > 0 {
		var ah message.Header
		ah.SetContentType("multipart/alternative", nil)
		if alt, err = mw.CreatePart(ah); err != nil {
			return err
		}
	}
	var th message.Header
	textHeader(&th)
	if err := writePart(alt, th, []byte(body)); err != nil {
		return err
	}
	var rh message.Header
	rh.SetContentType("multipart/related", map[string]string{"type": "text/html"})
	rel, err := alt.CreatePart(rh)
	if err != nil {
		return err
	}
	var hh message.Header
	hh.SetContentType("text/html", map[string]string{"charset": "utf-8"})
	hh.Set("Content-Transfer-Encoding", "quoted-printable")
	if err := writePart(rel, hh, []byte(htmlBody(body, inline, h.Get("Content-Language")))); err != nil {
		return err
	}
	for _, a := range inline {
		ih := fileHeader(a, "inline")
		ih.Set("Content-Id", "<"+a.ContentID+">")
		if err := writePart(rel, ih, a.Data); err != nil {
			return err
		}
	}
	if err := rel.Close(); err != nil {
		return err
	}
	if len(files) > 0 {
		if err := alt.Close(); err != nil {
			return err
		}
		for _, a := range files {
			if err := writePart(mw, fileHeader(a, "attachment"), a.Data); err != nil {
				return err
			}
		}
	}
	return mw.Close()
}

func writePart(parent *message.Writer, h message.Header, data []byte) error {
	pw, err := parent.CreatePart(h)
	if err != nil {
		return err
	}
	if _, err := pw.Write(data); err != nil {
		return err
	}
	return pw.Close()
}

// fileHeader is the header of a file part, in base64.
func fileHeader(a db.Attachment, disposition string) message.Header {
	var h message.Header
	if typ, params, err := mime.ParseMediaType(a.Type); err == nil {
		h.SetContentType(typ, params)
	} else {
		h.SetContentType("application/octet-stream", nil)
	}
	h.SetContentDisposition(disposition, map[string]string{"filename": a.Name})
	h.Set("Content-Transfer-Encoding", "base64")
	return h
}

// htmlBody is the HTML part: each picture, at its own size where it is a
// PNG, then the text, escaped, in <pre> with its web addresses as links.
// A mail client that links addresses in the text part does the same, so
// the links add nothing the text does not already offer. lang, the mail's
// Content-Language, goes to <html lang>, so that a screen reader speaks
// the text in its language; "" or anything but a language tag leaves it
// out.
func htmlBody(body string, inline []db.Attachment, lang string) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html")
	if languageTag().MatchString(lang) {
		b.WriteString(` lang="` + lang + `"`)
	}
	b.WriteString("><head><meta charset=\"utf-8\"></head>\n<body>\n")
	for _, a := range inline {
		size := ""
		if cfg, err := png.DecodeConfig(bytes.NewReader(a.Data)); err == nil {
			size = fmt.Sprintf(` width="%d" height="%d"`, cfg.Width, cfg.Height)
		}
		fmt.Fprintf(&b, "<p><img src=\"cid:%s\" alt=\"%s\"%s style=\"max-width:100%%;height:auto\"></p>\n",
			html.EscapeString(a.ContentID), html.EscapeString(pictureAlt(a)), size)
	}
	b.WriteString("<pre style=\"font-family:monospace\">")
	b.WriteString(linked(body))
	b.WriteString("</pre>\n</body></html>\n")
	return b.String()
}

// pictureAlt is a picture's alternative text: the one the service wrote
// in its reader's language, or for a mail queued before it wrote any, one
// from the file name.
func pictureAlt(a db.Attachment) string {
	if a.Alt != "" {
		return a.Alt
	}
	name := strings.TrimSuffix(a.Name, ".png")
	return "Picture of the board: " + strings.ReplaceAll(name, "-", " ")
}

// languageTag matches a simple language tag: "de", "pt-PT". It and
// webAddress are compiled on first use: every run of pbem, a review of
// records too, would compile them at start-up.
var languageTag = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`)
})

var webAddress = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`https?://[^\s<>"']+`) })

// linked escapes text for HTML and makes its http and https addresses
// links; punctuation that ends a sentence stays outside the link.
func linked(text string) string {
	var b strings.Builder
	last := 0
	for _, m := range webAddress().FindAllStringIndex(text, -1) {
		start, end := m[0], m[1]
		for end > start && strings.ContainsRune(".,;:!?)", rune(text[end-1])) {
			end--
		}
		b.WriteString(html.EscapeString(text[last:start]))
		u := html.EscapeString(text[start:end])
		b.WriteString(`<a href="` + u + `">` + u + `</a>`)
		last = end
	}
	b.WriteString(html.EscapeString(text[last:]))
	return b.String()
}
