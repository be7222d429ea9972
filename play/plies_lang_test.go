package play

import (
	"strings"
	"testing"

	"pbem/db"
)

// pliesTexts are the sentences of plies, offers and conditional moves a
// reader of a language gets in the game of TestPliesInLanguages, where
// alice holds White and bob Black.
type pliesTexts struct {
	youPlayed, played                      string // K10 in game 1: alice's reply, bob's notice
	drawOffered, drawAgreedYou, drawAgreed string // alice offers, bob agrees
	over                                   string // a ply sent to the drawn game
	takebackAsked, takebackAgreed          string // bob asks in game 2, alice agrees
	condStored                             string // alice's "if L9 then M10"
	condOwner, condOthers                  string // bob's L9 meets it
	record                                 string // "record 1"
}

var pliesByLang = map[string]pliesTexts{
	"de": {
		youPlayed:      "Du hast K10 in Partie 1 gespielt (Zug 1).",
		played:         "alice (Weiß) hat K10 in Partie 1 gespielt (Zug 1).",
		drawOffered:    "alice (Weiß) hat in Partie 1 ein Remis angeboten. Antworte „annehmen“",
		drawAgreedYou:  "Alle Plätze haben zugestimmt: Partie 1 endet remis.",
		drawAgreed:     "Alle Plätze haben einem Remis zugestimmt: Partie 1 endet remis.",
		over:           "Partie 1 ist zu Ende (1/2-1/2, Remis nach Vereinbarung).",
		takebackAsked:  "bob (Schwarz) hat in Partie 2 gebeten, den eigenen letzten Zug zurückzunehmen.",
		takebackAgreed: "Dem Zurücknehmen in Partie 2 haben alle zugestimmt: Zug 2 und die folgenden sind rückgängig gemacht.",
		condStored:     "Für Partie 2 gespeichert. Deine bedingten Züge, die nur du siehst, bis sie gespielt werden:",
		condOwner:      "bob (Schwarz) hat L9 in Partie 2 gespielt (Zug 2). Dein bedingter Zug hat geantwortet: M10 (Zug 3).",
		condOthers:     "alice (Weiß) hat mit einem bedingten Zug geantwortet: M10 (Zug 3).",
		record:         "Das Protokoll von Partie 1 hängt als pbem-1.pgn an (1 Zug).",
	},
	"es": {
		youPlayed:      "Jugaste K10 en la partida 1 (jugada 1).",
		played:         "alice (Blancas) jugó K10 en la partida 1 (jugada 1).",
		drawOffered:    "alice (Blancas) ofreció tablas en la partida 1. Responde «aceptar»",
		drawAgreedYou:  "Todos los puestos están de acuerdo: la partida 1 termina en tablas.",
		drawAgreed:     "Todos los puestos aceptaron tablas: la partida 1 termina en tablas.",
		over:           "La partida 1 ha terminado (1/2-1/2, tablas acordadas).",
		takebackAsked:  "bob (Negras) pidió deshacer su última jugada en la partida 2.",
		takebackAgreed: "Todos aceptaron deshacer en la partida 2: la jugada 2 y las siguientes quedan anuladas.",
		condStored:     "Guardado para la partida 2. Tus jugadas condicionales, que solo ves tú hasta que se juegan:",
		condOwner:      "bob (Negras) jugó L9 en la partida 2 (jugada 2). Tu jugada condicional respondió: M10 (jugada 3).",
		condOthers:     "alice (Blancas) respondió con una jugada condicional: M10 (jugada 3).",
		record:         "El registro de la partida 1 va adjunto como pbem-1.pgn (1 jugada).",
	},
	"pt": {
		youPlayed:      "Jogaste K10 na partida 1 (lance 1).",
		played:         "alice (Brancas) jogou K10 na partida 1 (lance 1).",
		drawOffered:    "alice (Brancas) propôs um empate na partida 1. Responde «aceitar»",
		drawAgreedYou:  "Todos os lugares concordaram: a partida 1 termina empatada.",
		drawAgreed:     "Todos os lugares aceitaram um empate: a partida 1 termina empatada.",
		over:           "A partida 1 terminou (1/2-1/2, empate acordado).",
		takebackAsked:  "bob (Pretas) pediu para desfazer o seu último lance na partida 2.",
		takebackAgreed: "Todos aceitaram desfazer na partida 2: o lance 2 e os seguintes foram anulados.",
		condStored:     "Guardado para a partida 2. Os teus lances condicionais, que só tu vês até serem jogados:",
		condOwner:      "bob (Pretas) jogou L9 na partida 2 (lance 2). O teu lance condicional respondeu: M10 (lance 3).",
		condOthers:     "alice (Brancas) respondeu com um lance condicional: M10 (lance 3).",
		record:         "O registo da partida 1 vai anexado como pbem-1.pgn (1 lance).",
	},
	"en": {
		youPlayed:      "You played K10 in game 1 (ply 1).",
		played:         "alice (White) played K10 in game 1 (ply 1).",
		drawOffered:    "alice (White) offered a draw in game 1. Reply \"accept\"",
		drawAgreedYou:  "Every seat agreed: game 1 is drawn.",
		drawAgreed:     "Every seat agreed to a draw: game 1 is drawn.",
		over:           "Game 1 is over (1/2-1/2, agreed draw).",
		takebackAsked:  "bob (Black) asked to take back their last ply in game 2.",
		takebackAgreed: "The takeback in game 2 is agreed: ply 2 and after are undone.",
		condStored:     "Stored for game 2. Your conditional moves, which only you see until they are played:",
		condOwner:      "bob (Black) played L9 in game 2 (ply 2). Your conditional move answered: M10 (ply 3).",
		condOthers:     "alice (White) answered with a conditional move: M10 (ply 3).",
		record:         "The record of game 1 is attached as pbem-1.pgn (1 ply).",
	},
}

