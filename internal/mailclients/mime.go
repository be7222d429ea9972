package mailclients

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"mime/quotedprintable"
	"strings"
)

// part is a MIME entity: its header lines and its encoded body.
type part struct {
	header []string
	body   []byte
}

// text is a text part: content type with its parameters (without the
// charset), the charset the text is written in, and the transfer encoding.
func text(ctype, charset, cte, s string) part {
	raw := encodeCharset(crlf(s), charset)
	return part{header: []string{
		fmt.Sprintf("Content-Type: %s; charset=%s", ctype, charset),
		"Content-Transfer-Encoding: " + cte,
	}, body: transfer(raw, cte)}
}

// binary is an attachment sent in base64.
func binary(ctype, name string, data []byte) part {
	return part{header: []string{
		fmt.Sprintf("Content-Type: %s; name=%q", ctype, name),
		"Content-Transfer-Encoding: base64",
		fmt.Sprintf("Content-Disposition: attachment; filename=%q", name),
	}, body: transfer(data, "base64")}
}

// multipart joins parts under a boundary; extra goes into the Content-Type
// (protocol=... for multipart/signed).
func multipart(subtype, boundary, extra string, parts ...part) part {
	var b bytes.Buffer
	for _, p := range parts {
		b.WriteString("--" + boundary + "\r\n")
		for _, h := range p.header {
			b.WriteString(h + "\r\n")
		}
		b.WriteString("\r\n")
		b.Write(p.body)
		if !bytes.HasSuffix(p.body, []byte("\r\n")) {
			b.WriteString("\r\n")
		}
	}
	b.WriteString("--" + boundary + "--\r\n")
	ct := fmt.Sprintf("Content-Type: multipart/%s; boundary=%q", subtype, boundary)
	if extra != "" {
		ct += ";\r\n\t" + extra
	}
	return part{header: []string{ct}, body: b.Bytes()}
}

// message is a whole mail: the top header lines, then the part's.
func message(header []string, p part) []byte {
	var b bytes.Buffer
	for _, h := range append(header, p.header...) {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("\r\n")
	b.Write(p.body)
	return b.Bytes()
}

func crlf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

func transfer(raw []byte, cte string) []byte {
	switch cte {
	case "quoted-printable":
		var b bytes.Buffer
		w := quotedprintable.NewWriter(&b)
		_, _ = w.Write(raw)
		_ = w.Close()
		return b.Bytes()
	case "base64":
		enc := base64.StdEncoding.EncodeToString(raw)
		var b bytes.Buffer
		for len(enc) > 76 {
			b.WriteString(enc[:76] + "\r\n")
			enc = enc[76:]
		}
		b.WriteString(enc + "\r\n")
		return b.Bytes()
	}
	return raw
}

// cp1252 are the characters of windows-1252 outside Latin-1.
var cp1252 = map[rune]byte{'€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93,
	'”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99}

// encodeCharset writes UTF-8 text in a charset; what it lacks becomes "?".
func encodeCharset(s, charset string) []byte {
	switch strings.ToLower(strings.Trim(charset, `"`)) {
	case "windows-1252", "iso-8859-1", "iso-8859-15":
		var b []byte
		for _, r := range s {
			switch c, ok := cp1252[r]; {
			case ok && strings.EqualFold(strings.Trim(charset, `"`), "windows-1252"):
				b = append(b, c)
			case r < 0x80 || r >= 0xa0 && r <= 0xff:
				b = append(b, byte(r))
			default:
				b = append(b, '?')
			}
		}
		return b
	}
	return []byte(s)
}

// flowed writes text as format=flowed (RFC 3676) does for lines that are
// short enough: lines that start with a space or "From " are
// space-stuffed, and trailing spaces are dropped but for the signature
// separator, so that no line flows into the next by accident. Lines that
// start with ">" are quotes.
func flowed(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "-- " {
			l = strings.TrimRight(l, " ")
		}
		if strings.HasPrefix(l, " ") || strings.HasPrefix(l, "From ") {
			l = " " + l
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}
