package notation

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzGames reads any text as records: it must not panic, every problem
// must carry its file, line and column, and every game that could be set
// up must export, read back and export to the same bytes.
func FuzzGames(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.pgn"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	for _, c := range lenientCases {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var once bytes.Buffer
		w := NewWriter(&once)
		for g := range Games("f.pgn", src) {
			if p := g.Problem; p != nil && (p.File != "f.pgn" || p.Line < 1 || p.Column < 1) {
				t.Fatalf("problem without a place: %+v", p)
			}
			if g.Entry.Kind != nil {
				if err := w.Write(g); err != nil {
					t.Fatal(err)
				}
			}
		}
		var twice bytes.Buffer
		w = NewWriter(&twice)
		for g := range Games("f.pgn", once.Bytes()) {
			if g.Entry.Kind == nil {
				t.Fatalf("an exported game cannot be set up again: %v\n%s", g.Problem, once.Bytes())
			}
			if err := w.Write(g); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("export, read, export changed the bytes:\n%s\n---\n%s", once.Bytes(), twice.Bytes())
		}
	})
}
