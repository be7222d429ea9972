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
	const begin, end = "<!-- command table: begin -->\n", "<!-- command table: end -->\n"
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
	want := text[:i+len(begin)] + commandDoc() + text[j:]
	if want == text {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's command table differs from the code's (run go test ./play -run CommandTableDoc -update):\n%s", path, commandDoc())
}
