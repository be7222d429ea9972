package web

import (
	"fmt"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/rules"
	"pbem/rules/games"
)

// TestEndings: the endings the service and a record's import store are
// said in the reader's language, with the mails' messages; their
// particulars only where the page knows the game's final outcome; any
// other text as stored.
func TestEndings(t *testing.T) {
	newGame := func(name string) rules.Game {
		e, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.New(rules.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	pente, quatro := newGame("pente"), newGame("quatro")
	five := &rules.Outcome{Over: true, Winners: []rules.Seat{0}, Reason: rules.FiveInRow,
		Detail: rules.M("detail.five", rules.Args{"From": "K10", "To": "K14"})}
	for _, tc := range []struct {
		name string
		e    ending
		lang i18n.Lang
		want string
	}{
		{"resignation", ending{stored: "resignation", game: pente}, i18n.German, "Aufgabe"},
		{"agreed draw", ending{stored: "agreed draw"}, i18n.Spanish, "tablas acordadas"},
		{"a seat's time forfeit", ending{stored: "time forfeit of Seat 3", game: quatro}, i18n.German, "Zeitüberschreitung von Platz 3"},
		{"a seat's resignation", ending{stored: "resignation of Black", game: pente}, i18n.Portuguese, "desistência de Pretas"},
		{"a seat the game lacks", ending{stored: "resignation of Seat 9", game: pente}, i18n.German, "resignation of Seat 9"},
		{"the rules' reason", ending{stored: "captures", game: pente}, i18n.German, "Schlagen"},
		{"the rules' reason with particulars, in a list", ending{stored: "five in a row, K10 to K14", game: pente},
			i18n.German, "fünf in einer Reihe"},
		{"the rules' reason with particulars, on the game's page", ending{stored: "five in a row, K10 to K14", game: pente, final: five},
			i18n.German, "fünf in einer Reihe, K10 bis K14"},
		{"particulars the final outcome does not have", ending{stored: "five in a row, A1 to A5", game: pente, final: five},
			i18n.German, "fünf in einer Reihe"},
		{"an import's ending", ending{stored: "White won by five in a row, K10 to K14", game: pente, final: five},
			i18n.Spanish, "victoria de Blancas: cinco en línea, K10 a K14"},
		{"an import's ending, in a list", ending{stored: "White won by five in a row, K10 to K14", game: pente},
			i18n.Portuguese, "vitória de Brancas: cinco em linha"},
		{"an import's draw", ending{stored: "it is drawn: no seat can act, no seat can step, remove or re-enter", game: quatro},
			i18n.German, "unentschieden: kein Platz kann ziehen"},
		{"English stays English", ending{stored: "White won by five in a row, K10 to K14", game: pente, final: five},
			i18n.English, "White won by five in a row, K10 to K14"},
		{"a record's own words", ending{stored: "adjudication", game: pente}, i18n.German, "adjudication"},
		{"a reason inside other words", ending{stored: "lost on captures after a long game", game: pente}, i18n.German,
			"lost on captures after a long game"},
		{"a game of an unknown kind", ending{stored: "White won by five in a row"}, i18n.German, "White won by five in a row"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := endingIn(tc.lang, tc.e); got != tc.want {
				t.Errorf("%q in %s: %q, want %q", tc.e.stored, tc.lang, got, tc.want)
			}
		})
	}
}

// TestEndingsOnPages: a finished game's ending in a list and on its
// page, in the reader's language.
func TestEndingsOnPages(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		target string
		want   string
	}{
		// The record of the first Pente game has no Termination: its
		// import stored the rules' ending in English.
		{fmt.Sprintf("/games/%d?lang=de", f.pente), "Beendet: 1-0, Sieg von Weiß: fünf in einer Reihe, K10 bis K14"},
		{fmt.Sprintf("/games/%d?ply=2&lang=es", f.pente), "Terminada: 1-0, victoria de Blancas: cinco en línea, K10 a K14"},
		{"/?game=pente&state=finished&lang=pt", "1-0 <span class=\"why\">(vitória de Brancas: cinco em linha)</span>"},
		{fmt.Sprintf("/games/%d?lang=en", f.pente), "Finished: 1-0, White won by five in a row, K10 to K14"},
	} {
		if body := f.get(t, tc.target).Body.String(); !strings.Contains(body, tc.want) {
			t.Errorf("GET %s lacks %s", tc.target, tc.want)
		}
	}
}
