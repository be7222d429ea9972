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

// TestReviewInEveryLanguage names the same place of the same fault in each
// language, with the report and the fault in that language, in the text
// form and in the JSON form.
func TestReviewInEveryLanguage(t *testing.T) {
	cases := []struct {
		lang, line, detail, reason, ending string
	}{
		{"en", "#2: Dan vs Carla, Pente, 4 plies, result *, by rule *: INVALID at 14:14 ply 3 H9: H9 is inside",
			"testdata/two-games.pgn:14:14: ply 3 (H9): H9 is inside", "H9 is inside", "White won by five in a row"},
		{"de", "#2: Dan gegen Carla, Pente, 4 Züge, Ergebnis *, nach den Regeln *: UNGÜLTIG bei 14:14 Zug 3 H9: H9 liegt im",
			"testdata/two-games.pgn:14:14: Zug 3 (H9): H9 liegt im", "H9 liegt im", "Sieg von Weiß: fünf in einer Reihe"},
		{"es", "#2: Dan contra Carla, Pente, 4 jugadas, resultado *, según las reglas *: NO VÁLIDA en 14:14 jugada 3 H9: H9 está dentro",
			"testdata/two-games.pgn:14:14: jugada 3 (H9): H9 está dentro", "H9 está dentro", "victoria de Blancas: cinco en línea"},
		{"pt", "#2: Dan contra Carla, Pente, 4 lances, resultado *, pelas regras *: INVÁLIDA em 14:14 lance 3 H9: H9 está dentro",
			"testdata/two-games.pgn:14:14: lance 3 (H9): H9 está dentro", "H9 está dentro", "vitória de Brancas: cinco em linha"},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			code, out, errOut := runPbem(t, "", "review", "--language", c.lang, filepath.Join("testdata", "two-games.pgn"))
			if code != exitInvalid || !strings.Contains(out, c.line) || !strings.Contains(out, c.ending) {
				t.Errorf("exit %d, report\n%s\nwant\n%s\nand %q", code, out, c.line, c.ending)
			}
			if !strings.Contains(errOut, c.detail) || !strings.Contains(errOut, "    1. K10 L9 2. H9 M9 *\n                 ^") {
				t.Errorf("detail on stderr:\n%s\nwant\n%s", errOut, c.detail)
			}
			_, out, _ = runPbem(t, "", "review", "--json", "--language", c.lang, filepath.Join("testdata", "two-games.pgn"))
			var first, second struct {
				Ending string
				Error  *struct {
					Line, Column int
					Reason       string
				}
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &first) != nil || json.Unmarshal([]byte(lines[1]), &second) != nil {
				t.Fatalf("JSON lines:\n%s", out)
			}
			if !strings.HasPrefix(first.Ending, c.ending) || second.Error == nil || second.Error.Line != 14 || second.Error.Column != 14 ||
				!strings.HasPrefix(second.Error.Reason, c.reason) {
				t.Errorf("JSON:\n%s", out)
			}
		})
	}
}
