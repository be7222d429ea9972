package web

import (
	"regexp"
	"sync"
)

// mailAddress matches what looks like a mail address in free text. It is
// compiled on first use, not at every start of pbem.
var mailAddress = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`([A-Za-z0-9._%+\-]+)@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*`)
})

// withoutAddresses replaces each mail address in text by its local part
// ("ana@example.org" becomes "ana"), a plus-suffix with it ("pbem+key"
// becomes "pbem"), as the archive shows no address whole and no key.
// Names come from the store already public (db.Archive); this is for text
// the archive passes on as it was stored, such as an imported record's
// tags.
func withoutAddresses(text string) string {
	// Again until none is left: cutting "a@b" out of "a@b@c.org" leaves
	// "a@c.org". Each round shortens the text, so this ends.
	for mailAddress().MatchString(text) {
		text = cutAddresses(text)
	}
	return text
}

func cutAddresses(text string) string {
	return mailAddress().ReplaceAllStringFunc(text, func(a string) string {
		local := mailAddress().FindStringSubmatch(a)[1]
		for i := 0; i < len(local); i++ {
			if local[i] == '+' {
				return local[:i]
			}
		}
		return local
	})
}
