package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pbem/docs"
	"pbem/i18n"
	"pbem/rules/games"
)

// seedLangs are the languages of each game's original rule texts: its
// rules page must be written in each of them as well as in English.
var seedLangs = map[string][]i18n.Lang{
	"pente.md":          {i18n.German},
	"pinuid-classic.md": {i18n.German, i18n.Spanish},
	"pinuid-quatro.md":  {i18n.German, i18n.Spanish},
	"pinuid-dobbal.md":  {i18n.Portuguese},
}

// markKind is what a marked sentence is, rather than an original rule.
type markKind string

const (
	markRuling   markKind = "ruling"   // our decision where the text is silent
	markInferred markKind = "inferred" // read from the text, not printed in it
	markEngine   markKind = "engine"   // a policy of pbem itself
)

// markLabels are the bold labels, "**(ruling)**", that mark those
// sentences in each language.
var markLabels = map[i18n.Lang]map[string]markKind{
	i18n.English:    {"ruling": markRuling, "inferred": markInferred, "engine": markEngine},
	i18n.German:     {"Festlegung": markRuling, "erschlossen": markInferred, "Serverregel": markEngine},
	i18n.Spanish:    {"decisión": markRuling, "deducido": markInferred, "regla del servidor": markEngine},
	i18n.Portuguese: {"decisão": markRuling, "deduzido": markInferred, "regra do servidor": markEngine},
}

var markLabel = regexp.MustCompile(`\*\*\(([^)]+)\)\*\*`)

// rulesOutline is what a translation must share with its English page:
// the levels of its headings in order, and how many sentences it marks
// of each kind.
type rulesOutline struct {
	headings string // "1 2 2 3", one level a heading
	marks    map[markKind]int
}

func outlineOf(t *testing.T, file string, lang i18n.Lang) rulesOutline {
	t.Helper()
	src, err := fs.ReadFile(docs.Rules, "rules/"+file)
	if err != nil {
		t.Fatal(err)
	}
	o := rulesOutline{marks: map[markKind]int{}}
	var levels []string
	var prose strings.Builder
	fenced := false
	for line := range strings.Lines(string(src)) {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced {
			continue
		}
		if h := strings.TrimLeft(line, "#"); len(h) < len(line) && strings.HasPrefix(h, " ") {
			levels = append(levels, string(rune('0'+len(line)-len(h))))
		}
		prose.WriteString(line)
	}
	// A label may be broken over two lines, as any words of a paragraph.
	for _, m := range markLabel.FindAllStringSubmatch(strings.Join(strings.Fields(prose.String()), " "), -1) {
		kind, ok := markLabels[lang][m[1]]
		if !ok {
			t.Errorf("%s: %q is no mark of %s; the marks are %v", file, m[0], lang, markLabels[lang])
		}
		o.marks[kind]++
	}
	if fenced {
		t.Errorf("%s: a code block is not closed", file)
	}
	o.headings = strings.Join(levels, " ")
	return o
}

// TestRulesTranslations: every game's rules page is written in the
// languages of its original texts, and every translation has the English
// page's headings and marks as many sentences of each kind as ours.
func TestRulesTranslations(t *testing.T) {
	for _, e := range games.All() {
		if _, ok := seedLangs[rulesFile(e)]; !ok {
			t.Errorf("%s: no seed languages for %s", e.Title, rulesFile(e))
		}
	}
	for name, langs := range seedLangs {
		en := outlineOf(t, name, i18n.English)
		if en.marks[markRuling] == 0 {
			t.Errorf("%s marks no ruling", name)
		}
		for _, l := range i18n.All[1:] {
			file := langFile(name, l)
			if _, err := fs.Stat(docs.Rules, "rules/"+file); err != nil {
				if slices.Contains(langs, l) {
					t.Errorf("%s: no page in %s, a language of the original rules: %v", name, l, err)
				}
				continue
			}
			got := outlineOf(t, file, l)
			if got.headings != en.headings {
				t.Errorf("%s has the heading levels %q, %s has %q", file, got.headings, name, en.headings)
			}
			for _, k := range []markKind{markRuling, markInferred, markEngine} {
				if got.marks[k] != en.marks[k] {
					t.Errorf("%s marks %d sentences %s, %s marks %d", file, got.marks[k], k, name, en.marks[k])
				}
			}
		}
	}
}

