package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestImportThenExport(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	record := `[Game "Pente"]
[White "alice@example.org"]
[Black "bob"]
[Event "Club night"]
[Options "tournament=off"]
[Annotator "carol"]

1. K10 L9 2. K11 A1 3. K12 A2 4. K13 A3 5. K14 1-0

[Game "Gomoku"]

1. K10 K10 *

[Game "Pinuid Classic"]

1. b1-a2 *
`
	code, out, errOut := runPbem(t, record, "import", "--data", data, "-")
	if code != exitInvalid {
		t.Errorf("import exit %d, want %d (one game invalid)", code, exitInvalid)
	}
	if !strings.Contains(out, "2 game(s) imported, 1 not") || !strings.Contains(errOut, "-:12:8:") || !strings.Contains(errOut, "ply 2 (K10)") {
		t.Errorf("import output:\n%s\nerrors:\n%s", out, errOut)
	}
	code, rec, errOut := runPbem(t, "", "export", "--data", data, "--game", "1")
	if code != exitOK {
		t.Fatalf("export --game 1: exit %d: %s", code, errOut)
	}
	for _, want := range []string{`[Event "Club night"]`, `[White "alice@example.org"]`, `[Result "1-0"]`,
		`[Termination "White won by five in a row, K10 to K14"]`, `[Annotator "carol"]`, "5. K14 1-0"} {
		if !strings.Contains(rec, want) {
			t.Errorf("exported record lacks %q:\n%s", want, rec)
		}
	}
	// The store's export is a valid record that exports to itself.
	if code, again, _ := runPbem(t, rec, "export", "-"); code != exitOK || again != rec {
		t.Errorf("export of the exported record differs (exit %d):\n%s\n---\n%s", code, rec, again)
	}
	code, all, _ := runPbem(t, "", "export", "--data", data, "--all")
	if code != exitOK || strings.Count(all, "[Game ") != 2 {
		t.Errorf("export --all: exit %d, %d games:\n%s", code, strings.Count(all, "[Game "), all)
	}
	if code, _, errOut := runPbem(t, "", "export", "--data", data, "--game", "9"); code != exitInvalid ||
		!strings.Contains(errOut, "there is no game 9") {
		t.Errorf("export of a missing game: exit %d, %s", code, errOut)
	}
	if code, _, _ := runPbem(t, "", "export", "--data", data, "--all", "x.pgn"); code != exitUsage {
		t.Errorf("export with both a file and --all: exit %d, want %d", code, exitUsage)
	}
}

func TestDataFolderFromTheEnvironment(t *testing.T) {
	data := filepath.Join(t.TempDir(), "env-data")
	t.Setenv("PBEM_DATA", data)
	if code, out, errOut := runPbem(t, "[Game \"Pente\"]\n\n1. K10 *\n", "import", "-"); code != exitOK {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	if code, rec, _ := runPbem(t, "", "export", "--game", "1"); code != exitOK || !strings.Contains(rec, "1. K10 *") {
		t.Errorf("export from PBEM_DATA: exit %d\n%s", code, rec)
	}
}

// TestDobbalImportExportRoundTrip imports a finished Pinuid Dobbal game
// (doubles removals and re-entries among its plies) and exports it again:
// the store replays it with the dice its plies carry, not with rolls of
// its own, and gives back the same record.
func TestDobbalImportExportRoundTrip(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	path := filepath.Join("testdata", "dobbal.pgn")
	record, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runPbem(t, "", "import", "--data", data, path); code != exitOK {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	for _, args := range [][]string{{"--all"}, {"--game", "1"}} {
		code, rec, errOut := runPbem(t, "", append([]string{"export", "--data", data}, args...)...)
		if code != exitOK || rec != string(record) {
			t.Errorf("export %v: exit %d, %s\ngot:\n%s\nwant:\n%s", args, code, errOut, rec, record)
		}
	}
}
