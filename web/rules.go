package web

import (
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"path"
	"slices"
	"strings"

	"pbem/docs"
	"pbem/i18n"
	"pbem/rules/games"
)

// rulesPage is one rules document in one language, rendered once at start.
type rulesPage struct {
	Title string
	Lang  i18n.Lang
	HTML  template.HTML
}

// rulesDoc is a game's rules document in every language it is written
// in: pente.md in English, pente.de.md in German, and so on.
type rulesDoc struct {
	pages map[i18n.Lang]rulesPage
	langs []i18n.Lang // in the order of i18n.All, English first
}

// rulesFile is the document of a game: one per engine, so the Pente
// variants share pente.md ("Pinuid Quatro" reads pinuid-quatro.md).
func rulesFile(e games.Entry) string {
	return strings.ToLower(strings.ReplaceAll(e.Kind.Name, " ", "-")) + ".md"
}

// langFile is the name of a document's translation: pente.md in German is
// pente.de.md; English is the document itself.
func langFile(name string, l i18n.Lang) string {
	if l == i18n.English {
		return name
	}
	return strings.TrimSuffix(name, ".md") + "." + string(l) + ".md"
}

// rulesHTML holds each rules document of docs/rules as HTML:
// rulespages/pente.de.html is docs/rules/pente.de.md. The tests write them
// with goldmark (rulespages_test.go) and fail when one is not what its
// document says; rendering them here at every start of pbem, whatever
// the command, cost 6 ms in goldmark's package set-up alone.
//
//go:embed rulespages/*.html
var rulesHTML embed.FS

// htmlFile is the page rendered from rules document file ("pente.de.md").
func htmlFile(file string) string {
	return path.Join("rulespages", strings.TrimSuffix(path.Base(file), ".md")+".html")
}

// loadRules reads every game's rules document in every language found
// beside it.
func loadRules() (map[string]rulesDoc, error) {
	out := map[string]rulesDoc{}
	// A document's links to its neighbours ("pinuid-classic.md", or
	// "pinuid-classic.de.md" in a German one) lead to their pages here.
	var links []string
	for _, e := range games.All() {
		for _, l := range i18n.All {
			to := `href="/rules/` + e.Name
			if l != i18n.English {
				to += "/" + string(l)
			}
			if from := `href="` + langFile(rulesFile(e), l); !slices.Contains(links, from) {
				links = append(links, from, to)
			}
		}
	}
	pageLinks := strings.NewReplacer(links...)
	for _, e := range games.All() {
		name := rulesFile(e)
		if _, ok := out[name]; ok {
			continue
		}
		doc := rulesDoc{pages: map[i18n.Lang]rulesPage{}}
		for _, l := range i18n.All {
			file := path.Join("rules", langFile(name, l))
			src, err := fs.ReadFile(docs.Rules, file)
			if err != nil && l != i18n.English {
				continue // not translated into l
			}
			if err != nil {
				return nil, fmt.Errorf("web: rules of %s: %w", e.Title, err)
			}
			html, err := fs.ReadFile(rulesHTML, htmlFile(file))
			if err != nil {
				return nil, fmt.Errorf("web: rules of %s, %s: %w (go test ./web -run RulesPages -update writes it)", e.Title, file, err)
			}
			title, _, _ := strings.Cut(string(src), "\n")
			doc.pages[l] = rulesPage{
				Title: strings.TrimSpace(strings.TrimPrefix(title, "# ")),
				Lang:  l,
				HTML:  template.HTML(pageLinks.Replace(string(html))),
			}
			doc.langs = append(doc.langs, l)
		}
		out[name] = doc
	}
	return out, nil
}

// rulesLangLink is a link from a rules page to the same rules in another
// language, named in that language ("Deutsch", "Español").
type rulesLangLink struct {
	Lang i18n.Lang
	Name string
	Href string
}

// otherLangs links the document's languages other than current.
func (d rulesDoc) otherLangs(e games.Entry, current i18n.Lang) []rulesLangLink {
	var out []rulesLangLink
	for _, l := range d.langs {
		if l == current {
			continue
		}
		href := "/rules/" + e.Name
		if l != i18n.English {
			href += "/" + string(l)
		}
		out = append(out, rulesLangLink{Lang: l, Name: upperFirst(l.Name()), Href: href})
	}
	return out
}
