package analysis

import (
	"testing"

	"pbem/internal/sentences"
)

// TestNoEnglishSentences fails when the analysis builds a comment for a
// record in English: its comments are messages of the catalogs
// (analysis.*), rendered in the reader's language. Errors pass.
func TestNoEnglishSentences(t *testing.T) {
	found, _, err := sentences.Check(".", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s (%s): English sentence %q; put it in i18n/catalog/analysis.*.toml", f.Pos, f.Decl, f.Text)
	}
}
