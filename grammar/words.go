package grammar

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Words are the command words of German, Spanish and Portuguese, by the
// English word they stand for. They are written without accents and in
// lower case: a line's words lose their accents before it is parsed
// (plainWords), and the grammar ignores case. The grammar's struct tags
// list the same words (a test checks that every word here parses as its
// English one); the table also feeds "did you mean" hints and help.
var Words = map[string]map[string][]string{
	"new":        {"de": {"neu", "neue"}, "es": {"nueva", "nuevo"}, "pt": {"nova", "novo"}},
	"accept":     {"de": {"annehmen"}, "es": {"aceptar"}, "pt": {"aceitar"}},
	"decline":    {"de": {"ablehnen"}, "es": {"rechazar"}, "pt": {"recusar"}},
	"move":       {"de": {"zug"}, "es": {"jugada"}, "pt": {"lance"}},
	"board":      {"de": {"brett"}, "es": {"tablero"}, "pt": {"tabuleiro"}},
	"games":      {"de": {"partien"}, "es": {"partidas"}, "pt": {"partidas"}},
	"hint":       {"de": {"tipp"}, "es": {"pista"}, "pt": {"dica"}},
	"preview":    {"de": {"vorschau"}, "es": {"prever"}, "pt": {"prever"}},
	"resign":     {"de": {"aufgeben"}, "es": {"abandonar"}, "pt": {"desistir"}},
	"draw":       {"de": {"remis"}, "es": {"tablas"}, "pt": {"empate"}},
	"takeback":   {"de": {"zuruck", "zurueck"}, "es": {"deshacer"}, "pt": {"desfazer"}},
	"record":     {"de": {"protokoll"}, "es": {"registro"}, "pt": {"registo", "registro"}},
	"review":     {"de": {"prufen", "pruefen"}, "es": {"revisar"}, "pt": {"verificar"}},
	"watch":      {"de": {"beobachten"}, "es": {"observar"}, "pt": {"acompanhar"}},
	"help":       {"de": {"hilfe"}, "es": {"ayuda"}, "pt": {"ajuda"}},
	"vacation":   {"de": {"urlaub"}, "es": {"vacaciones"}, "pt": {"ferias"}},
	"timezone":   {"de": {"zeitzone"}, "es": {"zona"}, "pt": {"fuso"}},
	"notify":     {"de": {"benachrichtigen"}, "es": {"avisar"}, "pt": {"avisos"}},
	"pictures":   {"de": {"bilder"}, "es": {"imagenes"}, "pt": {"imagens"}},
	"language":   {"de": {"sprache"}, "es": {"idioma"}, "pt": {"idioma", "lingua"}},
	"ratings":    {"de": {"wertung"}, "es": {"clasificacion"}, "pt": {"classificacao"}},
	"cancel":     {"de": {"abbrechen"}, "es": {"cancelar"}, "pt": {"cancelar"}},
	"block":      {"de": {"sperren"}, "es": {"bloquear"}, "pt": {"bloquear"}},
	"unblock":    {"de": {"entsperren"}, "es": {"desbloquear"}, "pt": {"desbloquear"}},
	"confirm":    {"de": {"bestatigen", "bestaetigen"}, "es": {"confirmar"}, "pt": {"confirmar"}},
	"analyze":    {"de": {"analysieren"}, "es": {"analizar"}, "pt": {"analisar"}},
	"conditions": {"de": {"bedingungen"}, "es": {"condiciones"}, "pt": {"condicoes"}},
	"challenges": {"de": {"herausforderungen"}, "es": {"desafios"}, "pt": {"desafios"}},
	"unwatch":    {"de": {"abbestellen"}, "es": {"ignorar"}, "pt": {"ignorar"}},
	"back":       {"de": {"urlaubsende"}, "es": {"volver"}, "pt": {"voltar"}},
	"if":         {"de": {"wenn"}, "es": {"si"}, "pt": {"se"}},
	// Words inside commands. German says "computer" as English does.
	"with":        {"de": {"mit"}, "es": {"con"}, "pt": {"com"}},
	"game":        {"de": {"partie"}, "es": {"partida"}, "pt": {"partida"}},
	"then":        {"de": {"dann"}, "es": {"entonces"}, "pt": {"entao"}},
	"anyone":      {"de": {"jemand", "jemandem"}, "es": {"alguien"}, "pt": {"alguem"}},
	"computer":    {"es": {"computadora", "ordenador"}, "pt": {"computador"}},
	"challenge":   {"de": {"herausforderung"}, "es": {"desafio"}, "pt": {"desafio"}},
	"invitations": {"de": {"einladungen"}, "es": {"invitaciones"}, "pt": {"convites"}},
	"days":        {"de": {"tage", "tag"}, "es": {"dias", "dia"}, "pt": {"dias", "dia"}},
	// The values of settings.
	"every":  {"de": {"immer"}, "es": {"siempre"}, "pt": {"sempre"}},
	"myturn": {"de": {"dran"}, "es": {"turno"}, "pt": {"vez"}},
	"digest": {"de": {"taglich", "taeglich"}, "es": {"diario"}, "pt": {"diario"}},
	"on":     {"de": {"an"}, "es": {"activar"}, "pt": {"ligar"}},
	"off":    {"de": {"aus"}, "es": {"desactivar"}, "pt": {"desligar"}},
}

