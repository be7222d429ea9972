package notation

import (
	"testing"

	"pbem/internal/sentences"
)

// allowed names the declarations of notation whose literals may read as
// English sentences, with the reason: none reaches a reader as a sentence.
var allowed = map[string]string{}

// TestNoEnglishSentences fails when notation builds a text for a reader in
// English: its problems and summaries are messages of the catalogs (package
// i18n), rendered in the reader's language. Errors for developers pass.
func TestNoEnglishSentences(t *testing.T) {
	found, stale, err := sentences.Check(".", allowed, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s (%s): English sentence %q; put it in i18n/catalog/notation.*.toml and render it in the reader's language", f.Pos, f.Decl, f.Text)
	}
	for _, key := range stale {
		t.Errorf("%s holds no English any more: take it off allowed", key)
	}
}
