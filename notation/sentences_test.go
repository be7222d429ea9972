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
	sentences.Assert(t, ".", allowed, true)
}
