package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportInBatches imports more games than one transaction holds, with
// an invalid game among them: every valid game is stored once, in order,
// each line printed once, and the last game exports with its plies.
func TestImportInBatches(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	const games = importBatch + 3
	var b strings.Builder
	for i := range games {
		if i == 7 {
			b.WriteString("[Game \"Pente\"]\n\n1. K10 K10 *\n\n") // the second ply is refused
		}
		fmt.Fprintf(&b, "[Game \"Pente\"]\n[White \"p%d\"]\n\n1. K10 L9 2. O10 *\n\n", i)
	}
	code, out, errOut := runPbem(t, b.String(), "import", "--data", data, "-")
	if code != exitInvalid || !strings.Contains(out, fmt.Sprintf("%d game(s) imported, 1 not", games)) {
		t.Fatalf("import: exit %d\n%.300s\n%.300s", code, out[max(0, len(out)-300):], errOut)
	}
	if n := strings.Count(out, "imported as game"); n != games {
		t.Errorf("%d lines of imported games; want %d", n, games)
	}
	if !strings.Contains(out, fmt.Sprintf("- #%d: imported as game %d\n", games+1, games)) {
		t.Errorf("the last game's line is missing:\n%s", out[max(0, len(out)-300):])
	}
	code, rec, errOut := runPbem(t, "", "export", "--data", data, "--game", fmt.Sprint(games))
	if code != exitOK || !strings.Contains(rec, fmt.Sprintf(`[White "p%d"]`, games-1)) || !strings.Contains(rec, "1. K10 L9 2. O10 *") {
		t.Errorf("export of the last game: exit %d %s\n%s", code, errOut, rec)
	}
}
