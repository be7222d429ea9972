package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed catalog/*.toml
var catalogFS embed.FS

// catalog is the loaded bundle with one localizer per language. It is
// read-only once built.
type catalog struct {
	bundle *goi18n.Bundle
	local  map[Lang]*goi18n.Localizer
	// plain holds, by language and id, the messages Tr may put into words
	// without the template engine (plain.go); has, every id of a language.
	plain map[Lang]map[string]plain
	has   map[Lang]map[string]bool
}

var loaded = sync.OnceValues(func() (*catalog, error) { return load(catalogFS) })

func load(fsys fs.FS) (*catalog, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := fs.Glob(fsys, "catalog/*.toml")
	if err != nil {
		return nil, err
	}
	c := &catalog{bundle: b, local: map[Lang]*goi18n.Localizer{},
		plain: map[Lang]map[string]plain{}, has: map[Lang]map[string]bool{}}
	for _, f := range files {
		mf, err := b.LoadMessageFileFS(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", f, err)
		}
		lang := Lang(langOf(f))
		if !lang.Valid() {
			return nil, fmt.Errorf("catalog %s: %q is not one of the languages", f, lang)
		}
		if c.plain[lang] == nil {
			c.plain[lang], c.has[lang] = map[string]plain{}, map[string]bool{}
		}
		for _, m := range mf.Messages {
			c.has[lang][m.ID] = true
			if p, ok := compilePlain(m); ok {
				c.plain[lang][m.ID] = p
			}
		}
	}
	for _, l := range All {
		c.local[l] = goi18n.NewLocalizer(b, string(l))
	}
	return c, nil
}

// langOf is the language part of a catalog file name: "rules.de.toml" → "de".
func langOf(file string) string {
	parts := strings.Split(path.Base(file), ".")
	if len(parts) < 3 {
		return ""
	}
	return parts[len(parts)-2]
}

func mustCatalog() *catalog {
	c, err := loaded()
	if err != nil {
		// The catalogs are embedded: the tests load them, so this is a
		// build that was never tested.
		panic(err)
	}
	return c
}
