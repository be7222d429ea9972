package play

import (
	"testing"

	"pbem/db"
)

// TestMailExamplesByLanguage keeps the mails whose texts have been put
// into German, Spanish and Portuguese in docs/mails/LANG, as
// TestMailExamples keeps the English ones: a player who chose the
// language, a rule broken, a typo, a line not understood, help.
func TestMailExamplesByLanguage(t *testing.T) {
	words := map[string]struct{ language, new, with, help string }{
		"de": {"sprache", "neue", "mit", "hilfe"},
		"es": {"idioma", "nueva", "con", "ayuda"},
		"pt": {"idioma", "nova", "com", "ajuda"},
	}
	for lang, wd := range words {
		t.Run(lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			got := map[string]db.Mail{}
			w.send("alice@example.org", "", wd.language+" "+lang)
			got["70-language-set"] = w.last("alice@example.org")
			w.send("alice@example.org", "", wd.new+" pente "+wd.with+" bob@example.org")
			w.reply("bob@example.org", w.last("bob@example.org"), "accept")
			w.reply("alice@example.org", w.last("alice@example.org"), "K10")
			w.reply("bob@example.org", w.last("bob@example.org"), "L9")
			w.reply("alice@example.org", w.last("alice@example.org"), "H9")
			got["07-rule-broken"] = w.last("alice@example.org")
			w.reply("alice@example.org", w.last("alice@example.org"), "I10")
			got["08-typo-in-a-point"] = w.last("alice@example.org")
			w.send("alice@example.org", "", "brtt")
			got["71-not-understood"] = w.last("alice@example.org")
			w.send("alice@example.org", "", wd.help)
			got["23-help"] = w.last("alice@example.org")

			keepLanguageExtras(t, lang, got, "MailExamplesByLanguage")
		})
	}
}
