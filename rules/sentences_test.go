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
	found, stale, err := sentences.Check(".", notYet, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s (%s): English sentence %q; give it a code and put the sentence in i18n/catalog", f.Pos, f.Decl, f.Text)
	}
	for _, key := range stale {
		t.Errorf("%s holds no English any more: take it off notYet", key)
	}
}
