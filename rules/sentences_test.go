package rules_test

import (
	"testing"

	"pbem/internal/sentences"
)

// notYet names the declarations that still hold English on purpose, by
// file and declaration. Display texts (boards, hints, the end of a game on
// the board) move to the catalogs in a later step; names are names; the
// rest never reach a player.
var notYet = map[string]string{
	// Names, option docs and stored values.
	"dobbal.go:Kind":        "game name and option docs",
	"pinuid.go:limitOption": "option doc",
	"pinuid.go:Classic":     "game name and option docs",
	"pinuid.go:Quatro":      "game name and option docs",
	"pente.go:Kind":         "option docs",
	"games.go:All":          "game titles",
	"outcome.go:Ongoing":    "reasons are stored values; Reason.Code names their messages",
	// Checks of the data tables, for developers.
	"square.go:mustSquare": "panic on bad data tables",
	"setup.go:setup.place": "checks of the setup tables",
	// Display texts: boards, hints, outcome details. The next step.
	"board.go:Game.Board":        "board text",
	"board.go:Game.Position":     "board text",
	"board.go:Game.toPlay":       "board text",
	"board.go:Game.capturedText": "board text",
	"board.go:Ply.note":          "board text",
	"play.go:rollText":           "board text",
	"play.go:Game.describeEnd":   "board text",
	"play.go:Game.Hint":          "hint text",
	"play.go:Game.apply":         "outcome details",
	"play.go:Game.decide":        "outcome details",
	"leave.go:Game.playLeave":    "outcome details",
	"leave.go:Game.leftWords":    "board text",
	"turn.go:Game.settle":        "outcome details",
	"turn.go:Game.progress":      "board text",
	"turn.go:Game.begin":         "outcome details",
	"rows.go:rowList.owedText":   "board text",
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
