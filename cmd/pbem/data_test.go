package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/internal/sharedtest"
	"pbem/notation"
)

// reviewLines parses the output of review --json.
func reviewLines(t testing.TB, out string) []notation.Summary {
	t.Helper()
	var all []notation.Summary
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var s notation.Summary
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		all = append(all, s)
	}
	return all
}

// TestPenteOrgRecords reads the records exactly as pente.org exports them:
// every game is valid and its result is the one the rules give.
func TestPenteOrgRecords(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(sharedtest.Path(t, "data/pente-org"), "*.pgn"))
	if err != nil || len(files) != 3 {
		t.Fatalf("want the 3 pente.org records, found %d (%v)", len(files), err)
	}
	code, out, errOut := runPbem(t, "", append([]string{"review", "--json"}, files...)...)
	if code != exitOK {
		t.Errorf("exit %d: %s", code, errOut)
	}
	for _, s := range reviewLines(t, out) {
		if !s.Valid || s.Outcome == "*" || s.Outcome != s.Result || s.Kind != "Pente" {
			t.Errorf("%s: %+v", s.File, s)
		}
	}
}

// TestRealPenteSet converts all 9,370 games of the pente-games data set and
// reviews them: every game is valid, and every game the rules decide has
// the recorded result (8,659 do; 711 ended by resignation or time).
func TestRealPenteSet(t *testing.T) {
	data := sharedtest.Path(t, "data/pente-games/pente_dataset.txt")
	code, records, errOut := runPbem(t, "", "convert", "--from", "lines", data)
	if code != exitOK {
		t.Fatalf("convert: exit %d: %.2000s", code, errOut)
	}
	file := filepath.Join(t.TempDir(), "pente.pgn")
	if err := os.WriteFile(file, []byte(records), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runPbem(t, "", "review", "--json", file)
	if code != exitOK {
		t.Errorf("review: exit %d: %.2000s", code, errOut)
	}
	games, byRule := 0, 0
	for _, s := range reviewLines(t, out) {
		games++
		if !s.Valid {
			t.Errorf("game %d is invalid: %+v", s.Index, s.Error)
			continue
		}
		if s.Outcome != "*" {
			byRule++
			if s.Outcome != s.Result {
				t.Errorf("game %d: recorded %s, by rule %s", s.Index, s.Result, s.Outcome)
			}
		}
	}
	t.Logf("%d games, %d decided by rule, %d not", games, byRule, games-byRule)
	if games != 9370 || byRule != 8659 {
		t.Errorf("%d games, %d decided by rule; the data set has 9370 and 8659", games, byRule)
	}
}
