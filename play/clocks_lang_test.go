package play

import (
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/i18n"
)

// TestMailExamplesOfClocksByLanguage plays the clocks' mails to players
// who read German, Spanish or Portuguese: the half-time and the last
// reminder, the loss on time, an opponent's vacation, a digest, the list
// of games and the answer to a mail with no command. Each mail must be in
// the reader's language, its dates too, and none in English; the mails
// are kept as examples in docs/mails/LANG.
func TestMailExamplesOfClocksByLanguage(t *testing.T) {
	type want struct {
		has   []string
		lacks string // the English the mail would say instead
	}
	tests := []struct {
		lang                                               string
		half, last, lost, vacation, digest, games, nothing want
	}{
		{
			lang: "de",
			half: want{[]string{"Erinnerung: in Partie 1 bist du am Zug", "Bitte ziehe bis Mi., 2. Dez. 2026, 09:", "Deine Frist: Mi., 2. Dez. 2026"},
				"half of your time"},
			last: want{[]string{"Letzte Erinnerung: dein Zug in Partie 1 ist fällig bis Mi., 2. Dez. 2026", "(noch 23 Stunden und ", "verlierst du die Partie auf Zeit", "„urlaub N“"},
				"Last reminder"},
			lost:     want{[]string{"gina (Weiß) hat in Partie 1 nicht bis zur Frist gezogen und verliert auf Zeit."}, "loses on time"},
			vacation: want{[]string{"kate (Weiß) ist im Urlaub bis So., 6. Dez. 2026"}, "is on vacation"},
			digest:   want{[]string{"Deine Zusammenfassung von Partie 2 seit So., 29. Nov. 2026"}, "Your digest"},
			games:    want{[]string{"Deine Partien (1):", "noch 2 Tage und 23 Stunden, bis Mi., 2. Dez. 2026", "Urlaub: noch 30 von 30 Tagen in 2026"}, "Your games"},
			nothing:  want{[]string{"In deiner Mail wurde kein Befehl gefunden.", "neue pente mit freund@example.org", "Schicke „hilfe“ für alle Befehle"}, "No command was found"},
		},
		{
			lang: "es",
			half: want{[]string{"Recordatorio: te toca en la partida 1", "juega antes del mié 2 dic 2026, 09:", "Tu plazo: mié 2 dic 2026"},
				"half of your time"},
			last: want{[]string{"Último recordatorio: tu jugada en la partida 1 vence el mié 2 dic 2026", "(dentro de 23 horas y ", "pierdes la partida por tiempo", "«vacaciones N»"},
				"Last reminder"},
			lost:     want{[]string{"gina (Blancas) no jugó en la partida 1 dentro del plazo y pierde por tiempo."}, "loses on time"},
			vacation: want{[]string{"kate (Blancas) está de vacaciones hasta el dom 6 dic 2026"}, "is on vacation"},
			digest:   want{[]string{"Tu resumen de la partida 2 desde el dom 29 nov 2026"}, "Your digest"},
			games:    want{[]string{"Tus partidas (1):", "quedan 2 días y 23 horas, hasta el mié 2 dic 2026", "Vacaciones: te quedan 30 de 30 días en 2026"}, "Your games"},
			nothing:  want{[]string{"No se encontró ningún comando en tu correo.", "nueva pente con amigo@example.org", "Envía «ayuda» para todos los comandos"}, "No command was found"},
		},
		{
			lang: "pt",
			half: want{[]string{"Lembrete: é a tua vez na partida 1", "joga até qua., 2 dez. 2026, 09:", "O teu prazo: qua., 2 dez. 2026"},
				"half of your time"},
			last: want{[]string{"Último lembrete: o teu lance na partida 1 tem de chegar até qua., 2 dez. 2026", "(daqui a 23 horas e ", "perdes a partida por tempo", "«férias N»"},
				"Last reminder"},
			lost:     want{[]string{"gina (Brancas) não jogou na partida 1 dentro do prazo e perde por tempo."}, "loses on time"},
			vacation: want{[]string{"kate (Brancas) está de férias até dom., 6 dez. 2026"}, "is on vacation"},
			digest:   want{[]string{"O teu resumo da partida 2 desde dom., 29 nov. 2026"}, "Your digest"},
			games:    want{[]string{"As tuas partidas (1):", "restam 2 dias e 23 horas, até qua., 2 dez. 2026", "Férias: restam-te 30 de 30 dias em 2026"}, "Your games"},
			nothing:  want{[]string{"Não foi encontrado nenhum comando no teu correio.", "nova pente com amigo@example.org", "Envia «ajuda» para todos os comandos"}, "No command was found"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			w := newClockWorld(t, Config{VacationDays: 30})
			got := map[string]db.Mail{}
			check := func(name string, m db.Mail, wt want) {
				t.Helper()
				mustContain(t, m, wt.has...)
				mustNotContain(t, m, wt.lacks)
				got[name] = m
			}
			// Everyone but kate reads tc.lang; kate reads English, so that
			// what she does reaches leo in his language, not hers.
			for _, p := range []string{"gina", "hank", "leo", "dave"} {
				w.send(p+"@example.org", "", "language "+tc.lang)
			}
			w.send("leo@example.org", "", "notify digest 18")
			w.send("gina@example.org", "", "new pente with hank@example.org")
			w.reply("hank@example.org", w.last("hank@example.org"), "accept")
			w.send("kate@example.org", "", "new pente with leo@example.org")
			w.reply("leo@example.org", w.last("leo@example.org"), "accept")

			w.send("gina@example.org", "", "games")
			check("18-games", w.last("gina@example.org"), tc.games)
			w.send("dave@example.org", "hello", "Hello, how does this work?")
			check("21-no-command", w.last("dave@example.org"), tc.nothing)

			w.reply("kate@example.org", w.lastAbout("kate@example.org", 2), "K10")
			w.send("kate@example.org", "", "vacation 7")
			check("33-vacation-notice", w.last("leo@example.org"), tc.vacation)

			w.advance(36 * time.Hour)
			// The digest went out at 18:00; leo's reminders came after it.
			var digest db.Mail
			for _, m := range w.inbox["leo@example.org"] {
				if strings.Contains(m.Body, "\n- ") {
					digest = m
				}
			}
			check("35-digest", digest, tc.digest)
			check("36-reminder-half-time", w.last("gina@example.org"), tc.half)
			w.advance(12 * time.Hour)
			check("37-last-reminder", w.last("gina@example.org"), tc.last)
			w.advance(24 * time.Hour)
			check("38-lost-on-time", w.last("hank@example.org"), tc.lost)

			keepLanguageExtras(t, tc.lang, got, "MailExamplesOfClocksByLanguage")
		})
	}
}

