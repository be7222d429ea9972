package web

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"pbem/docs"
	"pbem/rules/games"
)

// rulesPage is one rules document, rendered once at start.
type rulesPage struct {
	Title string
	HTML  template.HTML
}

// rulesFile is the document of a game: one per engine, so the Pente
// variants share pente.md ("Pinuid Quatro" reads pinuid-quatro.md).
func rulesFile(e games.Entry) string {
	return strings.ToLower(strings.ReplaceAll(e.Kind.Name, " ", "-")) + ".md"
}

// loadRules renders every game's rules document. Goldmark leaves raw HTML
// in the documents out (its default), so a page holds only what the
// Markdown says, and the CSP needs nothing inline.
func loadRules() (map[string]rulesPage, error) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	out := map[string]rulesPage{}
	// A document's links to its neighbours ("pinuid-classic.md") lead to
	// their pages here.
	var links []string
	for _, e := range games.All() {
		if name := rulesFile(e); !slices.Contains(links, `href="`+name) {
			links = append(links, `href="`+name, `href="/rules/`+e.Name)
		}
	}
	pageLinks := strings.NewReplacer(links...)
	for _, e := range games.All() {
		name := rulesFile(e)
		if _, ok := out[name]; ok {
			continue
		}
		src, err := fs.ReadFile(docs.Rules, "rules/"+name)
		if err != nil {
			return nil, fmt.Errorf("web: rules of %s: %w", e.Title, err)
		}
		var b bytes.Buffer
		if err := md.Convert(src, &b); err != nil {
			return nil, fmt.Errorf("web: rules of %s: %w", e.Title, err)
		}
		title, _, _ := strings.Cut(string(src), "\n")
		out[name] = rulesPage{Title: strings.TrimSpace(strings.TrimPrefix(title, "# ")), HTML: template.HTML(pageLinks.Replace(b.String()))}
	}
	return out, nil
}
