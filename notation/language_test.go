package notation

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pbem/i18n"
)

// TestProblemsInEveryLanguage reviews bad records in each language: the
// problem names the same line and column, and says what is wrong in the
// reader's language, with nothing left as a code.
func TestProblemsInEveryLanguage(t *testing.T) {
	cases := []struct {
		name      string
		src       string
		line, col int
		want      map[i18n.Lang]string // a part of the message, by language
	}{
		{"a ply the rules refuse", "[Game \"Pente\"]\n1. K10 L9\n2. K10 *\n", 3, 4, map[i18n.Lang]string{
			i18n.English:    "ply 3 (K10): K10 is taken",
			i18n.German:     "Zug 3 (K10): K10 ist besetzt",
			i18n.Spanish:    "jugada 3 (K10): K10 está ocupado",
			i18n.Portuguese: "lance 3 (K10): K10 está ocupado",
		}},
		{"a result the rules contradict", "[Game \"Pente\"]\n" + strings.Replace(five, "1-0", "0-1", 1), 2, 48, map[i18n.Lang]string{
			i18n.English:    "the result is recorded as 0-1, but by the rules White won by five in a row, K10 to K14",
			i18n.German:     "als Ergebnis steht 0-1 da, nach den Regeln aber Sieg von Weiß: fünf in einer Reihe",
			i18n.Spanish:    "el resultado anotado es 0-1, pero según las reglas es victoria de Blancas: cinco en línea",
			i18n.Portuguese: "o resultado registado é 0-1, mas pelas regras é vitória de Brancas: cinco em linha",
		}},
		{"the Result tag and the movetext disagree", "[Game \"Pente\"]\n[Result \"0-1\"]\nK10 1-0\n", 3, 5, map[i18n.Lang]string{
			i18n.English:    "the moves end with 1-0 but the Result tag says 0-1",
			i18n.German:     "die Züge enden mit 1-0, aber das Result-Tag sagt 0-1",
			i18n.Spanish:    "las jugadas terminan en 1-0, pero la etiqueta Result dice 0-1",
			i18n.Portuguese: "os lances terminam em 1-0, mas a etiqueta Result diz 0-1",
		}},
		{"Resign and a result that disagree", "[Game \"Pente\"]\nK10 Resign 0-1\n", 2, 12, map[i18n.Lang]string{
			i18n.English:    "Resign means Black gave up, so the result is 1-0, not 0-1",
			i18n.German:     "Resign heißt, dass Schwarz aufgegeben hat; das Ergebnis ist also 1-0, nicht 0-1",
			i18n.Spanish:    "Resign significa abandono de Negras, así que el resultado es 1-0, no 0-1",
			i18n.Portuguese: "Resign significa desistência de Pretas, por isso o resultado é 1-0, não 0-1",
		}},
		{"a bad Result tag", "[Game \"Pente\"]\n[Result \"1-1\"]\nK10 *\n", 3, 5, map[i18n.Lang]string{
			i18n.English:    "Result tag: 1-1 is not a result of a game of 2 seats: write a win of seat 1 as 1-0, a draw as 1/2-1/2, or * while it goes on",
			i18n.German:     "Result-Tag: 1-1 ist kein Ergebnis einer Partie mit 2 Plätzen",
			i18n.Spanish:    "etiqueta Result: 1-1 no es un resultado de una partida de 2 puestos",
			i18n.Portuguese: "etiqueta Result: 1-1 não é um resultado de uma partida de 2 lugares",
		}},
		{"no Game tag", "[White \"a\"]\nK10 *\n", 1, 1, map[i18n.Lang]string{
			i18n.English:    `the game has no Game tag: say which game it is, as in [Game "Pente"]`,
			i18n.German:     `die Partie hat kein Game-Tag: gib an, welches Spiel es ist, etwa [Game "Pente"]`,
			i18n.Spanish:    `la partida no tiene etiqueta Game: indica qué juego es, como en [Game "Pente"]`,
			i18n.Portuguese: `a partida não tem etiqueta Game: indica qual é o jogo, como em [Game "Pente"]`,
		}},
		{"an unknown game: the rules' words inside notation's", "[Game \"Pentee\"]\nK10 *\n", 1, 1, map[i18n.Lang]string{
			i18n.English:    `Game tag: there is no game "Pentee"; did you mean pente?`,
			i18n.German:     "Game-Tag: es gibt kein Spiel „Pentee“",
			i18n.Spanish:    "etiqueta Game: no existe el juego «Pentee»",
			i18n.Portuguese: "etiqueta Game: não existe o jogo «Pentee»",
		}},
		{"a Variant of another game", "[Game \"Pinuid Classic\"]\n[Variant \"Gomoku\"]\n*\n", 2, 1, map[i18n.Lang]string{
			i18n.English:    "Variant tag: Gomoku is not played as Pinuid Classic",
			i18n.German:     "Variant-Tag: Gomoku ist keine Spielart von Pinuid Classic",
			i18n.Spanish:    "etiqueta Variant: Gomoku no es una variante de Pinuid Classic",
			i18n.Portuguese: "etiqueta Variant: Gomoku não é uma variante de Pinuid Classic",
		}},
		{"a tag given twice", "[Game \"Pente\"]\n[White \"a\"]\n[white \"b\"]\n*\n", 3, 1, map[i18n.Lang]string{
			i18n.English:    "the tag White is given twice; the first is on line 2",
			i18n.German:     "das Tag White steht zweimal da; das erste steht in Zeile 2",
			i18n.Spanish:    "la etiqueta White aparece dos veces; la primera está en la línea 2",
			i18n.Portuguese: "a etiqueta White aparece duas vezes; a primeira está na linha 2",
		}},
		{"a setup of its own", "[Game \"Pente\"]\n[Setup \"1\"]\n*\n", 2, 1, map[i18n.Lang]string{
			i18n.English:    "Setup tag: pbem replays games from the standard setup only",
			i18n.German:     "Setup-Tag: pbem spielt Partien nur aus der üblichen Anfangsstellung nach",
			i18n.Spanish:    "etiqueta Setup: pbem solo reproduce partidas desde la posición inicial habitual",
			i18n.Portuguese: "etiqueta Setup: o pbem só reproduz partidas a partir da posição inicial habitual",
		}},
		{"a variation with no ply before it", "[Game \"Pente\"]\n(K10) K10 *\n", 2, 1, map[i18n.Lang]string{
			i18n.English:    "a variation replaces the ply before it, and there is none here",
			i18n.German:     "eine Variante ersetzt den Zug davor, aber hier steht keiner davor",
			i18n.Spanish:    "una variante sustituye a la jugada anterior, pero aquí no hay ninguna",
			i18n.Portuguese: "uma variante substitui o lance anterior, mas aqui não há nenhum",
		}},
		{"a NAG with no ply before it", "[Game \"Pente\"]\n$1 K10 *\n", 2, 1, map[i18n.Lang]string{
			i18n.English:    "a NAG such as $1 marks the ply before it, and there is none here",
			i18n.German:     "ein NAG wie $1 bewertet den Zug davor, aber hier steht keiner davor",
			i18n.Spanish:    "un NAG como $1 califica la jugada anterior, pero aquí no hay ninguna",
			i18n.Portuguese: "um NAG como $1 avalia o lance anterior, mas aqui não há nenhum",
		}},
		// Faults of the syntax (package grammar), and what they found
		// where something else was due, said in each language too.
		{"a value not closed", "[Game \"Pente]\nK10 *\n", 1, 7, map[i18n.Lang]string{
			i18n.English:    `the quoted value is not closed: end it with " on the same line`,
			i18n.German:     `der Wert in Anführungszeichen ist nicht geschlossen: beende ihn mit " in derselben Zeile`,
			i18n.Spanish:    `el valor entre comillas no está cerrado: termínalo con " en la misma línea`,
			i18n.Portuguese: `o valor entre aspas não está fechado: termina-o com " na mesma linha`,
		}},
		{"a variation not closed", "[Game \"Pente\"]\nK10 (L9 *\n", 2, 5, map[i18n.Lang]string{
			i18n.English:    "this variation is not closed before the result *: end it with )",
			i18n.German:     "diese Variante ist noch offen, wo das Ergebnis * kommt: schließ sie mit )",
			i18n.Spanish:    "esta variante sigue abierta cuando llega el resultado *: ciérrala con )",
			i18n.Portuguese: "esta variante continua aberta quando chega o resultado *: fecha-a com )",
		}},
		{"a tag not closed", "[Game \"Pente\"\nK10 *\n", 1, 14, map[i18n.Lang]string{
			i18n.English:    "expected ] to close the tag Game, found the end of the line",
			i18n.German:     "das Tag Game sollte mit ] enden, aber da steht das Ende der Zeile",
			i18n.Spanish:    "se esperaba ] para cerrar la etiqueta Game, pero viene el final de la línea",
			i18n.Portuguese: "esperava-se ] para fechar a etiqueta Game, mas vem o fim da linha",
		}},
		{"a character that has no place in the moves", "[Game \"Pente\"]\nK10 L9& *\n", 2, 5, map[i18n.Lang]string{
			i18n.English:    "L9&: the character '&' has no place in the moves",
			i18n.German:     "L9&: das Zeichen '&' hat in den Zügen keinen Platz",
			i18n.Spanish:    "L9&: el carácter '&' no tiene cabida en las jugadas",
			i18n.Portuguese: "L9&: o carácter '&' não tem lugar nos lances",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gs := slices.Collect(Games("t.pgn", []byte(c.src)))
			if len(gs) != 1 || gs[0].Problem == nil {
				t.Fatalf("want one game with a problem, got %d games", len(gs))
			}
			english := gs[0].Problem
			for _, lang := range i18n.All {
				p := english.In(lang)
				if p.Line != c.line || p.Column != c.col || p.File != "t.pgn" || p.Quote != english.Quote || p.Ply != english.Ply {
					t.Errorf("%s: at %s:%d:%d ply %d, want t.pgn:%d:%d ply %d", lang, p.File, p.Line, p.Column, p.Ply, c.line, c.col, english.Ply)
				}
				if !strings.Contains(p.Msg, c.want[lang]) || !strings.Contains(p.Error(), c.want[lang]) {
					t.Errorf("%s: %q lacks %q", lang, p.Msg, c.want[lang])
				}
				if !strings.Contains(p.Msg, p.Reason) {
					t.Errorf("%s: message %q does not hold its reason %q", lang, p.Msg, p.Reason)
				}
				if strings.Contains(p.Msg, "notation.") || strings.Contains(p.Msg, "rules.") {
					t.Errorf("%s: a code is left in %q", lang, p.Msg)
				}
				if lang != i18n.English && p.Msg == english.Msg {
					t.Errorf("%s: the message is the English one: %q", lang, p.Msg)
				}
				want := fmt.Sprintf("t.pgn:%d:%d: %s\n", c.line, c.col, p.Msg)
				if got := p.Error(); !strings.HasPrefix(got, want) {
					t.Errorf("%s: Error() is %q, want it to begin %q", lang, got, want)
				}
			}
		})
	}
}

