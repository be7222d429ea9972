package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/notation"
)

// TestAnalyzeRecord writes the record again with a comment after every
// ply, the missed win marked, and the result reads back as a valid record.
func TestAnalyzeRecord(t *testing.T) {
	code, out, errOut := runPbem(t, "", "analyze", "--nodes", "500", filepath.Join("testdata", "missed-win.pgn"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"{Analysed by pbem's computer at level 4", "5. T19? {mistake: eval loss in 1, was win in 1; better K", "A5 {eval won} 0-1"} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	n := 0
	for g := range notation.Games("analysed", []byte(out)) {
		n++
		if !g.Valid() || len(g.Main.Moves) != 10 || len(g.Main.Moves[8].After) != 1 {
			t.Errorf("the analysed record reads back as %+v, problem %v", g.Main, g.Problem)
		}
	}
	if n != 1 {
		t.Errorf("%d games read back, want 1", n)
	}
}

// TestAnalyzeJSON gives each ply's figures, one object a line.
func TestAnalyzeJSON(t *testing.T) {
	code, out, errOut := runPbem(t, "", "analyze", "--json", "--level", "2", filepath.Join("testdata", "missed-win.pgn"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 10 {
		t.Fatalf("%d lines, want one per ply:\n%s", len(lines), out)
	}
	var p struct {
		N       int
		Played  string
		Mistake bool
		Better  string
		Line    []string
	}
	if err := json.Unmarshal([]byte(lines[8]), &p); err != nil {
		t.Fatal(err)
	}
	if p.N != 9 || p.Played != "T19" || !p.Mistake || (p.Better != "K14" && p.Better != "K9") || len(p.Line) == 0 {
		t.Errorf("ply 9: %+v", p)
	}
}

func TestAnalyzeRefuses(t *testing.T) {
	for _, args := range [][]string{
		{"analyze"},
		{"analyze", "--level", "9", filepath.Join("testdata", "missed-win.pgn")},
		{"analyze", "--game", "3", filepath.Join("testdata", "missed-win.pgn")},
	} {
		if code, _, _ := runPbem(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	// A record with an illegal ply is not analysed.
	if code, _, errOut := runPbem(t, "", "analyze", "--game", "2", filepath.Join("testdata", "two-games.pgn")); code != exitInvalid || !strings.Contains(errOut, "only a valid game") {
		t.Errorf("an invalid game: exit %d, %s", code, errOut)
	}
}

// TestAnalyzeDiceGame goes through a Dobbal record, whose plies carry
// their own rolls.
func TestAnalyzeDiceGame(t *testing.T) {
	code, out, errOut := runPbem(t, "", "analyze", "--json", "--nodes", "100", filepath.Join("testdata", "dobbal.pgn"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := len(strings.Split(strings.TrimSpace(out), "\n")); n != 19 {
		t.Errorf("%d plies analysed, want 19:\n%s", n, out)
	}
}

// TestAnalyzeGerman writes the comments in German with --language de; the
// record still reads back.
func TestAnalyzeGerman(t *testing.T) {
	code, out, errOut := runPbem(t, "", "analyze", "--nodes", "500", "--language", "de", filepath.Join("testdata", "missed-win.pgn"))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	flat := strings.Join(strings.Fields(out), " ")
	lead := strings.TrimSpace(strings.SplitN(i18n.Tr(i18n.German, "analysis.lead", map[string]any{"Level": 4, i18n.CountArg: 1, "Threshold": "1.50"}), ":", 2)[0])
	if !strings.Contains(flat, "{"+lead) {
		t.Errorf("no %q in\n%s", lead, out)
	}
	if strings.Contains(flat, "mistake:") || strings.Contains(flat, "{eval") {
		t.Errorf("English comments in the German analysis:\n%s", out)
	}
	for g := range notation.Games("analysed", []byte(out)) {
		if !g.Valid() {
			t.Errorf("the German analysis reads back with a problem: %v", g.Problem)
		}
	}
	if code, _, _ := runPbem(t, "", "analyze", "--language", "xx", filepath.Join("testdata", "missed-win.pgn")); code != exitUsage {
		t.Errorf("--language xx: exit %d, want %d", code, exitUsage)
	}
}
