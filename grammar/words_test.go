package grammar

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// samples are a command line for each English word of Words, with %s
// where the word goes.
var samples = map[string]string{
	"new":         "%s pente with bob@example.org",
	"accept":      "%s 12",
	"decline":     "%s 12",
	"move":        "%s 12 K10",
	"board":       "%s 3",
	"games":       "%s",
	"hint":        "%s 4",
	"preview":     "%s 4 K10 L9",
	"resign":      "%s",
	"draw":        "%s 9",
	"takeback":    "%s",
	"record":      "%s 9",
	"review":      "%s",
	"watch":       "%s 9",
	"help":        "%s pente",
	"vacation":    "%s 7",
	"timezone":    "%s Europe/Berlin",
	"notify":      "%s myturn",
	"pictures":    "%s off",
	"language":    "%s de",
	"ratings":     "%s pente",
	"cancel":      "%s 5",
	"block":       "%s eve@example.org",
	"unblock":     "%s eve@example.org",
	"confirm":     "%s",
	"analyze":     "%s 12",
	"conditions":  "%s 3",
	"challenges":  "%s",
	"with":        "new pente %s bob@example.org",
	"game":        "board %s 3",
	"unwatch":     "%s 9",
	"back":        "%s",
	"if":          "%s K10 then L9",
	"then":        "if K10 %s L9",
	"anyone":      "new pente with %s rated=no",
	"computer":    "new pente with %s level=2",
	"challenge":   "accept %s 4",
	"invitations": "block %s",
	"days":        "vacation 5 %s",
	"every":       "notify %s",
	"myturn":      "notify %s",
	"digest":      "notify %s 8",
	"on":          "pictures %s",
	"off":         "pictures %s",
}

// TestWordsParseAsEnglish reads every word of every language, as written,
// capitalised and shouted, and expects the command its English word gives.
func TestWordsParseAsEnglish(t *testing.T) {
	for en, langs := range Words {
		sample, ok := samples[en]
		if !ok {
			t.Errorf("no sample line for %q", en)
			continue
		}
		want, err := ParseCommand(strings.Replace(sample, "%s", en, 1))
		if err != nil {
			t.Fatalf("%q: %v", en, err)
		}
		for lang, words := range langs {
			for _, w := range words {
				for _, form := range []string{w, strings.ToUpper(w[:1]) + w[1:], strings.ToUpper(w)} {
					line := strings.Replace(sample, "%s", form, 1)
					got, err := ParseCommand(line)
					if err != nil {
						t.Errorf("%s %q: %v", lang, line, err)
						continue
					}
					if got.String() != want.String() || got.Verb() != want.Verb() {
						t.Errorf("%s %q reads %q (%s), want %q (%s)", lang, line, got, got.Verb(), want, want.Verb())
					}
				}
			}
		}
	}
}

// TestAccentedWords reads words as native keyboards write them.
func TestAccentedWords(t *testing.T) {
	tests := map[string]string{
		"zurück":                                   "takeback",
		"ZURÜCK 4":                                 "takeback 4",
		"Bestätigen":                               "confirm",
		"prüfen":                                   "review",
		"imágenes off":                             "pictures off",
		"clasificación":                            "ratings",
		"classificação":                            "ratings",
		"condições 3":                              "conditions 3",
		"desafíos":                                 "challenges",
		"férias 5":                                 "vacation 5",
		"Aceptár partida 7":                        "accept 7",
		"neue pente mit bob@example.org":           "new pente with bob@example.org",
		"Urlaubsende":                              "back",
		"wenn K10 dann L9":                         "if K10 then L9",
		"Si K10 entonces L9 si M8 entonces N7":     "if K10 then L9 if M8 then N7",
		"se K10 então L9":                          "if K10 then L9",
		"nova pente com alguém rated=no":           "new pente with anyone rated=no",
		"nueva pente con ordenador":                "new pente with computer",
		"NOVA PENTE COM COMPUTADOR":                "new pente with computer",
		"neu pente mit jemandem wertung 1400-1600": "new pente with anyone rating=1400-1600",
		"aceitar desafio 4":                        "accept challenge 4",
		"Abbrechen Herausforderung 4":              "cancel challenge 4",
		"abbestellen 9":                            "unwatch 9",
		"ignorar partida 9":                        "unwatch 9",
		"férias 5 dias":                            "vacation 5",
		"urlaub 3 Tage":                            "vacation 3",
		"benachrichtigen täglich 8":                "notify digest 8",
		"benachrichtigen TAEGLICH":                 "notify digest",
		"avisar diário 20":                         "notify digest 20",
		"avisos vez":                               "notify myturn",
		"avisar Turno":                             "notify myturn",
		"benachrichtigen immer":                    "notify every",
		"avisos sempre":                            "notify every",
		"bilder aus":                               "pictures off",
		"imágenes activar":                         "pictures on",
		"imagens desligar":                         "pictures off",
		"sperren Einladungen":                      "block invitations",
		"desbloquear convites":                     "unblock invitations",
		"bloquear invitaciones":                    "block invitations",
		"volver":                                   "back",
		"Voltar":                                   "back",
	}
	for line, want := range tests {
		c, err := ParseCommand(line)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if c.String() != want {
			t.Errorf("%q reads %q, want %q", line, c, want)
		}
	}
}