// TestLinesProblemsInEveryLanguage: the one-game-per-line form's faults
// are said in each language at the same place.
func TestLinesProblemsInEveryLanguage(t *testing.T) {
	want := map[i18n.Lang][2]string{
		i18n.English:    {"an empty field: each ply and the result end with ;, as in K10;L9;1-0;", "2-0 is not a result: the line ends with the result, as in K10;L9;1-0;"},
		i18n.German:     {"ein leerer Eintrag: jeder Zug und das Ergebnis enden mit ;", "2-0 ist kein Ergebnis: die Zeile endet mit dem Ergebnis"},
		i18n.Spanish:    {"un campo vacío: cada jugada y el resultado terminan en ;", "2-0 no es un resultado: la línea termina con el resultado"},
		i18n.Portuguese: {"um campo vazio: cada lance e o resultado terminam em ;", "2-0 não é um resultado: a linha termina com o resultado"},
	}
	gs := slices.Collect(Lines("l.txt", []byte("K10;;1-0;\nK10;L9;2-0;\n")))
	if len(gs) != 2 || gs[0].Problem == nil || gs[1].Problem == nil {
		t.Fatalf("want two games with problems, got %d", len(gs))
	}
	for lang, w := range want {
		for i, at := range [][2]int{{1, 5}, {2, 8}} {
			p := gs[i].Problem.In(lang)
			if p.Line != at[0] || p.Column != at[1] || !strings.Contains(p.Msg, w[i]) {
				t.Errorf("%s: game %d: %d:%d %q, want %d:%d ...%s...", lang, i+1, p.Line, p.Column, p.Msg, at[0], at[1], w[i])
			}
		}
	}
}