// written are the words of Words as their languages write them, where
// that is with accents (the ASCII spellings of German umlauts, such as
// "zurueck", too), by language.
var written = map[string]map[string]string{
	"de": {"zuruck": "zurück", "zurueck": "zurück", "prufen": "prüfen", "pruefen": "prüfen",
		"bestatigen": "bestätigen", "bestaetigen": "bestätigen", "taglich": "täglich", "taeglich": "täglich"},
	"es": {"imagenes": "imágenes", "clasificacion": "clasificación", "desafios": "desafíos", "desafio": "desafío",
		"dias": "días", "dia": "día"},
	"pt": {"ferias": "férias", "condicoes": "condições", "classificacao": "classificação", "lingua": "língua",
		"alguem": "alguém", "entao": "então", "diario": "diário"},
}

// Written is a word of Words as lang ("de", "es", "pt") writes it:
// German "zuruck" and "zurueck" are "zurück". Help shows words so.
func Written(lang, word string) string {
	if w, ok := written[lang][word]; ok {
		return w
	}
	return word
}

// The tables below are made from Words on first use, as the grammar of
// commands is (commandParser): a run of pbem that reads no mail, such as a
// review of records, would make them at start-up for nothing.

// english maps every word of Words to its English word.
var english = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for en, langs := range Words {
		for _, words := range langs {
			for _, w := range words {
				m[w] = en
			}
		}
	}
	return m
})

// English is the English command word a word of any language stands for,
// or the word itself, lower case and without accents.
func English(word string) string {
	w := strings.ToLower(stripAccents(word))
	if en, ok := english()[w]; ok {
		return en
	}
	return w
}

// allVerbs are the command words of every language, for "did you mean":
// the English Verbs first, then the others.
var allVerbs = sync.OnceValue(func() []string {
	out := append([]string(nil), Verbs...)
	seen := map[string]bool{}
	for _, v := range Verbs {
		seen[v] = true
	}
	for _, lang := range []string{"de", "es", "pt"} {
		for _, v := range Verbs {
			for _, w := range Words[v][lang] {
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	return out
})

// innerWords are the words inside commands and the values of settings,
// of every language, for "did you mean" after a command word.
var innerWords = sync.OnceValue(func() []string {
	var out []string
	for en, langs := range Words {
		if slices.Contains(Verbs, en) {
			continue
		}
		out = append(out, en)
		for _, words := range langs {
			for _, w := range words {
				if !slices.Contains(out, w) {
					out = append(out, w)
				}
			}
		}
	}
	slices.Sort(out)
	return out
})

// stripAccents drops the accents of s ("zurück" → "zuruck") and keeps its
// case.
func stripAccents(s string) string {
	if isASCII(s) {
		return s
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return s
	}
	return out
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// plainWords strips the accents of a line's words, but for addresses,
// so that "zurück" and "Deshacér" read as the grammar's words.
func plainWords(line string) string {
	if isASCII(line) {
		return line
	}
	f := strings.Fields(line)
	for i, w := range f {
		if !strings.Contains(w, "@") {
			f[i] = stripAccents(w)
		}
	}
	return strings.Join(f, " ")
}

// wordLangs maps every command word to the languages that have it.
var wordLangs = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, v := range Verbs {
		m[v] = append(m[v], "en")
	}
	for _, langs := range Words {
		for lang, words := range langs {
			for _, w := range words {
				m[w] = append(m[w], lang)
			}
		}
	}
	return m
})

// WordLanguage is the language ("en", "de", "es", "pt") whose command word
// word is, when only one language has it: "zurück" is German, "partidas"
// Spanish or Portuguese and so of no language here.
func WordLanguage(word string) (string, bool) {
	langs := wordLangs()[strings.ToLower(stripAccents(word))]
	if len(langs) != 1 {
		return "", false
	}
	return langs[0], true
}
