package grammar

import (
	"testing"

	"pbem/internal/sentences"
)

// allowed names the declarations of grammar whose literals may read as
// English sentences, with the reason.
var allowed = map[string]string{
	"command.go:NewGame":             "participle's grammar in a struct tag",
	"command.go:Command.Verb":        "command words, which the catalogs name in each language",
	"command.go:Command.String":      "a command in its canonical form, as a reply's Read: line and docs/service.md write it",
	"command.go:NotUnderstood.Error": "for developers: play says it from the catalogs",
}

// TestNoEnglishSentences fails when grammar builds a text for a reader in
// English: the faults of a record's syntax are messages of the catalogs
// (notation.syntax), rendered in the reader's language. Errors for
// developers pass.
func TestNoEnglishSentences(t *testing.T) {
	sentences.Assert(t, ".", allowed, true)
}