// TestTimesByLanguage shows a moment and a duration in each language:
// weekday and month names are the language's, the rest is numeric.
func TestTimesByLanguage(t *testing.T) {
	berlin, err := loadZone("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 9, 5, 0, 0, time.UTC) // a Sunday
	tests := []struct {
		lang       i18n.Lang
		when, span string
		one        string // a minute, for the singular
	}{
		{i18n.English, "Sun 1 Mar 2026 10:05 CET", "2 days 23 hours", "1 minute"},
		{i18n.German, "So., 1. März 2026, 10:05 CET", "2 Tage und 23 Stunden", "1 Minute"},
		{i18n.Spanish, "dom 1 mar 2026, 10:05 CET", "2 días y 23 horas", "1 minuto"},
		{i18n.Portuguese, "dom., 1 mar. 2026, 10:05 CET", "2 dias e 23 horas", "1 minuto"},
	}
	for _, tc := range tests {
		t.Run(string(tc.lang), func(t *testing.T) {
			if got := whenIn(tc.lang, at, berlin); got != tc.when {
				t.Errorf("whenIn = %q, want %q", got, tc.when)
			}
			if got := spanIn(tc.lang, 71*time.Hour+59*time.Minute); got != tc.span {
				t.Errorf("spanIn = %q, want %q", got, tc.span)
			}
			if got := spanIn(tc.lang, time.Minute); got != tc.one {
				t.Errorf("spanIn(1m) = %q, want %q", got, tc.one)
			}
		})
	}
}