// TestPliesInLanguages plays a ply, a draw offer and its acceptance, a
// takeback and a conditional answer between two players who chose their
// languages: each reads the replies to their own mail and the notices of
// the other's in their own, also when the two differ.
func TestPliesInLanguages(t *testing.T) {
	tests := []struct{ alice, bob string }{
		{"de", "de"},
		{"es", "es"},
		{"pt", "pt"},
		{"de", "es"},
		{"pt", "en"},
	}
	const a, b = "alice@example.org", "bob@example.org"
	for _, tc := range tests {
		t.Run(tc.alice+"-"+tc.bob, func(t *testing.T) {
			ta, tb := pliesByLang[tc.alice], pliesByLang[tc.bob]
			w := newWorld(t, Config{})
			w.send(a, "", "language "+tc.alice)
			w.send(b, "", "language "+tc.bob)

			w.send(a, "", "new pente with bob@example.org tournament=off")
			w.reply(b, w.last(b), "accept")
			w.reply(a, w.lastAbout(a, 1), "K10")
			mustContain(t, w.last(a), ta.youPlayed)
			mustContain(t, w.last(b), tb.played)
			w.reply(a, w.lastAbout(a, 1), "draw")
			mustContain(t, w.last(b), tb.drawOffered)
			w.reply(b, w.lastAbout(b, 1), "accept")
			mustContain(t, w.last(b), tb.drawAgreedYou)
			mustContain(t, w.last(a), ta.drawAgreed)
			w.reply(b, w.lastAbout(b, 1), "L9")
			mustContain(t, w.last(b), tb.over)
			w.send(a, "", "record 1")
			mustContain(t, w.last(a), ta.record)

			w.send(a, "", "new pente with bob@example.org tournament=off")
			w.reply(b, w.last(b), "accept")
			w.reply(a, w.lastAbout(a, 2), "K10")
			w.reply(b, w.lastAbout(b, 2), "L9")
			w.reply(b, w.lastAbout(b, 2), "takeback")
			mustContain(t, w.last(a), ta.takebackAsked)
			w.reply(a, w.lastAbout(a, 2), "accept")
			mustContain(t, w.last(a), ta.takebackAgreed)
			mustContain(t, w.last(b), tb.takebackAgreed)
			if n := w.game(2).game.Plies(); n != 1 {
				t.Fatalf("game 2 has %d plies after the takeback, want 1", n)
			}
			w.reply(a, w.lastAbout(a, 2), "if L9 then M10")
			mustContain(t, w.last(a), ta.condStored, "if L9 then M10")
			w.reply(b, w.lastAbout(b, 2), "L9")
			mustContain(t, w.last(a), ta.condOwner)
			mustContain(t, w.last(b), tb.condOthers)
		})
	}
}

// TestMailExamplesOfPlies keeps in docs/mails/LANG the mails of plies,
// offers and conditional moves, as TestMailExamples keeps the English
// ones: alice and bob both read the language.
func TestMailExamplesOfPlies(t *testing.T) {
	for _, lang := range []string{"de", "es", "pt"} {
		t.Run(lang, func(t *testing.T) {
			const a, b = "alice@example.org", "bob@example.org"
			w := newWorld(t, Config{})
			got := map[string]db.Mail{}
			w.send(a, "", "language "+lang)
			w.send(b, "", "language "+lang)
			w.send(a, "", "new pente with bob@example.org tournament=off")
			w.reply(b, w.last(b), "accept")
			w.reply(a, w.lastAbout(a, 1), "K10")
			got["05-ply-played"] = w.last(a)
			got["06-opponent-played-your-move"] = w.last(b)
			w.reply(b, w.lastAbout(b, 1), "L9")
			w.reply(a, w.lastAbout(a, 1), "draw")
			got["13-draw-offered"] = w.last(b)
			w.reply(b, w.lastAbout(b, 1), "decline")
			got["14-offer-declined"] = w.last(a)
			w.reply(a, w.lastAbout(a, 1), "M10")
			w.reply(a, w.lastAbout(a, 1), "takeback")
			w.reply(b, w.lastAbout(b, 1), "accept")
			got["15-takeback-agreed"] = w.last(a)
			w.reply(a, w.lastAbout(a, 1), "M10")
			w.reply(a, w.lastAbout(a, 1), "if L11 then N10")
			got["64-conditions-stored"] = w.last(a)
			w.reply(b, w.lastAbout(b, 1), "L11")
			got["65-conditional-answer"] = w.last(b)
			got["66-conditional-answer-owner"] = w.last(a)
			keepLanguageExtras(t, lang, got, "MailExamplesOfPlies")
		})
	}
}

