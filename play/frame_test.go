package play

import (
	"strconv"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/rules/games"
)

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// TestGameInPortugueseWords plays a whole game with only the Portuguese
// command words: invitation, plies, conditional moves, watching,
// settings, a vacation and the resignation.
func TestGameInPortugueseWords(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "Nova pente com bob@example.org tournament=off")
	inv := w.last("bob@example.org")
	// Bob never wrote: he reads the invitation in Alice's Portuguese.
	if !strings.HasSuffix(inv.Subject, " - convite") {
		t.Errorf("invitation subject %q, want it in Portuguese", inv.Subject)
	}
	w.reply("bob@example.org", inv, "aceitar")
	id := inv.GameID
	if g := w.game(id); g.row.State != "active" {
		t.Fatalf("state %s after aceitar, want active", g.row.State)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "lance K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "Lance A1")
	mustContain(t, w.last("bob@example.org"), "Lido: move "+itoa(id)+" A1")
	// Bob answers Alice's L10 in advance, then looks at his conditions.
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "se L10 então A2")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "condições")
	mustContain(t, w.last("bob@example.org"), "Lido: conditions "+itoa(id))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "L10")
	if g := w.game(id); g.game.Plies() != 4 {
		t.Errorf("%d plies after L10, want 4 (Bob's A2 answered it at once)", g.game.Plies())
	}
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "tabuleiro")
	mustContain(t, w.last("bob@example.org"), "Lido: board "+itoa(id))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "dica")
	mustContain(t, w.last("alice@example.org"), "Lido: hint "+itoa(id))

	// Carol watches and stops.
	w.send("carol@example.org", "", "acompanhar "+itoa(id))
	mustContain(t, w.last("carol@example.org"), "Lido: watch "+itoa(id))
	w.send("carol@example.org", "", "ignorar partida "+itoa(id))
	mustContain(t, w.last("carol@example.org"), "Lido: unwatch "+itoa(id))

	// Settings, with the values in Portuguese.
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "imagens desligar\navisos vez")
	got := w.last("bob@example.org")
	mustContain(t, got, "Lido: pictures off", "Os correios das tuas partidas são só texto", "Lido: notify myturn")
	bob := w.player("bob@example.org")
	if bob.Settings["pictures"] != picturesOff || bob.Settings["notify"] != "myturn" {
		t.Errorf("settings %v after imagens desligar and avisos vez", bob.Settings)
	}
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "férias 2 dias")
	mustContain(t, w.last("bob@example.org"), "Lido: vacation 2")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "voltar")
	mustContain(t, w.last("bob@example.org"), "Lido: back")

	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "partidas")
	mustContain(t, w.last("alice@example.org"), "Lido: games")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "DESISTIR")
	if g := w.game(id); g.row.State != "finished" || g.row.Result != "0-1" {
		t.Fatalf("game %d: state %s result %s after desistir, want finished 0-1", id, g.row.State, g.row.Result)
	}
	if got := w.player("alice@example.org").Settings[languageGuess]; got != "pt" {
		t.Errorf("Alice's language %q, want pt from her words", got)
	}
}

// TestFrameInLanguages gives the frame of a reply, the parts no command
// writes, in each reader's language.
func TestFrameInLanguages(t *testing.T) {
	tests := []struct {
		lang string
		want []string
	}{
		{"en", []string{"Read: games", "Read: board 1", "Games 1 and 2 are below. A reply to this mail is about game 1.",
			"2 more lines of text were not commands"}},
		{"de", []string{"Gelesen: games", "Gelesen: board 1", "Unten stehen die Partien 1 und 2. Eine Antwort auf diese Mail betrifft Partie 1.",
			"2 weitere Zeilen Text waren keine Befehle"}},
		{"es", []string{"Leído: games", "Leído: board 1", "Abajo están las partidas 1 y 2. Una respuesta a este correo trata de la partida 1.",
			"2 líneas más de texto no eran comandos"}},
		{"pt", []string{"Lido: games", "Lido: board 1", "Abaixo estão as partidas 1 e 2. Uma resposta a este correio é sobre a partida 1.",
			"2 linhas de texto a mais não eram comandos"}},
	}
	subjects := map[string]string{"en": "; also game 2", "de": "; auch Partie 2", "es": "; también partida 2", "pt": "; também partida 2"}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("bob@example.org", "", "language "+tc.lang)
			w.send("alice@example.org", "", "new pente with bob@example.org\nnew gomoku with bob@example.org")
			w.send("bob@example.org", "", "accept 1\naccept 2")
			w.send("bob@example.org", "", "games\nboard 1\nboard 2\nThanks a lot\nSee you")
			got := w.last("bob@example.org")
			mustContain(t, got, tc.want...)
			if !strings.Contains(got.Subject, subjects[tc.lang]) {
				t.Errorf("subject %q lacks %q", got.Subject, subjects[tc.lang])
			}
		})
	}
}

