// Package sentences finds English sentences in Go source: string literals
// with two words in a row. Packages whose texts reach players keep their
// sentences in the message catalogs (package i18n), and a test of theirs
// uses this package to hold them to it.
package sentences

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// words matches two words in a row: the mark of a sentence. Codes
// ("pente.occupied"), notation ("b1-c2xc1") and format strings without
// words pass.
var words = regexp.MustCompile(`[A-Za-z]{2,} +[A-Za-z]{2,}`)

// Finding is one English sentence in the source.
type Finding struct {
	Pos  token.Position
	Decl string // "file.go:Recv.Func", "file.go:Func" or "file.go:Name"
	Text string
}

// Check reads the non-test Go files of dir and the folders below it, and
// returns the sentences found outside the declarations that allow names,
// and the keys of allow that hold no sentence any more. A key of allow is
// a file ("board.go") or a declaration of one ("board.go:Game.Board").
// With developerTexts, the texts of errors, logs and panics pass: in a
// package whose errors never reach a player as they are.
func Check(dir string, allow map[string]string, developerTexts bool) (found []Finding, stale []string, err error) {
	fset := token.NewFileSet()
	used := map[string]bool{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		base := filepath.Base(path)
		for _, decl := range f.Decls {
			key := base + ":" + declName(decl)
			allowed := ""
			for _, k := range []string{key, base} {
				if _, ok := allow[k]; ok {
					allowed = k
					break
				}
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && developerTexts && forDevelopers(call) {
					return false
				}
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil || !words.MatchString(s) {
					return true
				}
				if allowed != "" {
					used[allowed] = true
					return true
				}
				found = append(found, Finding{Pos: fset.Position(lit.Pos()), Decl: key, Text: s})
				return true
			})
		}
		return nil
	})
	for k := range allow {
		if !used[k] {
			stale = append(stale, k)
		}
	}
	sort.Strings(stale)
	return found, stale, err
}

// developerCalls are the functions and methods whose texts are for
// developers and operators (errors wrapped with what was being done, logs,
// panics), not for players.
var developerCalls = map[string]bool{
	"fmt.Errorf": true, "errors.New": true, "panic": true,
	"LogAttrs": true, "Log": true, "Debug": true, "Info": true, "Warn": true, "Error": true,
	"DebugContext": true, "InfoContext": true, "WarnContext": true, "ErrorContext": true,
}

// forDevelopers reports whether call's texts are for developers.
func forDevelopers(call *ast.CallExpr) bool {
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return developerCalls[fn.Name]
	case *ast.SelectorExpr:
		if x, ok := fn.X.(*ast.Ident); ok && developerCalls[x.Name+"."+fn.Sel.Name] {
			return true
		}
		return developerCalls[fn.Sel.Name]
	}
	return false
}

// declName is "Recv.Func", "Func" or the first name a declaration declares.
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) > 0 {
			typ := d.Recv.List[0].Type
			if st, ok := typ.(*ast.StarExpr); ok {
				typ = st.X
			}
			if ix, ok := typ.(*ast.IndexExpr); ok {
				typ = ix.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				return id.Name + "." + d.Name.Name
			}
		}
		return d.Name.Name
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				return s.Names[0].Name
			case *ast.TypeSpec:
				return s.Name.Name
			case *ast.ImportSpec:
				return "import"
			}
		}
	}
	return ""
}

// Assert fails t for every sentence Check finds in dir outside allow, and
// for every key of allow that holds none any more. A package's test calls
// it on "." with the declarations it allows and why.
func Assert(t testing.TB, dir string, allow map[string]string, developerTexts bool) {
	t.Helper()
	found, stale, err := Check(dir, allow, developerTexts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s (%s): English sentence %q; put it in i18n/catalog and render it in the reader's language", f.Pos, f.Decl, f.Text)
	}
	for _, key := range stale {
		t.Errorf("%s holds no English any more: take it off the allowed declarations", key)
	}
}
