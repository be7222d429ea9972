package play

import (
	"os"
	"path/filepath"
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
	const begin, end = "  <!-- command words: begin -->\n", "  <!-- command words: end -->\n"
	path := filepath.Join("..", "docs", "service.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q and %q", path, begin, end)
	}
	want := text[:i+len(begin)] + wordsDoc() + text[j:]
	if want == text {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's command words differ from grammar.Words (run go test ./play -run CommandWordsDoc -update):\n%s", path, wordsDoc())
}