// TestPliesAnswersInLanguages gives the answers to commands about plies
// in the sender's language: a game that is not there, the computer's
// level and its refusal of a takeback, an analysis asked too early,
// conditional moves listed and refused, a review without a record.
func TestPliesAnswersInLanguages(t *testing.T) {
	tests := []struct {
		lang                                                              string
		noGame, level, takeback, analyze, condNone, condRefused, noReview string
	}{
		{"de", "Es gibt keine Partie 99. Schicke „partien“",
			"Option level=99: der Computer spielt auf den Stufen 1 (Anfänger)",
			"Computer (level 5) (Schwarz) lehnt Zurücknehmen ab: ab Stufe 5",
			"Partie 1 ist nicht beendet",
			"Du hast in Partie 1 keine bedingten Züge. Schicke „if ZUG then ZUG“",
			"Diese Zeile wurde nicht gespeichert: deine Antwort M10, Zug 3, ist nicht erlaubt:",
			"Es gibt kein Protokoll zu prüfen"},
		{"es", "No existe la partida 99. Envía «partidas»",
			"Opción level=99: el ordenador juega en los niveles 1 (principiante)",
			"Computer (level 5) (Negras) no acepta deshacer: desde el nivel 5",
			"La partida 1 no ha terminado",
			"No tienes jugadas condicionales en la partida 1. Envía «if JUGADA then JUGADA»",
			"Esta línea no se guardó: tu respuesta M10, jugada 3, no está permitida:",
			"No hay ningún registro que revisar"},
		{"pt", "Não existe a partida 99. Envia «partidas»",
			"Opção level=99: o computador joga nos níveis 1 (principiante)",
			"Computer (level 5) (Pretas) não aceita desfazer: a partir do nível 5",
			"A partida 1 não terminou",
			"Não tens lances condicionais na partida 1. Envia «if LANCE then LANCE»",
			"Esta linha não foi guardada: a tua resposta M10, lance 3, não é permitida:",
			"Não há nenhum registo para verificar"},
	}
	const a = "alice@example.org"
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send(a, "", "language "+tc.lang)
			w.send(a, "", "record 99")
			mustContain(t, w.last(a), tc.noGame)
			w.send(a, "", "new pente with computer level=99")
			mustContain(t, w.last(a), tc.level)
			w.send(a, "", "new pente with computer level=5")
			w.reply(a, w.lastAbout(a, 1), "K10")
			w.reply(a, w.lastAbout(a, 1), "takeback")
			mustContain(t, w.last(a), tc.takeback)
			w.reply(a, w.lastAbout(a, 1), "analyze")
			mustContain(t, w.last(a), tc.analyze)
			w.reply(a, w.lastAbout(a, 1), "conditions")
			mustContain(t, w.last(a), tc.condNone)
			w.reply(a, w.lastAbout(a, 1), "if L9 then M10")
			mustContain(t, w.last(a), tc.condRefused)
			w.send(a, "", "review")
			mustContain(t, w.last(a), tc.noReview)
		})
	}
}

// TestAnalysisInLanguages: the answer to "analyze", the analysis's mail
// and the comment the record opens with are in the language of the player
// who asked.
func TestAnalysisInLanguages(t *testing.T) {
	tests := []struct {
		lang                            string
		started, subject, mistake, lead string
	}{
		{"de", "Der Computer geht Partie 1 durch", "Analyse von Partie 1", "Zug 9, Weiß T19: besser K", "Analysiert vom Computer von pbem auf Stufe 4"},
		{"es", "El ordenador está repasando la partida 1", "Análisis de la partida 1", "jugada 9, Blancas T19: mejor K", "Analizada por el ordenador de pbem en el nivel 4"},
		{"pt", "O computador está a rever a partida 1", "Análise da partida 1", "lance 9, Brancas T19: melhor K", "Analisada pelo computador do pbem no nível 4"},
	}
	const c = "carol@example.org"
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			w := newWorld(t, Config{ComputerNodes: 300})
			missedWin(t, w)
			w.send(c, "", "language "+tc.lang)
			w.send(c, "", "analyze 1")
			mustContain(t, w.last(c), tc.started)
			if n := w.analyses(); n != 1 {
				t.Fatalf("%d analyses done, want 1", n)
			}
			m := w.last(c)
			mustContain(t, m, tc.subject, tc.mistake)
			if len(m.Attachments) != 1 {
				t.Fatalf("attachments %+v", m.Attachments)
			}
			if rec := strings.Join(strings.Fields(string(m.Attachments[0].Data)), " "); !strings.Contains(rec, tc.lead) {
				t.Errorf("the record does not open with %q:\n%s", tc.lead, rec)
			}
		})
	}
}
