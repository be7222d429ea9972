package rules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// words matches two words in a row: the mark of a sentence. Codes
// ("pente.occupied"), notation ("b1-c2xc1") and format strings without
// words pass.
var words = regexp.MustCompile(`[A-Za-z]{2,} +[A-Za-z]{2,}`)

// notYet names the declarations that still hold English on purpose, by
// file and declaration. Display texts (boards, hints, the end of a game on
// the board) move to the catalogs in a later step; names are names; the
// rest never reach a player.
var notYet = map[string]string{
	// Names, option docs and stored values.
	"dobbal.go:Kind":        "game name and option docs",
	"pinuid.go:limitOption": "option doc",
	"pinuid.go:Classic":     "game name and option docs",
	"pinuid.go:Quatro":      "game name and option docs",
	"pente.go:Kind":         "option docs",
	"games.go:All":          "game titles",
	"outcome.go:Ongoing":    "reasons are stored values; Reason.Code names their messages",
	// Checks of the data tables, for developers.
	"square.go:mustSquare": "panic on bad data tables",
	"setup.go:setup.place": "checks of the setup tables",
	// Display texts: boards, hints, outcome details. The next step.
	"board.go:Game.Board":        "board text",
	"board.go:Game.Position":     "board text",
	"board.go:Game.toPlay":       "board text",
	"board.go:Game.capturedText": "board text",
	"board.go:Ply.note":          "board text",
	"play.go:rollText":           "board text",
	"play.go:Game.describeEnd":   "board text",
	"play.go:Game.Hint":          "hint text",
	"play.go:Game.apply":         "outcome details",
	"play.go:Game.decide":        "outcome details",
	"leave.go:Game.playLeave":    "outcome details",
	"leave.go:Game.leftWords":    "board text",
	"turn.go:Game.settle":        "outcome details",
	"turn.go:Game.progress":      "board text",
	"turn.go:Game.begin":         "outcome details",
	"rows.go:rowList.owedText":   "board text",
}

// TestNoEnglishSentences fails when a non-test file of rules/ builds an
// English sentence outside the declarations of notYet: refusals are codes
// with arguments, and their sentences live in the catalogs (package i18n).
func TestNoEnglishSentences(t *testing.T) {
	fset := token.NewFileSet()
	used := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			name := declName(decl)
			key := filepath.Base(path) + ":" + name
			if _, ok := notYet[key]; ok {
				ast.Inspect(decl, func(n ast.Node) bool {
					if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && words.MatchString(lit.Value) {
						used[key] = true
					}
					return true
				})
				continue
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err == nil && words.MatchString(s) {
					t.Errorf("%s (%s): English sentence %q; give it a code and put the sentence in i18n/catalog", fset.Position(lit.Pos()), key, s)
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range notYet {
		if !used[key] {
			t.Errorf("%s holds no English any more: take it off notYet", key)
		}
	}
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
			}
		}
	}
	return ""
}
