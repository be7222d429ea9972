package i18n

import (
	"io/fs"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// catalogFiles holds the catalogs as translators write them.
var catalogFiles = os.DirFS(".")

// langOf is the language part of a catalog file name: "rules.de.toml" → "de".
func langOf(file string) string {
	parts := strings.Split(path.Base(file), ".")
	if len(parts) < 3 {
		return ""
	}
	return parts[len(parts)-2]
}

// messages reads every catalog file into language → id → message.
func messages(t *testing.T) map[Lang]map[string]*goi18n.Message {
	t.Helper()
	files, err := fs.Glob(catalogFiles, "catalog/*.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no catalogs: %v", err)
	}
	out := map[Lang]map[string]*goi18n.Message{}
	for _, f := range files {
		buf, err := fs.ReadFile(catalogFiles, f)
		if err != nil {
			t.Fatal(err)
		}
		mf, err := goi18n.ParseMessageFileBytes(buf, f, map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		l := Lang(langOf(f))
		if !l.Valid() {
			t.Fatalf("%s: %q is not a language of All", f, l)
		}
		if out[l] == nil {
			out[l] = map[string]*goi18n.Message{}
		}
		for _, m := range mf.Messages {
			if _, dup := out[l][m.ID]; dup {
				t.Errorf("%s: %s is defined twice", f, m.ID)
			}
			out[l][m.ID] = m
		}
	}
	return out
}

// forms are a message's texts by plural form.
func forms(m *goi18n.Message) map[string]string {
	out := map[string]string{}
	for name, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if s != "" {
			out[name] = s
		}
	}
	return out
}

// placeholders lists the {{.Name}} fields a text uses.
func placeholders(t *testing.T, id, text string) []string {
	t.Helper()
	trees, err := parse.Parse(id, text, "{{", "}}")
	if err != nil {
		t.Errorf("%s: %v", id, err)
		return nil
	}
	var names []string
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n != nil {
				for _, c := range n.Nodes {
					walk(c)
				}
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			for _, c := range n.Cmds {
				walk(c)
			}
		case *parse.CommandNode:
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.FieldNode:
			names = append(names, strings.Join(n.Ident, "."))
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		}
	}
	for _, tree := range trees {
		walk(tree.Root)
	}
	sort.Strings(names)
	return slices.Compact(names)
}

func allPlaceholders(t *testing.T, m *goi18n.Message) []string {
	var all []string
	for _, text := range forms(m) {
		all = append(all, placeholders(t, m.ID, text)...)
	}
	sort.Strings(all)
	return slices.Compact(all)
}

// TestCatalogsComplete fails when a message lacks a translation in a
// language, a translation has a message English lacks, or a translation
// drops or adds a placeholder.
func TestCatalogsComplete(t *testing.T) {
	all := messages(t)
	en := all[English]
	if len(en) == 0 {
		t.Fatal("the English catalog is empty")
	}
	for _, l := range All[1:] {
		for id, m := range en {
			tm, ok := all[l][id]
			if !ok {
				t.Errorf("%s: %s has no translation", l, id)
				continue
			}
			want, got := allPlaceholders(t, m), allPlaceholders(t, tm)
			if !slices.Equal(want, got) {
				t.Errorf("%s: %s has placeholders %v, English has %v", l, id, got, want)
			}
		}
		for id := range all[l] {
			if _, ok := en[id]; !ok {
				t.Errorf("%s: %s is not in the English catalog", l, id)
			}
		}
	}
}

// TestPluralForms renders every plural message in every language for
// counts that reach each CLDR category, so a language that needs a form
// (Spanish and Portuguese "many" for a million) cannot lack it.
func TestPluralForms(t *testing.T) {
	all := messages(t)
	for id, m := range all[English] {
		if m.One == "" && m.Few == "" && m.Many == "" {
			continue
		}
		args := map[string]any{}
		for _, p := range allPlaceholders(t, m) {
			args[p] = "x"
		}
		for _, l := range All {
			for _, n := range []any{0, 1, 2, 3, 5, 11, 21, 101, 1000000} {
				args[CountArg] = n
				if _, err := mustCatalog(l).local().Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: args, PluralCount: n}); err != nil {
					t.Errorf("%s: %s with count %v: %v", l, id, n, err)
				}
			}
		}
	}
}

