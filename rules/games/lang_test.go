package games

import (
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/rules"
)

// in renders a board in lang with its wrapped lines joined, so that a
// test can look for a whole sentence.
func in(lang i18n.Lang, t rules.Text) string {
	s := t.Render(func(m rules.Msg) string { return i18n.Render(lang, m) })
	return strings.ReplaceAll(s, "\n", " ")
}

// TestBoardLinesInEachLanguage renders the lines under each engine's
// board in German, Spanish and Portuguese: the legend, the last ply, the
// roll, a seat that left and how a game ended.
func TestBoardLinesInEachLanguage(t *testing.T) {
	fiveInARow := []string{"K10", "A1", "N10", "A2", "L10", "A3", "M10", "A4", "O10"}
	tests := []struct {
		game  string
		plies []string
		// leave makes seat 3 resign after the plies (Quatro).
		leave bool
		roll  []int
		want  map[i18n.Lang][]string
	}{
		{game: "pente", plies: fiveInARow, want: map[i18n.Lang][]string{
			i18n.English:    {"Last: ply 9, White O10", "Game over: White won by five in a row (K10 to O10)."},
			i18n.German:     {"Zuletzt: Zug 9, Weiß O10", "Partie beendet: Weiß hat gewonnen durch fünf in einer Reihe (K10 bis O10)."},
			i18n.Spanish:    {"Última: jugada 9, Blancas O10", "Partida terminada: Blancas ganó por cinco en línea (K10 a O10)."},
			i18n.Portuguese: {"Último: lance 9, Brancas O10", "cinco em linha (K10 a O10)"},
		}},
		{game: "pinuid", plies: []string{"d2-c3"}, want: map[i18n.Lang][]string{
			i18n.English:    {"W White: 5 pins on the board, 0 removed; base line rank 1", "Last: ply 1, White d2-c3.", "Black to play, ply 2."},
			i18n.German:     {"W Weiß: 5 Stifte auf dem Brett, 0 entfernt; Grundlinie Zeile 1", "Zuletzt: Zug 1, Weiß d2-c3.", "Schwarz ist am Zug, Zug 2."},
			i18n.Spanish:    {"Última: jugada 1, Blancas d2-c3.", "Turno de Negras, jugada 2."},
			i18n.Portuguese: {"Último: lance 1, Brancas d2-c3.", "Vez de Pretas, lance 2."},
		}},
		{game: "quatro", plies: []string{"c3-d4"}, leave: true, want: map[i18n.Lang][]string{
			i18n.English:    {"3 Seat 3: 5 pins on the board, 0 removed; resigned at ply 2", "Last: ply 2, Seat 3 s3:resign (resigned; its pins stay as obstacles)."},
			i18n.German:     {"3 Platz 3: 5 Stifte auf dem Brett, 0 entfernt; hat in Zug 2 aufgegeben", "Zuletzt: Zug 2, Platz 3 s3:resign (aufgegeben; die Stifte bleiben als Hindernisse stehen).", "Platz 2 ist am Zug, Zug 3."},
			i18n.Spanish:    {"3 Puesto 3: 5 fichas en el tablero, 0 retiradas; abandonó en la jugada 2", "Turno de Puesto 2, jugada 3."},
			i18n.Portuguese: {"3 Lugar 3: 5 pinos no tabuleiro, 0 retirados; desistiu no lance 2", "Vez de Lugar 2, lance 3."},
		}},
		{game: "dobbal", roll: []int{2, 1, 3}, want: map[i18n.Lang][]string{
			i18n.English:    {"W White   B Black   G game pin   (x) last turn", "White to play, ply 1.", "Roll: movement dice 2 and 1, game die 3."},
			i18n.German:     {"Weiß: 5 Stifte auf dem Brett, 0 draußen; Grundlinie Zeile 1", "Wurf: Bewegungswürfel 2 und 1, Spielwürfel 3."},
			i18n.Spanish:    {"Blancas: 5 fichas en el tablero, 0 fuera; línea de fondo en la fila 1", "Tirada: dados de movimiento 2 y 1, dado de juego 3."},
			i18n.Portuguese: {"Brancas: 5 pinos no tabuleiro, 0 fora; linha de fundo na linha 1", "Lançamento: dados de movimento 2 e 1, dado de jogo 3."},
		}},
	}
	for _, tt := range tests {
		e, err := Lookup(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range tt.plies {
			if err := rules.PlayToken(g, tok); err != nil {
				t.Fatalf("%s: %v", tt.game, err)
			}
		}
		if tt.leave {
			if err := g.(rules.Eliminator).Eliminate(2, rules.Resigned); err != nil {
				t.Fatal(err)
			}
		}
		if tt.roll != nil {
			if err := g.(rules.Roller).SetRoll(tt.roll); err != nil {
				t.Fatal(err)
			}
		}
		for lang, want := range tt.want {
			board := in(lang, g.Board())
			for _, w := range want {
				if !strings.Contains(board, w) {
					t.Errorf("%s in %s: the board lacks %q:\n%s", tt.game, lang, w, board)
				}
			}
		}
	}
}

// TestHintInGerman renders each of Pente's hints in German.
func TestHintInGerman(t *testing.T) {
	tests := []struct {
		game  string
		plies []string
		want  string
	}{
		{"pente", nil, "nur K10: der erste Stein von Weiß kommt auf die Mitte"},
		{"pente", []string{"K10", "L9"}, "jeden leeren Punkt, der in Spalte oder Zeile mindestens 3 Punkte von K10 entfernt ist, außerhalb von H8-M12 (Turnierregel)"},
		{"g-pente", []string{"K10", "L9"}, "außer K13 K14 K7 K6 G10 F10 N10 O10 (G-Pente-Eröffnungsregel)"},
		{"pente", []string{"K10", "L9", "O6"}, "jeden leeren Punkt (358 gibt es)"},
		{"pente", []string{"K10", "A1", "N10", "A2", "L10", "A3", "M10", "A4", "O10"}, "keinen: die Partie ist zu Ende"},
	}
	for _, tt := range tests {
		e, _ := Lookup(tt.game)
		g, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range tt.plies {
			if err := rules.PlayToken(g, tok); err != nil {
				t.Fatal(err)
			}
		}
		if got := i18n.Render(i18n.German, g.(rules.Hinter).Hint()); got != tt.want && !strings.Contains(got, tt.want) {
			t.Errorf("%s after %v: hint %q, want %q", tt.game, tt.plies, got, tt.want)
		}
	}
}

// TestOptionDocsInEveryLanguage checks that every option's Doc is a
// message of the catalogs, in English and in each translation.
func TestOptionDocsInEveryLanguage(t *testing.T) {
	for _, e := range All() {
		for _, op := range e.Kind.Options {
			for _, lang := range i18n.All {
				if got := i18n.Tr(lang, op.Doc, nil); got == op.Doc || got == "" {
					t.Errorf("%s option %s: Doc %q has no text in %s", e.Name, op.Name, op.Doc, lang)
				}
			}
		}
	}
}
