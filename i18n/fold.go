package i18n

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold lowers s and strips its accents ("Zurück" → "zuruck", "aceptár" →
// "aceptar"), so words match however a mail client or keyboard wrote them.
// ß becomes ss.
func Fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ReplaceAll(strings.ToLower(out), "ß", "ss")
}
