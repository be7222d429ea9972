package rules

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// TestReasonsListsEveryReason reads outcome.go: every constant of type
// Reason but Ongoing is in Reasons(), so that whoever reads stored
// reasons back knows a new one.
func TestReasonsListsEveryReason(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "outcome.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []Reason
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Reason" {
				continue
			}
			for _, e := range v.Values {
				lit, ok := e.(*ast.BasicLit)
				if !ok {
					t.Fatalf("a Reason is not a string literal: %T", e)
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				if r := Reason(s); r != Ongoing {
					declared = append(declared, r)
				}
			}
		}
	}
	if len(declared) == 0 {
		t.Fatal("no constant of type Reason found in outcome.go")
	}
	for _, r := range declared {
		if !slices.Contains(Reasons(), r) {
			t.Errorf("the reason %q is not in Reasons()", r)
		}
	}
	if len(Reasons()) != len(declared) {
		t.Errorf("Reasons() has %d reasons, outcome.go declares %d besides Ongoing", len(Reasons()), len(declared))
	}
}