// TestProblemAsMessage: a problem wrapped in an error renders in the
// reader's language through i18n.Error, place and quote kept; in English
// it reads exactly as its Error.
func TestProblemAsMessage(t *testing.T) {
	var p *Problem
	for g := range Games("t.pgn", []byte("[Game \"Pente\"]\n1. K10 L9\n2. K10 *\n")) {
		p = g.Problem
	}
	err := fmt.Errorf("game 1: %w", p)
	if got, want := i18n.Error(i18n.English, err), "game 1: "+p.Error(); got != want {
		t.Errorf("English\n%s\nwant\n%s", got, want)
	}
	if got, want := i18n.Error(i18n.German, err), "game 1: "+p.In(i18n.German).Error(); got != want {
		t.Errorf("German\n%s\nwant\n%s", got, want)
	}
	if got := i18n.Error(i18n.Spanish, err); !strings.Contains(got, "t.pgn:3:4: jugada 3 (K10): K10 está ocupado") || !strings.HasSuffix(got, "\n    2. K10 *\n       ^") {
		t.Errorf("Spanish %q", got)
	}
}

// TestSummaryInEveryLanguage gives a review's line of a valid and of an
// invalid game in each language.
func TestSummaryInEveryLanguage(t *testing.T) {
	src := "[Game \"Pente\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n" + five +
		"\n[Game \"Pente\"]\n[White \"Bo\"]\n1. K10 L9 2. L10 *\n" +
		"\n[Game \"Pente\"]\nK10 1-0\n"
	gs := slices.Collect(Games("t.pgn", []byte(src)))
	if len(gs) != 3 {
		t.Fatalf("%d games", len(gs))
	}
	want := map[i18n.Lang][3]string{
		i18n.English: {
			"t.pgn #1: Ann vs Bo, Pente, 9 plies, result 1-0, by rule 1-0 (White won by five in a row, K10 to K14): valid",
			"t.pgn #2: Bo vs ?, Pente, 3 plies, result *, by rule *: INVALID at 8:14 ply 3 L10: L10 is inside the central 5x5 square",
			"t.pgn #3: ? vs ?, Pente, 1 ply, result 1-0, by rule *: valid",
		},
		i18n.German: {
			"t.pgn #1: Ann gegen Bo, Pente, 9 Züge, Ergebnis 1-0, nach den Regeln 1-0 (Sieg von Weiß: fünf in einer Reihe, K10 bis K14): gültig",
			"t.pgn #2: Bo gegen ?, Pente, 3 Züge, Ergebnis *, nach den Regeln *: UNGÜLTIG bei 8:14 Zug 3 L10: L10 liegt im zentralen 5x5-Bereich",
			"t.pgn #3: ? gegen ?, Pente, 1 Zug, Ergebnis 1-0, nach den Regeln *: gültig",
		},
		i18n.Spanish: {
			"t.pgn #1: Ann contra Bo, Pente, 9 jugadas, resultado 1-0, según las reglas 1-0 (victoria de Blancas: cinco en línea, K10 a K14): válida",
			"t.pgn #2: Bo contra ?, Pente, 3 jugadas, resultado *, según las reglas *: NO VÁLIDA en 8:14 jugada 3 L10: L10",
			"t.pgn #3: ? contra ?, Pente, 1 jugada, resultado 1-0, según las reglas *: válida",
		},
		i18n.Portuguese: {
			"t.pgn #1: Ann contra Bo, Pente, 9 lances, resultado 1-0, pelas regras 1-0 (vitória de Brancas: cinco em linha, K10 a K14): válida",
			"t.pgn #2: Bo contra ?, Pente, 3 lances, resultado *, pelas regras *: INVÁLIDA em 8:14 lance 3 L10: L10",
			"t.pgn #3: ? contra ?, Pente, 1 lance, resultado 1-0, pelas regras *: válida",
		},
	}
	for lang, w := range want {
		for i, g := range gs {
			s := g.SummaryIn(lang)
			if got := s.Text(); !strings.HasPrefix(got, w[i]) {
				t.Errorf("%s game %d:\n%s\nwant it to begin\n%s", lang, i+1, got, w[i])
			}
			if s.Error != nil && (s.Error.Line != 8 || s.Error.Column != 14 || s.Error.Reason != g.Problem.In(lang).Reason) {
				t.Errorf("%s game %d: error %+v", lang, i+1, s.Error)
			}
		}
	}
	// The summary without a language is the English one.
	if a, b := gs[0].Summary(), gs[0].SummaryIn(i18n.English); a.Text() != b.Text() || a.Ending != b.Ending {
		t.Errorf("Summary() %q, SummaryIn(en) %q", a.Text(), b.Text())
	}
}

