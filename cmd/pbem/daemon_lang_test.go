package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"pbem/i18n"
	"pbem/internal/dovecot"
	"pbem/rules/games"
)

// languageWords are words of running text that only one language uses
// (articles, pronouns, common verbs), to tell which language a mail is in.
var languageWords = map[i18n.Lang][]string{
	i18n.English:    {"the", "your", "you", "is", "has", "was", "with", "when", "will", "game", "played", "please", "reply", "send", "move", "turn"},
	i18n.German:     {"der", "die", "das", "und", "ist", "du", "dein", "deine", "nicht", "partie", "zug", "hat", "mit", "wenn", "ein", "eine", "bitte"},
	i18n.Spanish:    {"el", "la", "los", "las", "y", "es", "tu", "tus", "partida", "jugada", "con", "del", "que", "por", "para", "una", "está"},
	i18n.Portuguese: {"o", "os", "as", "e", "é", "tu", "teu", "tua", "partida", "jogada", "com", "do", "da", "que", "não", "uma", "está"},
}

var (
	quoted    = regexp.MustCompile(`"[^"]*"|“[^”]*”|«[^»]*»`)
	wordsOnly = regexp.MustCompile(`[\p{L}]+`)
)

// englishLeft returns the lines of a mail's text that read as English: two
// or more of English's own words, outside quotes (command words may be
// quoted in any language) and the board's grid.
func englishLeft(text string) []string {
	own := map[string]bool{}
	for _, w := range languageWords[i18n.English] {
		own[w] = true
	}
	for _, l := range []i18n.Lang{i18n.German, i18n.Spanish, i18n.Portuguese} {
		for _, w := range languageWords[l] {
			delete(own, w) // a word two languages share tells nothing
		}
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		n := 0
		for _, w := range wordsOnly.FindAllString(quoted.ReplaceAllString(line, ""), -1) {
			if own[strings.ToLower(w)] {
				n++
			}
		}
		if n >= 2 {
			out = append(out, line)
		}
	}
	return out
}

// inLanguage fails unless the mail's text reads as lang: several words of
// lang's own, and, for a language other than English, no English line.
func inLanguage(t testing.TB, m sentMail, lang i18n.Lang) {
	t.Helper()
	seen := map[string]bool{}
	for _, w := range wordsOnly.FindAllString(m.Text, -1) {
		seen[strings.ToLower(w)] = true
	}
	n := 0
	for _, w := range languageWords[lang] {
		if seen[w] {
			n++
		}
	}
	if n < 2 {
		t.Errorf("mail to %s %q does not read as %s (%d of its words):\n%s", m.To, m.Subject, lang.Name(), n, m.Text)
	}
	if lang == i18n.English {
		return
	}
	if left := englishLeft(m.Text); len(left) > 0 {
		t.Errorf("mail to %s %q, who reads %s, has English lines:\n  %s\n\nthe mail:\n%s", m.To, m.Subject, lang.Name(), strings.Join(left, "\n  "), m.Text)
	}
}

// opening is a catalog message's text in lang up to its first argument:
// what every mail that says it has, whatever the arguments.
func opening(lang i18n.Lang, id string) string {
	const mark = "\x00"
	args := map[string]any{}
	for _, name := range []string{"Game", "Deadline", "Seat", "Ply", "Name"} {
		args[name] = mark
	}
	s, _, _ := strings.Cut(i18n.Tr(lang, id, args), mark)
	return strings.TrimSpace(s)
}

// TestDaemonQuatroInFourLanguages: a four-seat Quatro game through the
// daemon whose players read English, German, Spanish and Portuguese. Each
// gets every mail in their own language: the invitation, the start, the
// news of every ply, a refusal of the rules, a reminder, a resignation.
func TestDaemonQuatroInFourLanguages(t *testing.T) {
	clock := newFakeClock()
	r := newRig(t, dovecot.Config{}, clock)
	r.start(func(c *serveConfig) { c.downtime = 30 * 24 * time.Hour }, "--tick", "100ms")
	langs := []i18n.Lang{i18n.English, i18n.German, i18n.Spanish, i18n.Portuguese}
	seats := []*player{r.player("alice@example.org"), r.player("bob@example.org"), r.player("carol@example.org"), r.player("dave@example.org")}
	next := func(seat int, what string) sentMail {
		t.Helper()
		m := seats[seat].next(what)
		inLanguage(t, m, langs[seat])
		return m
	}
	answer := func(seat int, id string, texts ...string) sentMail {
		t.Helper()
		m := seats[seat].answer(id, texts...)
		inLanguage(t, m, langs[seat])
		return m
	}
	// bob, carol and dave choose their languages, in their languages'
	// words; a setting from a first mail waits for a confirmation.
	for seat, cmd := range map[int][2]string{1: {"sprache de", "bestätigen"}, 2: {"idioma es", "confirmar"}, 3: {"idioma pt", "confirmar"}} {
		ask := answer(seat, seats[seat].send(serviceAddress, "", "", cmd[0]))
		answer(seat, seats[seat].reply(ask, cmd[1]), i18n.Tr(langs[seat], "play.language_set", map[string]any{"Name": langs[seat].Name()}))
	}
	answer(0, seats[0].send(serviceAddress, "quatro?", "", "new quatro with bob@example.org carol@example.org dave@example.org days=2"), "is set up")
	var id int64
	for seat, word := range []string{1: "annehmen", 2: "aceptar", 3: "aceitar"} {
		if seat == 0 {
			continue
		}
		inv := next(seat, "the invitation")
		id = gameOf(inv)
		answer(seat, seats[seat].reply(inv, word))
	}
	for seat := range 3 { // dave's acceptance, the last, is answered with the start
		next(seat, "the start")
	}
	entry, err := games.Lookup("quatro")
	if err != nil {
		t.Fatal(err)
	}
	g, err := entry.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	// Each seat in turn: the clock runs to half its time (a reminder),
	// the seat sends a ply the rules refuse, then a legal one, and every
	// other seat hears of it.
	for seat := range 4 {
		if int(g.ToMove()) != seat {
			t.Fatalf("seat %d to move, want %d", g.ToMove(), seat)
		}
		clock.Advance(25 * time.Hour)
		mustSay(t, next(seat, "the reminder"), opening(langs[seat], "clocks.remind.half"))
		refused := answer(seat, seats[seat].reply(seats[seat].last[id], "a1-a7"), "a1-a7")
		if gameOf(refused) != id {
			t.Fatalf("the refusal of a1-a7 is about game %d, want %d", gameOf(refused), id)
		}
		ply := g.Legal()[0]
		if err := g.Play(ply); err != nil {
			t.Fatal(err)
		}
		answer(seat, seats[seat].reply(seats[seat].last[id], ply.String()), ply.String())
		for other := range 4 {
			if other != seat {
				next(other, "the news of "+ply.String())
			}
		}
	}
	// dave resigns: he is out, the others play on, each told in their
	// language.
	answer(3, seats[3].reply(seats[3].last[id], "desistir"))
	for seat := range 3 {
		next(seat, "dave's resignation")
	}
}
