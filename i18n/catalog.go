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

// catalog is one language's bundle, with English beside it as the
// fallback, and its localizer. It is read-only once built.
type catalog struct {
	lang  Lang
	local *goi18n.Localizer
	// plain holds, for lang and English, the messages Tr may put into
	// words without the template engine (plain.go); has, every id of each.
	plain map[Lang]map[string]plain
	has   map[Lang]map[string]bool
}

// loaded loads each language's catalog the first time it is asked for: a
// run that writes only English (pbem review) reads only English's files.
var loaded = func() map[Lang]func() (*catalog, error) {
	m := map[Lang]func() (*catalog, error){}
	for _, l := range All {
		m[l] = sync.OnceValues(func() (*catalog, error) { return load(catalogFS, l) })
	}
	return m
}()

// load reads the catalog files of lang and of English.
func load(fsys fs.FS, lang Lang) (*catalog, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := fs.Glob(fsys, "catalog/*.toml")
	if err != nil {
		return nil, err
	}
	c := &catalog{lang: lang, plain: map[Lang]map[string]plain{}, has: map[Lang]map[string]bool{}}
	for _, f := range files {
		l := Lang(langOf(f))
		if !l.Valid() {
			return nil, fmt.Errorf("catalog %s: %q is not one of the languages", f, l)
		}
		if l != lang && l != English {
			continue
		}
		mf, err := b.LoadMessageFileFS(fsys, f)
		if err != nil {
			return nil, fmt.Errorf("catalog %s: %w", f, err)
		}
		if c.plain[l] == nil {
			c.plain[l], c.has[l] = map[string]plain{}, map[string]bool{}
		}
		for _, m := range mf.Messages {
			c.has[l][m.ID] = true
			if p, ok := compilePlain(m); ok {
				c.plain[l][m.ID] = p
			}
		}
	}
	c.local = goi18n.NewLocalizer(b, string(lang))
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

// mustCatalog is the catalog of lang, one of All.
func mustCatalog(lang Lang) *catalog {
	c, err := loaded[lang]()
	if err != nil {
		// The catalogs are embedded: the tests load them, so this is a
		// build that was never tested.
		panic(err)
	}
	return c
}
