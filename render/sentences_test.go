package render

import (
	"testing"

	"pbem/internal/sentences"
)

// allowed names the declarations of render whose literals may read as
// English sentences, with the reason.
var allowed = map[string]string{
	"draw.go:stateToMove": "a value of the SVG's data-state, for tests to read; the panel writes picture.to_move",
	"svg.go:writeSVG":     "SVG markup",
}

// TestNoEnglishSentences fails when render writes a word for a reader in
// English: a picture's words are messages of the catalogs (area picture),
// drawn in the language Options name. Errors for developers pass.
func TestNoEnglishSentences(t *testing.T) {
	sentences.Assert(t, ".", allowed, true)
}
