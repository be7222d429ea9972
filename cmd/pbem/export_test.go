package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestExport writes every game in export form; exporting the export again
// gives the same bytes. The invalid second game is written and reported.
func TestExport(t *testing.T) {
	code, once, errOut := runPbem(t, "", "export", filepath.Join("testdata", "two-games.pgn"))
	if code != exitInvalid || !strings.Contains(errOut, "tournament rule") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if strings.Count(once, "[Event ") != 2 || !strings.Contains(once, "[Site \"?\"]\n") {
		t.Errorf("export\n%s", once)
	}
	_, twice, _ := runPbem(t, once, "export", "-")
	if twice != once {
		t.Errorf("export of the export differs:\n%s\n---\n%s", once, twice)
	}
}

// TestExportLeavesOutUnknownGames reports a game of no known kind and
// writes the others.
func TestExportLeavesOutUnknownGames(t *testing.T) {
	code, out, errOut := runPbem(t, "[Game \"Chess\"]\ne4 *\n[Game \"Pente\"]\nK10 *\n", "export", "-")
	if code != exitInvalid || strings.Count(out, "[Event") != 1 || !strings.Contains(errOut, "game 1 is left out") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// BenchmarkExport is `pbem export` over the converted real Pente set:
// reading, replaying and writing every game in export form.
func BenchmarkExport(b *testing.B) {
	path, size, count := convertedSet(b)
	measure(b, size, count, func() {
		if code := run(context.Background(), []string{"export", path}, nil, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("export: exit %d", code)
		}
	})
}
