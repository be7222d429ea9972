package web

import (
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"

	"pbem/docs"
	"pbem/i18n"
	"pbem/rules"
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
	// "pinuid-classic.de.md" in a German one) lead to their pages here,
	// in the document's language: /rules/pinuid/en, as /rules/pinuid is in
	// the reader's.
	var links []string
	for _, e := range games.All() {
		for _, l := range i18n.All {
			to := `href="` + rulesHref(e, l)
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

// rulesHref is the address of a game's rules in language l.
func rulesHref(e games.Entry, l i18n.Lang) string { return "/rules/" + e.Name + "/" + string(l) }

// otherLangs links the document's languages other than current.
func (d rulesDoc) otherLangs(e games.Entry, current i18n.Lang) []langLink {
	var out []langLink
	for _, l := range d.langs {
		if l == current {
			continue
		}
		out = append(out, langLink{Lang: l, Name: langName(l), Href: rulesHref(e, l)})
	}
	return out
}

type rulesView struct {
	layout
	Entry  games.Entry
	Doc    rulesPage
	Others []langLink // the same rules in the other languages
	Index  []rulesIndexRow
}

// rulesIndexRow is a game on the rules index, with the languages its
// rules are translated into.
type rulesIndexRow struct {
	Entry  games.Entry
	Others []langLink
}

func (s *Server) rulesIndex(w http.ResponseWriter, r *http.Request) {
	v := rulesView{layout: s.layout(r, "web.rules.title", nil)}
	for _, e := range v.Games {
		v.Index = append(v.Index, rulesIndexRow{Entry: e, Others: s.rules[rulesFile(e)].otherLangs(e, i18n.English)})
	}
	s.render(w, r, http.StatusOK, "rules", v)
}

// rulesPage shows a game's rules: /rules/KIND in the reader's language
// when the rules are written in it, else in English; /rules/KIND/de (or
// /rules/KIND?lang=de) in German. A language may be named by its code or
// its name ("deutsch"); the links use codes.
func (s *Server) rulesPage(w http.ResponseWriter, r *http.Request) {
	e, err := games.Lookup(r.PathValue("kind"))
	if err != nil {
		s.notFound(w, r, sayErr(err))
		return
	}
	doc := s.rules[rulesFile(e)]
	l := s.frame(r)
	lang, asked, ok := doc.langFor(r, l.Lang)
	if !ok {
		s.notFound(w, r, sayMsg("web.rules.unwritten", map[string]any{"Title": e.Title, "Asked": strconv.Quote(asked), "Langs": doc.names()}))
		return
	}
	page := doc.pages[lang]
	l.Title = page.Title
	l.Langs = langLinks(r.URL, l.Lang, doc.footerPath(e, r))
	s.render(w, r, http.StatusOK, "rules", rulesView{layout: l, Entry: e, Doc: page, Others: doc.otherLangs(e, lang)})
}

// langFor is the language of the document r asks for: the path's
// (/rules/pente/de), else the one ?lang= names, else the reader's when
// the document is written in it, else English. ok is false when the path
// or ?lang= asks for a language the document is not written in (or, in
// the path, for none at all); asked is what they said.
func (d rulesDoc) langFor(r *http.Request, reader i18n.Lang) (lang i18n.Lang, asked string, ok bool) {
	if asked = r.PathValue("lang"); asked != "" {
		l, known := i18n.Parse(asked)
		return l, asked, known && d.written(l)
	}
	if l, known := askedLang(r); known {
		return l, r.URL.Query().Get(langParam), d.written(l)
	}
	if d.written(reader) {
		return reader, "", true
	}
	return i18n.English, "", true
}

func (d rulesDoc) written(l i18n.Lang) bool {
	_, ok := d.pages[l]
	return ok
}

// names are the document's languages, each named in itself.
func (d rulesDoc) names() rules.AndList {
	var out rules.AndList
	for _, l := range d.langs {
		out = append(out, langName(l))
	}
	return out
}

// footerPath gives the footer's link to a rules page in a language a
// path. A language the document is written in keeps the page's path; for
// another, ?lang= alone would ask for a document that is not there, so
// the link names the English one in the path (/rules/pente/en?lang=es),
// which is what a reader of that language gets at /rules/pente. A path
// that chose a language keeps it.
func (d rulesDoc) footerPath(e games.Entry, r *http.Request) func(i18n.Lang) string {
	return func(l i18n.Lang) string {
		if d.written(l) || r.PathValue("lang") != "" {
			return r.URL.Path
		}
		return rulesHref(e, i18n.English)
	}
}
