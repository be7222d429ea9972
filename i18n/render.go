package i18n

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// Message is a sentence not yet put into words: an id of the catalogs and
// its named arguments. Other packages' types satisfy it without importing
// this one (rules.Msg, *rules.Error).
type Message interface {
	MessageID() string
	MessageArgs() map[string]any
}

// List is an argument rendered as a list in the reader's language: "a, b
// or c", "a, b und c". Conjunction is "or" or "and".
type List interface {
	ListItems() []any
	Conjunction() string
}

// CountArg is the argument that picks the plural form of a message.
const CountArg = "Count"

// Tr renders message id in lang with args. Arguments that are Messages or
// Lists are rendered first, in the same language; the argument named
// Count chooses the CLDR plural form. A message missing in lang falls back
// to English; an unknown id renders as the id with its arguments, so a
// mistake shows rather than vanishes.
func Tr(lang Lang, id string, args map[string]any) string {
	lang = lang.Or(Default)
	c := mustCatalog(lang)
	from := lang // the catalog the message comes from: lang's, else English
	if c.msgs[lang][id] == nil {
		from = English
	}
	if p, ok := c.plainOf(from, id); ok {
		if s, ok := p.render(lang, args); ok {
			return s
		}
	}
	return c.localize(lang, id, args)
}

// localize renders message id in lang through the template engine.
func (c *catalog) localize(lang Lang, id string, args map[string]any) string {
	data := make(map[string]any, len(args))
	for k, v := range args {
		data[k] = renderArg(lang, v)
	}
	cfg := &goi18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if n, ok := args[CountArg]; ok {
		cfg.PluralCount = n
	}
	s, err := c.local().Localize(cfg)
	if err != nil && s == "" {
		return codeForm(id, args)
	}
	return s
}

// Render renders a Message.
func Render(lang Lang, m Message) string {
	return Tr(lang, m.MessageID(), m.MessageArgs())
}

// Error renders err for a reader: a Message in its chain is put into
// words, and where the chain wraps it ("game 3: " + the message) the
// wrapping text is kept around the rendered message.
func Error(lang Lang, err error) string {
	if err == nil {
		return ""
	}
	var m Message
	if !errors.As(err, &m) {
		return err.Error()
	}
	inner, ok := m.(error)
	if !ok {
		return Render(lang, m)
	}
	outer, code := err.Error(), inner.Error()
	if i := strings.Index(outer, code); i >= 0 {
		return outer[:i] + Render(lang, m) + outer[i+len(code):]
	}
	return Render(lang, m)
}

func renderArg(lang Lang, v any) any {
	switch v := v.(type) {
	case Message:
		return Render(lang, v)
	case List:
		items := v.ListItems()
		s := make([]string, len(items))
		for i, it := range items {
			s[i] = fmt.Sprint(renderArg(lang, it))
		}
		return list(lang, s, v.Conjunction())
	case []Message:
		s := make([]string, len(v))
		for i, m := range v {
			s[i] = Render(lang, m)
		}
		return strings.Join(s, "; ")
	}
	return v
}

// list joins items as the language writes a list: "a, b or c".
func list(lang Lang, items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return Tr(lang, "list."+conj, map[string]any{
		"Head": strings.Join(items[:len(items)-1], ", "),
		"Last": items[len(items)-1],
	})
}

// codeForm writes a message that has no sentence: the id and its
// arguments, as logs show them.
func codeForm(id string, args map[string]any) string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(id)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%v", k, args[k])
	}
	return b.String()
}
