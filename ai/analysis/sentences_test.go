package analysis

import (
	"testing"

	"pbem/internal/sentences"
)

// TestNoEnglishSentences fails when the analysis builds a comment for a
// record in English: its comments are messages of the catalogs
// (analysis.*), rendered in the reader's language. Errors pass.
func TestNoEnglishSentences(t *testing.T) {
	sentences.Assert(t, ".", nil, true)
}