// TestPluralZero: 0 takes the plural in every language here, European
// Portuguese too (the rule go-i18n gives plain "pt" is Brazil's, where 0
// is singular).
func TestPluralZero(t *testing.T) {
	args := func(n int) map[string]any {
		return map[string]any{CountArg: n, "Result": "*", "Outcome": "*"}
	}
	for _, c := range []struct {
		lang Lang
		n    int
		want string
	}{
		{Portuguese, 0, "0 lances,"},
		{Portuguese, 1, "1 lance,"},
		{Portuguese, 2, "2 lances,"},
		{Spanish, 0, "0 jugadas,"},
		{German, 0, "0 Züge,"},
		{English, 0, "0 plies,"},
	} {
		if got := Tr(c.lang, "notation.summary.plies", args(c.n)); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s, %d: %q, want it to begin %q", c.lang, c.n, got, c.want)
		}
	}
}

func TestTr(t *testing.T) {
	tests := []struct {
		lang Lang
		id   string
		args map[string]any
		want string
	}{
		{English, "language.name", nil, "English"},
		{German, "language.name", nil, "Deutsch"},
		{English, "list.or", map[string]any{"Head": "a, b", "Last": "c"}, "a, b or c"},
		{Spanish, "list.and", map[string]any{"Head": "a", "Last": "c"}, "a y c"},
		{"xx", "language.name", nil, "English"},
		{German, "no.such.message", map[string]any{"B": 2, "A": "x"}, "no.such.message A=x B=2"},
	}
	for _, tc := range tests {
		if got := Tr(tc.lang, tc.id, tc.args); got != tc.want {
			t.Errorf("Tr(%s, %s) = %q, want %q", tc.lang, tc.id, got, tc.want)
		}
	}
}

type msg struct {
	id   string
	args map[string]any
}

func (m msg) MessageID() string           { return m.id }
func (m msg) MessageArgs() map[string]any { return m.args }
func (m msg) Error() string               { return "code:" + m.id }

type orList []string

func (l orList) ListItems() []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}
func (orList) Conjunction() string { return "or" }

func TestRenderNested(t *testing.T) {
	hint := msg{"rules.did_you_mean", map[string]any{"Choices": orList{"H10", "J10", "K10"}}}
	if got, want := Render(English, hint), "did you mean H10, J10 or K10?"; got != want {
		t.Errorf("English: %q, want %q", got, want)
	}
	if got, want := Render(Portuguese, hint), "querias dizer H10, J10 ou K10?"; got != want {
		t.Errorf("Portuguese: %q, want %q", got, want)
	}
	wrapped := wrap{"game 3: ", hint}
	if got, want := Error(German, wrapped), "game 3: meintest du H10, J10 oder K10?"; got != want {
		t.Errorf("Error: %q, want %q", got, want)
	}
}

type wrap struct {
	prefix string
	err    msg
}

func (w wrap) Error() string { return w.prefix + w.err.Error() }
func (w wrap) Unwrap() error { return w.err }

func TestParse(t *testing.T) {
	tests := map[string]Lang{
		"de": German, "DE": German, "de-AT": German, "Deutsch": German,
		"español": Spanish, "es_419": Spanish, "Español": Spanish,
		"pt-BR": Portuguese, "português": Portuguese, "en": English, "English": English,
	}
	for in, want := range tests {
		if got, ok := Parse(in); !ok || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "fr", "klingon"} {
		if got, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) = %q, want no language", bad, got)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"Zurück": "zuruck", "ACEPTÁR": "aceptar", "Straße": "strasse", "desfazer": "desfazer"} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParse: Parse never panics, and what it accepts is a language of All
// that reads back as itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"de", "pt-BR", "Español", "", "x-y-z", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := Parse(s)
		if !ok {
			return
		}
		if !l.Valid() {
			t.Fatalf("Parse(%q) = %q, not a language", s, l)
		}
		if back, ok := Parse(string(l)); !ok || back != l {
			t.Fatalf("Parse(%q) = %q, which reads back as %q", s, l, back)
		}
	})
}

// BenchmarkLoadEnglish is the cost of a run's first English text: every
// command that writes one (review's ending sentences) pays it once.
func BenchmarkLoadEnglish(b *testing.B) {
	for b.Loop() {
		load(English)
	}
}
