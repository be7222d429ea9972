package play

import (
	"testing"

	"pbem/internal/sentences"
)

// notYet names the files (or "file.go:Decl" declarations) of play whose
// texts to players are still English only. Every other text a player
// reads comes from the catalogs (package i18n), in the reader's language.
var notYet = map[string]string{
	"analyze.go":      "",
	"authority.go":    "",
	"block.go":        "",
	"bounce.go":       "",
	"challenges.go":   "",
	"clock.go":        "",
	"clocktext.go":    "",
	"commands.go":     "",
	"compose.go":      "",
	"computer.go":     "",
	"conditions.go":   "",
	"confirm.go":      "",
	"context.go":      "",
	"digest.go":       "",
	"handling.go":     "",
	"help.go":         "",
	"info.go":         "",
	"invite.go":       "",
	"invitelimits.go": "",
	"leaving.go":      "",
	"limits.go":       "",
	"notify.go":       "",
	"offers.go":       "",
	"plies.go":        "",
	"pictures.go":     "",
	"rating.go":       "",
	"record.go":       "",
	"resolve.go":      "",
	"service.go":      "",
	"tick.go":         "",
	"timezone.go":     "",
	"vacation.go":     "",
}

// TestNoEnglishSentences fails when a text to players is built in English
// outside notYet. Texts of errors and logs are for the operator and pass.
func TestNoEnglishSentences(t *testing.T) {
	found, stale, err := sentences.Check(".", notYet, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s (%s): English sentence %q; put it in i18n/catalog and render it in the reader's language", f.Pos, f.Decl, f.Text)
	}
	for _, key := range stale {
		t.Errorf("%s holds no English any more: take it off notYet", key)
	}
}
