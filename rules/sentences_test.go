package rules_test

import (
	"testing"

	"pbem/internal/sentences"
)

// notYet names the declarations that hold English on purpose, by file and
// declaration: names are names, stored values stay as records keep them,
// and the checks of the data tables are for developers.
var notYet = map[string]string{
	// Names and stored values.
	"dobbal.go:Kind":     "game name",
	"pinuid.go:Classic":  "game name",
	"pinuid.go:Quatro":   "game name",
	"games.go:All":       "game titles",
	"outcome.go:Ongoing": "reasons are stored values; Reason.Code names their messages",
	// Checks of the data tables, for developers.
	"square.go:mustSquare": "panic on bad data tables",
	"setup.go:setup.place": "checks of the setup tables",
}

// TestNoEnglishSentences fails when a non-test file of rules/ builds an
// English sentence outside the declarations of notYet: refusals are codes
// with arguments, and their sentences live in the catalogs (package i18n).
func TestNoEnglishSentences(t *testing.T) {
	sentences.Assert(t, ".", notYet, false)
}