// TestWordsRemember: one Words shared by many games (and goroutines) gives
// each game the ending and line the catalogs give it, whatever it put into
// words before.
func TestWordsRemember(t *testing.T) {
	src := "[Game \"Pente\"]\n" + five + "\n[Game \"Pente\"]\n1. K10 A1 2. K13 A2 3. K12 A3 4. K11 T19 5. K9 1-0\n" +
		"\n[Game \"Pente\"]\n1. K10 A1 2. K13 A2 3. K12 A3 4. K11 A4 5. T19 A5 0-1\n"
	gs := slices.Collect(Games("t.pgn", []byte(src)))
	for _, lang := range i18n.All {
		w := NewWords(lang)
		done := make(chan struct{})
		for range 4 {
			go func() {
				defer func() { done <- struct{}{} }()
				for range 3 {
					for _, g := range gs {
						s := w.Summary(g)
						want := i18n.Render(lang, describeOutcome(g.State))
						if s.Ending != want {
							t.Errorf("%s game %d: ending %q, want %q", lang, g.Index, s.Ending, want)
						}
						if fresh := g.SummaryIn(lang); s.Text() != fresh.Text() {
							t.Errorf("%s game %d: %q, alone %q", lang, g.Index, s.Text(), fresh.Text())
						}
					}
				}
			}()
		}
		for range 4 {
			<-done
		}
	}
	if e := gs[1].Summary().Ending; e != "White won by five in a row, K9 to K13" {
		t.Errorf("ending %q", e)
	}
}
