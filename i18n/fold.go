package i18n

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold lowers s and strips its accents ("Zurück" → "zuruck", "aceptár" →
// "aceptar"), so words match however a mail client or keyboard wrote them.
// ß becomes ss.
func Fold(s string) string {
	if ascii(s) { // no accents to take off: most words, and every code
		return strings.ToLower(s)
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ReplaceAll(strings.ToLower(out), "ß", "ss")
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