// TestRefusalsBeforeCommandsInLanguages: the state of a game and the
// missing game are told in the reader's language.
func TestRefusalsBeforeCommandsInLanguages(t *testing.T) {
	tests := []struct{ lang, state, which string }{
		{"en", "Game 1 has not started: it waits for every invitee to accept. Nothing was changed.",
			"Which game? You have no game this command fits; send \"games\" for your games."},
		{"de", "Partie 1 hat noch nicht begonnen: sie wartet darauf, dass alle Eingeladenen annehmen. Es wurde nichts geändert.",
			"Welche Partie? Du hast keine Partie, zu der dieser Befehl passt; schicke „partien“ für deine Partien."},
		{"es", "La partida 1 no ha empezado: espera a que todos los invitados acepten. No se cambió nada.",
			"¿Qué partida? No tienes ninguna partida a la que se aplique este comando; envía «partidas» para ver tus partidas."},
		{"pt", "A partida 1 ainda não começou: espera que todos os convidados aceitem. Nada foi alterado.",
			"Que partida? Não tens nenhuma partida a que este comando se aplique; envia «partidas» para veres as tuas partidas."},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("bob@example.org", "", "language "+tc.lang)
			w.send("alice@example.org", "", "new pente with bob@example.org")
			w.send("bob@example.org", "", "resign 1")
			mustContain(t, w.last("bob@example.org"), tc.state)
			w.send("carol@example.org", "", "language "+tc.lang)
			w.send("carol@example.org", "", "board")
			mustContain(t, w.last("carol@example.org"), tc.which)
		})
	}
}

// TestHelpInLanguages: help GAME, options and computer in each language,
// with the language's topic words and the game's notation.
func TestHelpInLanguages(t *testing.T) {
	tests := []struct {
		lang, line string
		want       []string
	}{
		{"en", "help dobbal", []string{"Pinuid Dobbal: start it with \"new dobbal with ADDRESS\".", "213:c2-c4:d2-d3:e2-e5", "113:xd7", "Its options:", "The board at the start:"}},
		{"en", "help keryo-pente", []string{"Keryo-Pente is Pente in which a capture takes exactly two or exactly three stones", "Rules: two players", "Notation: a ply is the point"}},
		{"de", "hilfe pinuid", []string{"Pinuid Classic: beginne eine Partie mit „neu pinuid mit ADRESSE“.", "c1-d2xe3", "xd1", "+c1", "Regeln:", "Die Optionen:", "Das Brett zu Beginn:"}},
		{"de", "hilfe optionen", []string{"Optionen von „neu“", "days=N"}},
		{"es", "ayuda quatro", []string{"Pinuid Quatro: empieza una partida con «nueva quatro con DIRECCIÓN».", "seats=3", "Notación:", "Sus opciones:"}},
		{"es", "ayuda ordenador", []string{"El ordenador juega a cualquier juego", "nueva pente con ordenador"}},
		{"pt", "ajuda pente", []string{"Pente: começa uma partida com «nova pente com ENDEREÇO».", "K10", "Regras:", "O tabuleiro no início:"}},
		{"pt", "ajuda opções", []string{"Opções de «nova»", "private=yes|no"}},
		{"pt", "ajuda xadrez", []string{"Não há ajuda sobre «xadrez»."}},
		{"pt", "ajuda", []string{"se LANCE então LANCE...", "ignorar PARTIDA", "As palavras dos comandos em português", "alguém", "desligar"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang+" "+tc.line, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("carol@example.org", "", "language "+tc.lang)
			w.send("carol@example.org", "", tc.line)
			mustContain(t, w.last("carol@example.org"), tc.want...)
		})
	}
}

// TestGameHelpCoversGames: every game has its rules and notation in
// help, in every language.
func TestGameHelpCoversGames(t *testing.T) {
	for _, e := range games.All() {
		if _, ok := gameHelp[e.Name]; !ok {
			t.Errorf("help has no rules for %s", e.Name)
			continue
		}
		for _, lang := range i18n.All {
			text := gameHelpText(lang, e)
			if strings.Contains(text, "help.") {
				t.Errorf("%s %s: a message is missing:\n%s", lang, e.Name, text)
			}
		}
	}
}

// TestHanging wraps option lines of help by letters, not bytes, with
// their further lines indented.
func TestHanging(t *testing.T) {
	tests := []struct{ in, want string }{
		{"  short=on (default on): fits", "  short=on (default on): fits"},
		{"  limit=10..100000 (default 200): plies in a row without a removal or re-entry that draw the game",
			"  limit=10..100000 (default 200): plies in a row without a removal or\n    re-entry that draw the game"},
		{"  faces=3|6 (por omissão 3): o número mais alto das três faces dos dados: três ou seis",
			"  faces=3|6 (por omissão 3): o número mais alto das três faces dos\n    dados: três ou seis"},
	}
	for _, tc := range tests {
		if got := hanging(tc.in, 4); got != tc.want {
			t.Errorf("hanging(%q) =\n%s\nwant\n%s", tc.in, got, tc.want)
		}
	}
}
