package play

import (
	"slices"
	"strings"
	"testing"

	"pbem/grammar"
)

// wordsDoc renders the command words of every language as docs/service.md
// shows them, from grammar.Words, in a list item: the words help lists too.
func wordsDoc() string {
	var b strings.Builder
	b.WriteString("  | English | Deutsch | español | português |\n  |---|---|---|---|\n")
	for _, en := range helpWords {
		cells := []string{en}
		for _, lang := range []string{"de", "es", "pt"} {
			var shown []string
			for _, w := range grammar.Words[en][lang] {
				if w = grammar.Written(lang, w); !slices.Contains(shown, w) {
					shown = append(shown, w)
				}
			}
			if len(shown) == 0 {
				shown = []string{en}
			}
			cells = append(cells, strings.Join(shown, ", "))
		}
		b.WriteString("  | " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String()
}

// TestCommandWordsDoc keeps docs/service.md's table of command words equal
// to grammar.Words (-update rewrites it).
func TestCommandWordsDoc(t *testing.T) {
	keepDocSection(t, "  <!-- command words: begin -->\n", "  <!-- command words: end -->\n", wordsDoc(), "CommandWordsDoc")
}
