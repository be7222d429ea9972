package notation

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/rules"
	"pbem/rules/games"
)

var update = flag.Bool("update", false, "write the golden files of testdata/golden anew")

// goldenCases lists the records of testdata/golden: one folder per game as
// rules/games names it, records in .pgn; .board, .json and .export.pgn
// beside each hold what reading it gives.
func goldenCases(t *testing.T) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, f := range all {
		if !strings.HasSuffix(f, ".export.pgn") {
			cases = append(cases, strings.TrimSuffix(f, ".pgn"))
		}
	}
	return cases
}

// TestGoldenRecords reads each golden record and compares the final boards,
// the review's JSON lines and the export form with the golden files.
func TestGoldenRecords(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(filepath.Base(filepath.Dir(c))+"/"+filepath.Base(c), func(t *testing.T) {
			src, err := os.ReadFile(c + ".pgn")
			if err != nil {
				t.Fatal(err)
			}
			var board, js, export bytes.Buffer
			w := NewWriter(&export)
			for g := range Games(filepath.Base(c)+".pgn", src) {
				fmt.Fprintf(&board, "Game %d\n", g.Index)
				if g.State != nil {
					board.WriteString(g.State.Board().Render(func(m rules.Msg) string { return i18n.Render(i18n.English, m) }))
				}
				line, err := json.Marshal(g.Summary())
				if err != nil {
					t.Fatal(err)
				}
				js.Write(append(line, '\n'))
				if g.Entry.Kind != nil {
					if err := w.Write(g); err != nil {
						t.Fatal(err)
					}
				}
			}
			compareGolden(t, c+".board", board.Bytes())
			compareGolden(t, c+".json", js.Bytes())
			compareGolden(t, c+".export.pgn", export.Bytes())
		})
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./notation -run Golden -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the reader gives now:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestEveryGameHasAGoldenRecord asks for a golden record of every game of
// rules/games, so that a game added there is tested here too.
func TestEveryGameHasAGoldenRecord(t *testing.T) {
	for _, e := range games.All() {
		files, _ := filepath.Glob(filepath.Join("testdata", "golden", e.Name, "*.pgn"))
		if len(files) == 0 {
			t.Errorf("no golden record for %s: add testdata/golden/%s/NAME.pgn and run go test ./notation -run Golden -update", e.Title, e.Name)
		}
	}
}

// TestGoldenRoundTrip exports each golden record, reads the export back and
// exports it again: the bytes must not change, nor what the review says.
func TestGoldenRoundTrip(t *testing.T) {
	for _, c := range goldenCases(t) {
		src, err := os.ReadFile(c + ".pgn")
		if err != nil {
			t.Fatal(err)
		}
		first := slices.Collect(Games("a.pgn", src))
		once := exportAll(t, first)
		second := slices.Collect(Games("a.pgn", once))
		twice := exportAll(t, second)
		if !bytes.Equal(once, twice) {
			t.Errorf("%s: export, read, export changed the bytes:\n--- once\n%s\n--- twice\n%s", c, once, twice)
		}
		exported := 0
		for _, g := range first {
			if g.Entry.Kind != nil {
				exported++
			}
		}
		if len(second) != exported {
			t.Fatalf("%s: %d games exported, %d read back", c, exported, len(second))
		}
		i := 0
		for _, g := range first {
			if g.Entry.Kind == nil {
				continue
			}
			a, b := g.Summary(), second[i].Summary()
			i++
			if a.Valid != b.Valid || a.Outcome != b.Outcome || a.Plies != b.Plies || a.Kind != b.Kind {
				t.Errorf("%s game %d: review before export %+v, after %+v", c, g.Index, a, b)
			}
		}
	}
}

func exportAll(t *testing.T, gs []*Game) []byte {
	t.Helper()
	var b bytes.Buffer
	w := NewWriter(&b)
	for _, g := range gs {
		if g.Entry.Kind == nil {
			continue
		}
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}
