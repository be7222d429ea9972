package play

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// commandDoc renders the command table as docs/service.md shows it.
func commandDoc() string {
	var b strings.Builder
	b.WriteString("| command | who may give it | counts as |\n|---|---|---|\n")
	for _, spec := range commandTable() {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", spec.Form, spec.Authority, spec.Rate)
	}
	return b.String()
}

// TestCommandTableDoc keeps docs/service.md's table of who may do what
// equal to the command table (-update rewrites it).
func TestCommandTableDoc(t *testing.T) {
	keepDocSection(t, "<!-- command table: begin -->\n", "<!-- command table: end -->\n", commandDoc(), "CommandTableDoc")
}

// keepDocSection compares the part of docs/service.md between the lines
// begin and end with made, the text the code makes of it, or with -update
// writes made there; test is the test to name for rewriting it.
func keepDocSection(t *testing.T, begin, end, made, test string) {
	t.Helper()
	path := filepath.Join("..", "docs", "service.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q and %q", path, begin, end)
	}
	want := text[:i+len(begin)] + made + text[j:]
	if want == text {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s differs from what the code makes of it (run go test ./play -run %s -update):\n%s", path, test, made)
}
