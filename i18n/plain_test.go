package i18n

import "testing"

// TestPlainAsTemplates: every message Tr joins from its parts reads as the
// template engine writes it, in every language, with strings, numbers,
// messages and lists as arguments.
func TestPlainAsTemplates(t *testing.T) {
	values := []func(name string) any{
		func(name string) any { return "<" + name + ">" },
		func(string) any { return 42 },
		func(string) any { return testMsg{"language.name", nil} },
		func(name string) any { return orList{"a", name, "c"} },
	}
	n := 0
	for _, lang := range All {
		c := mustCatalog(lang)
		for id := range c.msgs[lang] {
			p, ok := c.plainOf(lang, id)
			if !ok {
				continue
			}
			for _, value := range values {
				args := map[string]any{}
				for _, p := range p.parts {
					if p.field != "" {
						args[p.field] = value(p.field)
					}
				}
				got, want := Tr(lang, id, args), c.localize(lang, id, args)
				if got != want {
					t.Errorf("%s %s: %q, the template engine writes %q", lang, id, got, want)
				}
				n++
			}
		}
	}
	if n < 400 {
		t.Errorf("only %d renderings compared: the plain messages are too few", n)
	}
}

type testMsg struct {
	id   string
	args map[string]any
}

func (m testMsg) MessageID() string           { return m.id }
func (m testMsg) MessageArgs() map[string]any { return m.args }
