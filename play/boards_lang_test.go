package play

import (
	"testing"
)

// languageWords are the command words a test's readers send in their own
// language.
var languageWords = map[string]struct{ language, new, with, accept string }{
	"de": {"sprache", "neu", "mit", "annehmen"},
	"es": {"idioma", "nueva", "con", "aceptar"},
	"pt": {"idioma", "nova", "com", "aceitar"},
}

// TestBoardSectionInReadersLanguage starts a game of each engine and
// checks that the mail to bob, who set his language, shows the game's
// section in it: the heading, the legend under the board with the seats'
// names, whose turn it is, and what bob can send next.
func TestBoardSectionInReadersLanguage(t *testing.T) {
	tests := []struct {
		lang, game string
		want       []string
	}{
		{"de", "pente", []string{"Partie 1, Pente", "Plätze: alice (Weiß), bob (Schwarz)",
			"O Weiß  geschlagen: 0 von 5 Paaren (0 Steine)", "X Schwarz  geschlagen: 0 von 5 Paaren (0 Steine)",
			"Weiß ist am Zug, Zug 1.", "Warten auf alice (Weiß). Du bekommst das Brett, wenn du am Zug bist."}},
		{"es", "pente", []string{"Partida 1, Pente", "Puestos: alice (Blancas), bob (Negras)",
			"O Blancas  capturadas: 0 de 5 pares (0 piedras)", "Turno de Blancas, jugada 1.",
			"Esperando a alice (Blancas). Recibirás el tablero cuando te toque."}},
		{"pt", "pente", []string{"Partida 1, Pente", "Lugares: alice (Brancas), bob (Pretas)",
			"X Pretas  capturadas: 0 de 5 pares (0 pedras)", "Vez de Brancas, lance 1.",
			"À espera de alice (Brancas)."}},
		{"de", "keryo-pente", []string{"O Weiß  geschlagen: 0 von 15 Steinen"}},
		{"es", "gomoku", []string{"X Negras  capturadas: nada (en Gomoku no se captura)"}},
		{"de", "pinuid", []string{"W Weiß: 5 Stifte auf dem Brett, 0 entfernt; Grundlinie Zeile 1",
			"B Schwarz: 5 Stifte auf dem Brett, 0 entfernt; Grundlinie Zeile 7", "Weiß ist am Zug, Zug 1."}},
		{"es", "pinuid", []string{"W Blancas: 5 fichas en el tablero, 0 retiradas; línea de fondo en la fila 1",
			"Turno de Blancas, jugada 1."}},
		{"pt", "pinuid", []string{"B Pretas: 5 pinos no tabuleiro, 0 retirados; linha de fundo na linha 7",
			"Vez de Brancas, lance 1."}},
		{"de", "dobbal", []string{"W Weiß   B Schwarz   G Spielstift   (x) letzter Zug",
			"Schwarz: 5 Stifte auf dem Brett, 0 draußen; Grundlinie Zeile 7", "Weiß ist am Zug, Zug 1.",
			"Wurf: Bewegungswürfel"}},
		{"es", "dobbal", []string{"W Blancas   B Negras   G ficha de juego   (x) último turno",
			"Tirada: dados de movimiento"}},
		{"pt", "dobbal", []string{"W Brancas   B Pretas   G pino de jogo   (x) último turno",
			"Lançamento: dados de movimento", "Vez de Brancas, lance 1."}},
	}
	for _, tt := range tests {
		t.Run(tt.lang+"/"+tt.game, func(t *testing.T) {
			wd := languageWords[tt.lang]
			w := newWorld(t, Config{})
			w.send("bob@example.org", "", wd.language+" "+tt.lang)
			w.send("alice@example.org", "", "new "+tt.game+" with bob@example.org")
			w.reply("bob@example.org", w.last("bob@example.org"), wd.accept)
			mustContain(t, w.lastAbout("bob@example.org", 1), tt.want...)
		})
	}
}

// TestQuatroBoardNamesPlayersInReadersLanguage checks that a board of four
// seats puts the players' names to the seats in the reader's language.
func TestQuatroBoardNamesPlayersInReadersLanguage(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("bob@example.org", "", "sprache de")
	w.send("alice@example.org", "", "new quatro with bob@example.org carol@example.org dave@example.org")
	for _, p := range []string{"bob@example.org", "carol@example.org", "dave@example.org"} {
		w.reply(p, w.last(p), "accept")
	}
	mustContain(t, w.lastAbout("bob@example.org", 1),
		"Plätze: alice (Platz 1), bob (Platz 2), carol (Platz 3), dave (Platz 4)",
		"1 alice (Platz 1): 5 Stifte auf dem Brett, 0 entfernt",
		"alice (Platz 1) ist am Zug, Zug 1.")
	mustContain(t, w.lastAbout("carol@example.org", 1), "1 alice (Seat 1): 5 pins on the board, 0 removed",
		"alice (Seat 1) to play, ply 1.")
}

// TestFinishedSectionInReadersLanguage checks how a game's end reads in
// the section of a mail: by the rules' reason, or by a resignation.
func TestFinishedSectionInReadersLanguage(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("bob@example.org", "", "idioma es")
	w.send("alice@example.org", "", "new pente with bob@example.org")
	w.reply("bob@example.org", w.last("bob@example.org"), "aceptar")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "resign")
	mustContain(t, w.lastAbout("bob@example.org", 1), "Partida terminada: gana bob (abandono).",
		"Envía «registro 1» para recibir el registro de la partida.")
	mustContain(t, w.lastAbout("alice@example.org", 1), "Game over: bob wins (resignation).")
}

// TestRefusalNamesSeatInReadersLanguage checks that a refusal naming a
// seat names it in the reader's language, not as records write it.
func TestRefusalNamesSeatInReadersLanguage(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("bob@example.org", "", "idioma es")
	w.send("alice@example.org", "", "new pinuid with bob@example.org")
	w.reply("bob@example.org", w.last("bob@example.org"), "aceptar")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "d2-c3")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", 1), "c1-d2")
	mustContain(t, w.last("bob@example.org"), "En c1 está una ficha de Blancas")
}