// TestForeignNearMisses gets "did you mean" for typos of the words of
// every language.
func TestForeignNearMisses(t *testing.T) {
	tests := map[string]string{
		"anehmen":    "annehmen",
		"tablro":     "tablero",
		"ayudaa":     "ayuda",
		"desistr":    "desistir",
		"Tabuleiru":  "tabuleiro",
		"abandonr":   "abandonar",
		"Hilfee":     "hilfe",
		"urlaubsnde": "urlaubsende",
		"abestellen": "abbestellen",
		"voltr":      "voltar",
		"volvre":     "volver",
		// A right command word with a near value after it.
		"benachrichtigen tglich": "benachrichtigen täglich",
		"avisos sempr":           "avisos sempre",
		"bilder auss":            "bilder aus",
		"imagens deslgar":        "imagens desligar",
		"sperren einladungn":     "sperren einladungen",
		"notify mytrun":          "notify myturn",
	}
	for line, want := range tests {
		_, err := ParseCommand(line)
		var nu *NotUnderstood
		if !errors.As(err, &nu) {
			t.Errorf("%q: %v, want not understood", line, err)
			continue
		}
		if !slices.Contains(nu.Suggest, want) {
			t.Errorf("%q suggests %v, want %q among them", line, nu.Suggest, want)
		}
	}
}

// TestAllVerbsInTable keeps allVerbs and Words in step: every English verb
// with words abroad lists them, and none repeats.
func TestAllVerbsInTable(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range allVerbs() {
		if seen[v] {
			t.Errorf("%q twice", v)
		}
		seen[v] = true
	}
	for _, v := range Verbs {
		for _, words := range Words[v] {
			for _, w := range words {
				if !seen[w] {
					t.Errorf("%q (%s) is not among allVerbs", w, v)
				}
			}
		}
	}
}

func TestWordLanguage(t *testing.T) {
	tests := []struct {
		word, lang string
		ok         bool
	}{
		{"Zurück", "de", true}, {"aceptar", "es", true}, {"aceitar", "pt", true},
		{"accept", "en", true}, {"partidas", "", false}, {"K10", "", false}, {"cancelar", "", false},
	}
	for _, tc := range tests {
		if lang, ok := WordLanguage(tc.word); lang != tc.lang || ok != tc.ok {
			t.Errorf("WordLanguage(%q) = %q, %v; want %q, %v", tc.word, lang, ok, tc.lang, tc.ok)
		}
	}
}

// TestWordsOneMeaning keeps every foreign word to one English word: a
// word standing for two would read as whichever the table met last.
func TestWordsOneMeaning(t *testing.T) {
	meaning := map[string]string{}
	for en, langs := range Words {
		for lang, words := range langs {
			for _, w := range words {
				if other, ok := meaning[w]; ok && other != en {
					t.Errorf("%s %q stands for %q and %q", lang, w, other, en)
				}
				meaning[w] = en
				if w != strings.ToLower(stripAccents(w)) {
					t.Errorf("%s %q: write the table's words without accents, in lower case", lang, w)
				}
			}
		}
	}
}

// TestWritten keeps the accented spellings to words of the table that
// read as them once their accents are gone.
func TestWritten(t *testing.T) {
	for lang, words := range written {
		for plain, w := range words {
			if !slices.Contains(allWords(lang), plain) {
				t.Errorf("%s %q is no word of the table", lang, plain)
			}
			p := strings.ToLower(stripAccents(w))
			if p != plain && strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue").Replace(w) != plain {
				t.Errorf("%s %q is written %q, which reads %q", lang, plain, w, p)
			}
		}
	}
	if got := Written("de", "zurueck"); got != "zurück" {
		t.Errorf("Written(de, zurueck) = %q", got)
	}
	if got := Written("pt", "dias"); got != "dias" {
		t.Errorf("Written(pt, dias) = %q, want dias", got)
	}
}

func allWords(lang string) []string {
	var out []string
	for _, langs := range Words {
		out = append(out, langs[lang]...)
	}
	return out
}
