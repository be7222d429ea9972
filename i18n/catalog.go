package i18n

import (
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// catalog is one language's bundle, with English beside it as the
// fallback, and its localizer. It is read-only once built.
type catalog struct {
	lang Lang
	// local renders through the template engine; it is built on first
	// use, as most messages are joined without it (plain.go).
	local func() *goi18n.Localizer
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

// loaded builds each language's catalog the first time it is asked for.
var loaded = func() map[Lang]func() *catalog {
	m := map[Lang]func() *catalog{}
	for _, l := range All {
		m[l] = sync.OnceValue(func() *catalog { return load(l) })
	}
	return m
}()

// load indexes the messages of lang and of English. The messages are
// Go values (catalog_data.go, written from the TOML files by the tests),
// so a run's first text costs no parsing: reading the TOML took 10 ms,
// the largest part of a short command's start.
func load(lang Lang) *catalog {
	c := &catalog{lang: lang, msgs: map[Lang]map[string]*goi18n.Message{}}
	for i := range catalogData {
		d := &catalogData[i]
		if d.lang != lang && d.lang != English {
			continue
		}
		m := make(map[string]*goi18n.Message, len(d.msgs))
		for j := range d.msgs {
			m[d.msgs[j].ID] = &d.msgs[j]
		}
		c.msgs[d.lang] = m
	}
	c.local = sync.OnceValue(func() *goi18n.Localizer {
		b := goi18n.NewBundle(language.English)
		for l, msgs := range c.msgs {
			all := make([]*goi18n.Message, 0, len(msgs))
			for _, m := range msgs {
				all = append(all, m)
			}
			if err := b.AddMessages(l.tag(), all...); err != nil {
				// Every language of All has plural rules: a test
				// renders every plural message in each.
				panic(err)
			}
		}
		return goi18n.NewLocalizer(b, lang.tag().String())
	})
	return c
}

// tag is the language's tag for the template engine, whose plural rules
// it picks. Portuguese is European (pt-PT), where 0 takes the plural ("0
// lances"); plain "pt" gets Brazil's rule, where 0 is singular.
func (l Lang) tag() language.Tag {
	if l == Portuguese {
		return language.MustParse("pt-PT")
	}
	return language.Make(string(l))
}

// mustCatalog is the catalog of lang, one of All.
func mustCatalog(lang Lang) *catalog {
	return loaded[lang]()
}
