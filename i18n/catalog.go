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
	// msgs holds every message of lang and of English by id.
	msgs map[Lang]map[string]*goi18n.Message
	// plains keeps, by language and id, what plainOf found: a message
	// is looked at on its first use, not at load, as a run uses few.
	plains sync.Map // plainKey → plainFound
}

type plainKey struct {
	lang Lang
	id   string
}

type plainFound struct {
	p  plain
	ok bool
}

// plainOf is message id of lang as parts Tr may join without the
// template engine (plain.go); ok is false when it needs the engine or is
// not in lang's catalog.
func (c *catalog) plainOf(lang Lang, id string) (plain, bool) {
	k := plainKey{lang, id}
	if f, ok := c.plains.Load(k); ok {
		return f.(plainFound).p, f.(plainFound).ok
	}
	var f plainFound
	if m := c.msgs[lang][id]; m != nil {
		f.p, f.ok = compilePlain(m)
	}
	c.plains.Store(k, f)
	return f.p, f.ok
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
	c := &catalog{lang: lang, msgs: map[Lang]map[string]*goi18n.Message{}}
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
		if c.msgs[l] == nil {
			c.msgs[l] = map[string]*goi18n.Message{}
		}
		for _, m := range mf.Messages {
			c.msgs[l][m.ID] = m
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
