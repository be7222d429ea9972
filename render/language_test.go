package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"pbem/i18n"
)

// svgWords are the texts an SVG shows or reads out: its title and its
// text elements.
var svgWords = regexp.MustCompile(`<(?:title|text)[^>]*>([^<]*)</`)

// TestPicturesInTheReadersLanguage draws each position in each language:
// the title, the seats' names and states, the counts and the dice's
// titles are the language's, and no English word of the panel is left.
func TestPicturesInTheReadersLanguage(t *testing.T) {
	want := map[i18n.Lang]map[string][]string{
		i18n.English: {
			"pente":  {"Pente, after ply 9: Black to move", "White", "captured 2", "to move"},
			"quatro": {"Seat 1", "to move, 0 off the board", "1 off the board"},
			"dobbal": {"Roll", "Last roll"},
		},
		i18n.German: {
			"pente":  {"Pente, nach Zug 9: Schwarz ist am Zug", "Weiß", "geschlagen: 2", "am Zug"},
			"quatro": {"Platz 1", "am Zug, 0 draußen", "1 draußen"},
			"dobbal": {"Wurf", "Letzter Wurf"},
		},
		i18n.Spanish: {
			"pente":  {"Pente, tras la jugada 9: le toca a Negras", "Blancas", "capturadas: 2", "le toca"},
			"dobbal": {"Tirada", "Última tirada"},
		},
		i18n.Portuguese: {
			"pente":  {"Pente, após o lance 9: joga Pretas", "Brancas", "capturadas: 2", "a jogar"},
			"dobbal": {"Lançamento", "Último lançamento"},
		},
	}
	english := []string{"to move", "captured", "off the board", "Roll", "after ply", "White", "Black", "Seat"}
	for _, lang := range i18n.All {
		for _, p := range positions {
			t.Run(string(lang)+"/"+p.name, func(t *testing.T) {
				var b bytes.Buffer
				if err := SVG(&b, p.make(t), Options{Lang: lang}); err != nil {
					t.Fatal(err)
				}
				var shown []string
				for _, m := range svgWords.FindAllSubmatch(b.Bytes(), -1) {
					shown = append(shown, string(m[1]))
				}
				text := strings.Join(shown, "\n")
				for _, w := range want[lang][p.name] {
					if !strings.Contains(text, w) {
						t.Errorf("the picture lacks %q; its words:\n%s", w, text)
					}
				}
				if lang == i18n.English {
					return
				}
				for _, w := range english {
					if strings.Contains(text, w) {
						t.Errorf("the picture in %s still says %q; its words:\n%s", lang, w, text)
					}
				}
			})
		}
	}
}
