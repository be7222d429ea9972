package grammar

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// quoted finds the texts the catalogs put in quotes: „...“ in German,
// «...» in Spanish and Portuguese, and \"...\" (TOML's escaped quote).
var quoted = regexp.MustCompile(`„([^“]*)“|«([^»]*)»|\\"([^"\\]*)\\"`)

// TestCatalogsQuoteTheLanguagesWords fails when a German, Spanish or
// Portuguese message quotes a command with an English word where the
// language has its own (`annehmen challenge N` for `annehmen
// herausforderung N`): the mails teach the commands as the player's
// language writes them. Option names (days=3) are no command words.
func TestCatalogsQuoteTheLanguagesWords(t *testing.T) {
	for _, lang := range []string{"de", "es", "pt"} {
		files, err := filepath.Glob(filepath.Join("..", "i18n", "catalog", "*."+lang+".toml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s catalogs: %v", lang, err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for n, line := range strings.Split(string(data), "\n") {
				for _, m := range quoted.FindAllStringSubmatch(line, -1) {
					q := m[1] + m[2] + m[3]
					if w := englishWord(lang, q); w != "" {
						var own []string
						for _, o := range Words[w][lang] {
							if o := Written(lang, o); !slices.Contains(own, o) {
								own = append(own, o)
							}
						}
						t.Errorf("%s:%d quotes %q: %q is English; %s writes %s", filepath.Base(file), n+1, q, w, lang, strings.Join(own, " or "))
					}
				}
			}
		}
	}
}

// englishWord is the first word of a quoted command that is an English
// command word the language has another word for, or "".
func englishWord(lang, q string) string {
	f := strings.Fields(strings.ToLower(plainWords(q)))
	if len(f) == 0 {
		return ""
	}
	// Only a quote that opens with one of the language's command words
	// is a command; other quotes are names, values or examples of text.
	if !nativeWord(lang, f[0]) {
		return ""
	}
	for _, w := range f {
		own, ok := Words[w][lang]
		if ok && !slices.Contains(own, w) && !nativeWord(lang, w) {
			return w
		}
	}
	return ""
}

// nativeWord says whether w is a command word of lang.
func nativeWord(lang, w string) bool {
	for _, by := range Words {
		if slices.Contains(by[lang], w) {
			return true
		}
	}
	return false
}
