package web

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"pbem/docs"
)

var update = flag.Bool("update", false, "write rulespages/*.html anew from docs/rules/*.md")

// TestRulesPages fails when a page of rulespages/ is not its rules
// document as goldmark renders it, or has no document: run
// `go test ./web -run RulesPages -update` after editing docs/rules.
// Goldmark leaves raw HTML in the documents out (its default), so a page
// holds only what the Markdown says, and the CSP needs nothing inline.
func TestRulesPages(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	docFiles, err := fs.Glob(docs.Rules, "rules/*.md")
	if err != nil || len(docFiles) == 0 {
		t.Fatalf("no rules documents: %v", err)
	}
	want := map[string][]byte{}
	for _, f := range docFiles {
		src, err := fs.ReadFile(docs.Rules, f)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := md.Convert(src, &b); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want[htmlFile(f)] = b.Bytes()
	}
	have, err := filepath.Glob("rulespages/*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range have {
		if _, ok := want[f]; !ok {
			if *update {
				if err := os.Remove(f); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s has no document in docs/rules: run go test ./web -run RulesPages -update", f)
		}
	}
	for f, page := range want {
		if *update {
			if err := os.WriteFile(f, page, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(f)
		if err != nil || !bytes.Equal(got, page) {
			t.Errorf("%s is not what its document in docs/rules says: run go test ./web -run RulesPages -update", f)
		}
	}
}
