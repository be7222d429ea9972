package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	texttemplate "text/template"
	"text/template/parse"
	"unicode"

	"golang.org/x/net/html"

	"pbem/i18n"
	"pbem/internal/sentences"
)

// allowed names the declarations of web whose literals may read as
// English sentences, with the reason.
var allowed = map[string]string{
	"pages.go:styleNonce": "markup: the nonce of an SVG's <style>, no text",
}

// TestNoEnglishSentences fails when the Go code of web puts an English
// sentence on a page: the pages' texts are messages of the catalogs
// (area web), rendered in the reader's language. Errors and logs for the
// operator pass.
func TestNoEnglishSentences(t *testing.T) {
	sentences.Assert(t, ".", allowed, true)
}

// TestTemplatesHoldNoWords fails when a template writes a word itself: a
// page's text nodes, and the attributes a reader is shown (title,
// aria-label, placeholder, alt, a button's value), may hold template
// actions, punctuation and symbols ("·", "«", "±"), never a letter.
// Words come from the catalogs through tr and trHTML.
func TestTemplatesHoldNoWords(t *testing.T) {
	files, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	for _, file := range files {
		src, err := fs.ReadFile(templateFS, file)
		if err != nil {
			t.Fatal(err)
		}
		words, err := templateWords(file, string(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range words {
			t.Errorf("%s writes %q: put it in i18n/catalog/web.*.toml and write {{tr \"web....\"}}", file, w)
		}
	}
}

// TestTemplateWordsFindsEnglish: the check above finds the words of a
// template that writes English in each of the ways it looks at.
func TestTemplateWordsFindsEnglish(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "templates", "english.html"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := templateWords("english.html", string(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Hello , welcome back.", "this ply", "first ply", "name", "Go", "the board", "( , unrated)"}
	if !slices.Equal(got, want) {
		t.Errorf("found %q, want %q", got, want)
	}
}

// shownAttrs are the attributes whose values a reader sees or hears.
var shownAttrs = map[string]bool{"title": true, "aria-label": true, "aria-description": true, "placeholder": true, "alt": true, "label": true}

// actionMark stands for whatever a template computes: an action's text
// is not the template's.
const actionMark = "\ue000"

// templateWords lists the texts with letters that template src writes
// itself, outside its actions.
func templateWords(name, src string) ([]string, error) {
	masked, err := maskActions(name, src)
	if err != nil {
		return nil, err
	}
	var words []string
	add := func(s string) {
		s = strings.TrimSpace(strings.ReplaceAll(s, actionMark, " "))
		if strings.ContainsFunc(s, unicode.IsLetter) {
			words = append(words, strings.Join(strings.Fields(s), " "))
		}
	}
	z := html.NewTokenizer(strings.NewReader(masked))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return words, nil
		case html.TextToken:
			add(string(z.Text()))
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			button := tok.Data == "input" && slices.ContainsFunc(tok.Attr, func(a html.Attribute) bool {
				return a.Key == "type" && (a.Val == "submit" || a.Val == "button" || a.Val == "reset")
			})
			for _, a := range tok.Attr {
				if shownAttrs[a.Key] || button && a.Key == "value" {
					add(a.Val)
				}
			}
		}
	}
}

// maskActions is src with every template action and its arguments
// replaced by actionMark, and the template's own text as it was.
func maskActions(name, src string) (string, error) {
	trees, err := parseTemplate(name, src)
	if err != nil {
		return "", err
	}
	own := make([]bool, len(src))
	for _, tree := range trees {
		walkText(tree.Root, func(n *parse.TextNode) {
			for i := range len(n.Text) {
				own[int(n.Pos)+i] = true
			}
		})
	}
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		switch {
		case own[i]:
			b.WriteByte(src[i])
		case i == 0 || own[i-1]:
			b.WriteString(actionMark)
		}
	}
	return b.String(), nil
}

// walkText calls fn on every text node under n.
func walkText(n parse.Node, fn func(*parse.TextNode)) {
	switch n := n.(type) {
	case *parse.TextNode:
		fn(n)
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			walkText(c, fn)
		}
	case *parse.IfNode:
		walkText(n.List, fn)
		walkText(n.ElseList, fn)
	case *parse.RangeNode:
		walkText(n.List, fn)
		walkText(n.ElseList, fn)
	case *parse.WithNode:
		walkText(n.List, fn)
		walkText(n.ElseList, fn)
	}
}

// parseTemplate parses a page's template as the server does, with the
// pages' functions, and returns the trees of all it defines.
func parseTemplate(name, src string) ([]*parse.Tree, error) {
	t, err := texttemplate.New(name).Funcs(texttemplate.FuncMap(pageFuncs(i18n.English))).Parse(src)
	if err != nil {
		return nil, err
	}
	var trees []*parse.Tree
	for _, d := range t.Templates() {
		if d.Tree != nil {
			trees = append(trees, d.Tree)
		}
	}
	return trees, nil
}

// TestTemplateMessagesExist fails when a template or the Go code of web
// names a message of the web area that the English catalog lacks (the
// i18n tests hold the other languages to English).
func TestTemplateMessagesExist(t *testing.T) {
	var ids []string
	files, _ := fs.Glob(templateFS, "templates/*.html")
	for _, file := range files {
		src, err := fs.ReadFile(templateFS, file)
		if err != nil {
			t.Fatal(err)
		}
		trees, err := parseTemplate(file, string(src))
		if err != nil {
			t.Fatal(err)
		}
		for _, tree := range trees {
			ids = append(ids, messageIDs(tree.Root)...)
		}
	}
	goFiles, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, file := range goFiles {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && strings.HasPrefix(s, "web.") {
					ids = append(ids, s)
				}
			}
			return true
		})
	}
	if len(ids) < 50 {
		t.Fatalf("found only %d message names: the search is broken", len(ids))
	}
	for _, id := range ids {
		if i18n.Tr(i18n.English, id, nil) == id {
			t.Errorf("%s is not a message of the English catalog", id)
		}
	}
}

// messageIDs are the message names tr and trHTML are called with under n.
func messageIDs(n parse.Node) []string {
	var out []string
	var walk func(parse.Node)
	walk = func(n parse.Node) {
		switch n := n.(type) {
		case *parse.ListNode:
			if n == nil {
				return
			}
			for _, c := range n.Nodes {
				walk(c)
			}
		case *parse.ActionNode:
			walk(n.Pipe)
		case *parse.PipeNode:
			if n == nil {
				return
			}
			for _, c := range n.Cmds {
				walk(c)
			}
		case *parse.CommandNode:
			if id, ok := n.Args[0].(*parse.IdentifierNode); ok && (id.Ident == "tr" || id.Ident == "trHTML") && len(n.Args) > 1 {
				if s, ok := n.Args[1].(*parse.StringNode); ok {
					out = append(out, s.Text)
				}
			}
			for _, a := range n.Args {
				walk(a)
			}
		case *parse.IfNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.RangeNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.WithNode:
			walk(n.Pipe)
			walk(n.List)
			walk(n.ElseList)
		case *parse.TemplateNode:
			walk(n.Pipe)
		}
	}
	walk(n)
	return out
}
