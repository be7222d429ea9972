package play

import (
	"fmt"
	"os"
	"path/filepath"
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

			dir := filepath.Join("..", "docs", "mails", lang)
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for name, m := range got {
				checkForm(t, name, m)
				text := fmt.Sprintf("To: %s\nSubject: %s\n\n%s", m.To, m.Subject, m.Body) + pictureNote(m)
				path := filepath.Join(dir, name+".txt")
				if *update {
					if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Errorf("%s: %v (run go test ./play -run MailExamplesByLanguage -update)", name, err)
					continue
				}
				if string(want) != text {
					t.Errorf("%s differs from %s (run with -update and review the diff):\n%s", name, path, text)
				}
			}
		})
	}
}