// TestRulesLanguages: /rules/KIND/LANG and /rules/KIND?lang=LANG serve the
// page in that language, marked as such, and every language of a page
// links to the others.
func TestRulesLanguages(t *testing.T) {
	f := newFixture(t)
	for _, e := range games.All() {
		name := rulesFile(e)
		for _, l := range append([]i18n.Lang{i18n.English}, seedLangs[name]...) {
			src, err := fs.ReadFile(docs.Rules, "rules/"+langFile(name, l))
			if err != nil {
				t.Fatal(err)
			}
			h1, _, _ := strings.Cut(string(src), "\n")
			h1 = strings.TrimPrefix(h1, "# ")
			targets := []string{"/rules/" + e.Name + "/" + string(l), "/rules/" + e.Name + "?lang=" + string(l)}
			if l == i18n.English {
				targets = append(targets, "/rules/"+e.Name)
			}
			for _, target := range targets {
				rec := f.get(t, target)
				body := rec.Body.String()
				if rec.Code != 200 {
					t.Errorf("GET %s: status %d", target, rec.Code)
					continue
				}
				for _, want := range []string{`<article class="rules" lang="` + string(l) + `">`, ">" + htmlText(h1) + "</h1>"} {
					if !strings.Contains(body, want) {
						t.Errorf("GET %s lacks %q", target, want)
					}
				}
				for _, other := range append([]i18n.Lang{i18n.English}, seedLangs[name]...) {
					href := `href="/rules/` + e.Name + "/" + string(other) + `"`
					link := href + ` hreflang="` + string(other) + `" lang="` + string(other) + `">` + htmlText(upperFirst(other.Name())) + "</a>"
					if has := strings.Contains(body, link); has != (other != l) {
						t.Errorf("GET %s: link to %s %s is %v, want %v", target, other, link, has, other != l)
					}
				}
			}
		}
	}
	// A language the rules are not written in is refused, in the
	// reader's language: ?lang= chose it as the reader's too.
	for target, want := range map[string]string{
		"/rules/dobbal/de":             `are not written in &#34;de&#34;; they are in English and Português.`,
		"/rules/pente/xx":              `are not written in &#34;xx&#34;; they are in English and Deutsch.`,
		"/rules/pente?lang=es":         `Las reglas de Pente no están escritas en &#34;es&#34;; están en English y Deutsch.`,
		"/rules/pinuid?lang=portugues": `As regras de Pinuid Classic não estão escritas em &#34;portugues&#34;; estão em English, Deutsch e Español.`,
	} {
		rec := f.get(t, target)
		if rec.Code != 404 || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("GET %s: status %d, want 404 saying %s\n%s", target, rec.Code, want, rec.Body.String())
		}
	}
	// A translation's links to its neighbours lead to their pages in the
	// same language; the index offers every translation.
	for target, want := range map[string]string{
		"/rules/quatro/de": `href="/rules/pinuid/de"`,
		"/rules/quatro/es": `href="/rules/pinuid/es"`,
		"/rules/":          `href="/rules/dobbal/pt" hreflang="pt" lang="pt">Português</a>`,
	} {
		if body := f.get(t, target).Body.String(); !strings.Contains(body, want) {
			t.Errorf("GET %s lacks %s", target, want)
		}
	}
	if rec := f.get(t, "/rules/pinuid/Deutsch"); rec.Code != 200 || !strings.Contains(rec.Body.String(), `lang="de"`) {
		t.Errorf("GET /rules/pinuid/Deutsch: status %d, want the German page", rec.Code)
	}
}

func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

// TestRulesInReadersLanguage: /rules/KIND is in the reader's language
// when the rules are written in it, else in English; the page around the
// rules is the reader's either way, and a language in the path picks the
// document whatever the reader reads.
func TestRulesInReadersLanguage(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		target, accept string
		page, doc      i18n.Lang
	}{
		{"/rules/pinuid", "de", i18n.German, i18n.German},
		{"/rules/pinuid", "es-MX", i18n.Spanish, i18n.Spanish},
		{"/rules/pinuid", "pt", i18n.Portuguese, i18n.English},
		{"/rules/pinuid", "", i18n.English, i18n.English},
		{"/rules/dobbal", "pt-BR", i18n.Portuguese, i18n.Portuguese},
		{"/rules/dobbal", "de", i18n.German, i18n.English},
		{"/rules/pinuid/es", "de", i18n.German, i18n.Spanish},
		{"/rules/pinuid/en", "de", i18n.German, i18n.English},
		{"/rules/pente/en?lang=es", "", i18n.Spanish, i18n.English},
		{"/rules/pente?lang=xx", "de", i18n.German, i18n.German}, // not a language: passed over
	} {
		req := httptest.NewRequest(http.MethodGet, tc.target, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Language", tc.accept)
		}
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		body := rec.Body.String()
		for _, want := range []string{`<html lang="` + string(tc.page) + `">`, `<article class="rules" lang="` + string(tc.doc) + `">`} {
			if rec.Code != 200 || !strings.Contains(body, want) {
				t.Errorf("GET %s (Accept-Language %q): status %d, lacks %s", tc.target, tc.accept, rec.Code, want)
			}
		}
	}
}
