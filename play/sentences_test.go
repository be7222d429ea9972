package play

import (
	"testing"

	"pbem/internal/sentences"
)

// notYet names the files (or "file.go:Decl" declarations) of play whose
// texts to players are still English only. Every other text a player
// reads comes from the catalogs (package i18n), in the reader's language.
var notYet = map[string]string{

	// Declarations whose texts stay English: the command table's forms
	// and authorities make the English table of docs/service.md (players
	// read the commands in help, from the catalogs); a game's termination
	// is stored as its record keeps it; the verdicts on delivery reports
	// are for the log.
	"bounce.go:bounceVerdict.String": "log values, for the operator",
	"commands.go:Authority.String":   "docs/service.md table, English docs",
	"commands.go:commandTable":       "docs/service.md table, English docs",
	"invite.go:cancelled":            "stored termination, as records keep it",
	"leaving.go:leavingWords":        "stored termination, as records keep it",
	"offers.go:agreedDraw":           "a stored termination",
	"record.go:eventPrefix":          "the Event tag of records",
}

// TestNoEnglishSentences fails when a text to players is built in English
// outside notYet. Texts of errors and logs are for the operator and pass.
func TestNoEnglishSentences(t *testing.T) {
	sentences.Assert(t, ".", notYet, true)
}
