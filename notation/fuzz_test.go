package notation

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// FuzzEachDetached reads any text as a stream cut in reads of any size,
// with its blocks reused, on one worker and on three: the reports are
// those of reading the whole text. A string of a game kept past its
// batch, or a block put back while a batch still stood on it, would read
// the text of a later block.
func FuzzEachDetached(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.pgn"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src, uint16(7))
		}
	}
	for _, c := range lenientCases {
		f.Add([]byte(c.src), uint16(3))
	}
	f.Fuzz(func(t *testing.T, src []byte, n uint16) {
		var want strings.Builder
		for g := range Games("f.pgn", src) {
			want.WriteString(reportOf(g))
		}
		for _, workers := range []int{1, 3} {
			if got := eachReport(t, "f.pgn", smallReads{bytes.NewReader(src), 1 + int(n)%4096}, workers, true); got != want.String() {
				t.Fatalf("%d workers, reads of %d bytes: the reports differ from reading the whole text:\n%s\n---\n%s",
					workers, 1+int(n)%4096, got, want.String())
			}
		}
	})
}
