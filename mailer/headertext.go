package mailer

import (
	"mime"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"golang.org/x/text/encoding/charmap"
)

// wordDecoder decodes RFC 2047 encoded words in every charset go-message
// knows. It is only read.
var wordDecoder = &mime.WordDecoder{CharsetReader: message.CharsetReader}

// undeclaredToUTF8 reads text whose charset nobody declared: UTF-8 stays
// as it is (RFC 6532 allows it in headers, and many clients send it raw);
// any other byte is read as windows-1252, the superset of Latin-1 that
// clients writing raw 8-bit text almost always mean. Text that mixes the
// two (a forwarder's UTF-8 "AW:" before a Latin-1 subject, a Latin-1 name
// pasted into UTF-8) keeps its UTF-8 characters: reading the whole text as
// windows-1252 turned each of them into two or three wrong ones. The
// result is valid UTF-8.
func undeclaredToUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/2)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			b.WriteByte(c)
			i++
			continue
		}
		if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n > 1 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		b.WriteRune(charmap.Windows1252.DecodeByte(c))
		i++
	}
	return b.String()
}

// headerText is an unstructured header field's value (a Subject) as text:
// raw 8-bit bytes read by undeclaredToUTF8, then RFC 2047 encoded words
// decoded (an encoded word in an unknown charset stays as it is), then made
// fit to re-use by cleanText.
func headerText(v string) string {
	return cleanText(decodeWords(undeclaredToUTF8(v)))
}

// decodeWords decodes the RFC 2047 encoded words in s; with one in an
// unknown charset, s stays as it is.
func decodeWords(s string) string {
	if d, err := wordDecoder.DecodeHeader(s); err == nil {
		return d
	}
	return s
}

// cleanText makes decoded header text safe to put back into a header or a
// line of a mail: valid UTF-8, every run of control characters (CR and LF
// above all, which an encoded word can carry) and of line or paragraph
// separators turned into one space, and no space at either end.
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			gap = true
			continue
		}
		if gap {
			b.WriteByte(' ')
			gap = false
		}
		b.WriteRune(r)
	}
	return strings.TrimSpace(b.String())
}

// addressList reads an address-list header field's value (From, To, ...):
// raw 8-bit display names are read by undeclaredToUTF8, so that they do not
// make the whole list unreadable; names are cleaned by cleanText, addresses
// lowercased. Encoded words inside a quoted name, which RFC 2047 forbids
// but clients send, are decoded too. A list that cannot be read gives nil,
// and so does one with a control character in an address, which no real
// address holds.
func addressList(v string) []*mail.Address {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	list, err := mail.ParseAddressList(undeclaredToUTF8(v))
	if err != nil {
		return nil
	}
	for _, a := range list {
		if hasControl(a.Address) {
			return nil
		}
		a.Name = cleanText(decodeWords(a.Name))
		a.Address = strings.ToLower(a.Address)
	}
	return list
}

// hasControl reports whether s holds a control character.
func hasControl(s string) bool {
	return strings.IndexFunc(s, unicode.IsControl) >= 0
}
