package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestReviewJSON prints one JSON object per game with the keys the issue
// asks for, and exits 1 because the second game is invalid.
func TestReviewJSON(t *testing.T) {
	code, out, _ := runPbem(t, "", "review", "--json", filepath.Join("testdata", "two-games.pgn"))
	if code != exitInvalid {
		t.Errorf("exit %d, want %d", code, exitInvalid)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	var games []map[string]any
	for _, l := range lines {
		var g map[string]any
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		games = append(games, g)
	}
	for _, key := range []string{"file", "index", "kind", "plies", "valid", "result", "outcome"} {
		if _, ok := games[0][key]; !ok {
			t.Errorf("no key %s in %s", key, lines[0])
		}
	}
	first, second := games[0], games[1]
	if first["valid"] != true || first["outcome"] != "1-0" || first["result"] != "1-0" || first["index"] != 1.0 || first["error"] != nil {
		t.Errorf("first game %s", lines[0])
	}
	bad, _ := second["error"].(map[string]any)
	if second["valid"] != false || bad == nil || bad["ply"] != 3.0 || bad["line"] != 14.0 || bad["column"] != 14.0 ||
		bad["token"] != "H9" || !strings.Contains(bad["reason"].(string), "tournament rule") {
		t.Errorf("second game %s", lines[1])
	}
}

// TestReviewText prints one line per game, and the detail of a fault with
// the line quoted on stderr.
func TestReviewText(t *testing.T) {
	code, out, errOut := runPbem(t, "", "review", filepath.Join("testdata", "two-games.pgn"))
	if code != exitInvalid {
		t.Errorf("exit %d", code)
	}
	want := []string{
		"testdata/two-games.pgn #1: Carla vs Dan, Pente, 9 plies, result 1-0, by rule 1-0 (White won by five in a row, K10 to K14): valid",
		"testdata/two-games.pgn #2: Dan vs Carla, Pente, 4 plies, result *, by rule *: INVALID at 14:14 ply 3 H9: H9 is inside the central 5x5 square: White's second stone must be at least 3 points from K10 (tournament rule)",
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("report\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}
	if !strings.Contains(errOut, "testdata/two-games.pgn:14:14: ply 3 (H9)") || !strings.Contains(errOut, "    1. K10 L9 2. H9 M9 *\n                 ^") {
		t.Errorf("detail on stderr:\n%s", errOut)
	}
}

// TestReviewGerman gives the report and the rules' reasons in German with
// --language de.
func TestReviewGerman(t *testing.T) {
	code, out, errOut := runPbem(t, "", "review", "--language", "de", filepath.Join("testdata", "two-games.pgn"))
	if code != exitInvalid {
		t.Errorf("exit %d", code)
	}
	want := "Dan gegen Carla, Pente, 4 Züge, Ergebnis *, nach den Regeln *: UNGÜLTIG bei 14:14 Zug 3 H9: H9 liegt im zentralen 5x5-Bereich:"
	if !strings.Contains(out, want) {
		t.Errorf("report\n%s\nlacks\n%s", out, want)
	}
	if !strings.Contains(errOut, "testdata/two-games.pgn:14:14: Zug 3 (H9): H9 liegt im zentralen") {
		t.Errorf("detail on stderr:\n%s", errOut)
	}
	if code, _, _ := runPbem(t, "", "review", "--language", "fr", filepath.Join("testdata", "two-games.pgn")); code != exitUsage {
		t.Errorf("--language fr: exit %d, want %d", code, exitUsage)
	}
}

// TestReviewStdin reads standard input for "-" and exits 0 when every game
// is valid.
func TestReviewStdin(t *testing.T) {
	code, out, _ := runPbem(t, "[Game \"Pente\"]\nK10 L9 *\n", "review", "-", "--json")
	if code != exitOK || !strings.Contains(out, `"file":"-"`) || !strings.Contains(out, `"valid":true`) {
		t.Errorf("exit %d: %s", code, out)
	}
}

// TestUsageErrors exits 2 on a command line pbem cannot follow, and 1 when
// a file cannot be read.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
	}{
		{[]string{"review"}, exitUsage},
		{[]string{"review", "--nope", "x.pgn"}, exitUsage},
		{[]string{"review", "testdata/missing.pgn"}, exitInvalid},
		{[]string{"replay"}, exitUsage},
		{[]string{"replay", "testdata/two-games.pgn", "--game", "3"}, exitUsage},
		{[]string{"replay", "testdata/two-games.pgn", "--ply", "10"}, exitUsage},
		{[]string{"export"}, exitUsage},
		{[]string{"convert", "x.txt"}, exitUsage},
		{[]string{"convert", "--from", "csv", "x.txt"}, exitUsage},
		{[]string{"nosuch"}, exitUsage},
	}
	for _, c := range cases {
		if code, _, errOut := runPbem(t, "", c.args...); code != c.code || errOut == "" {
			t.Errorf("pbem %s: exit %d, stderr %q; want exit %d and a message", strings.Join(c.args, " "), code, errOut, c.code)
		}
	}
}
