package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pbem/rules/games"
)

// TestArena plays a couple of short games of several kinds and checks the
// report: the games add up, both sides played, the Elo line is there.
func TestArena(t *testing.T) {
	tests := []struct {
		kind string
		a, b string
	}{
		{"pente", "level=1", "greedy"},
		{"keryo-pente", "greedy", "level=1,nodes=200"},
		{"quatro", "level=1", "greedy"},
	}
	wdl := regexp.MustCompile(`A: (\d+)-(\d+)-(\d+) \(wins-draws-losses\)`)
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			code, out, errOut := runPbem(t, "", "arena", "--game", tc.kind, "--a", tc.a, "--b", tc.b,
				"--games", "2", "--time", "500ms", "--seed", "3")
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			m := wdl.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no wins-draws-losses line in\n%s", out)
			}
			total := 0
			for _, s := range m[1:] {
				n, _ := strconv.Atoi(s)
				total += n
			}
			if total != 2 {
				t.Errorf("%d games reported, want 2:\n%s", total, out)
			}
			for _, want := range []string{"Elo difference A-B:", "\nA: ", "\nB: ", "per ply", "nodes/s"} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in\n%s", want, out)
				}
			}
			if !strings.Contains(errOut, "2/2 games") {
				t.Errorf("no progress on stderr: %q", errOut)
			}
		})
	}
}

// TestArenaRefuses names a bad game or player.
func TestArenaRefuses(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "chess"},
		{"--a", "level=12"},
		{"--b", "depth=3"},
		{"--games", "0"},
		{"--opening", "-1"},
	} {
		code, _, errOut := runPbem(t, "", append([]string{"arena"}, args...)...)
		if code != exitUsage || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestEloText: an even score is no difference, a sweep a bound.
func TestEloText(t *testing.T) {
	if got := eloText([]float64{1, 0, 1, 0}); !strings.HasPrefix(got, "+0 ±") {
		t.Errorf("even: %s", got)
	}
	if got := eloText([]float64{1, 1}); !strings.HasPrefix(got, "more than") {
		t.Errorf("sweep: %s", got)
	}
	if got := eloText([]float64{1, 1, 1, 0.5}); !strings.HasPrefix(got, "+") {
		t.Errorf("ahead: %s", got)
	}
}

// TestArenaNodesScale plays each level at its scaled budget and says so.
func TestArenaNodesScale(t *testing.T) {
	code, out, errOut := runPbem(t, "", "arena", "--game", "gomoku", "--a", "level=2", "--b", "level=1",
		"--games", "1", "--nodes-scale", "0.5")
	if code != exitOK || !strings.Contains(out, "A (level=2 at 500 nodes) against B (level=1 at 150 nodes)") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestArenaOpening: the random opening repeats for its seed, differs for
// another, stops short of ending the game, and the report says it was used.
func TestArenaOpening(t *testing.T) {
	e, err := games.Lookup("pinuid")
	if err != nil {
		t.Fatal(err)
	}
	record := func(seed uint64) string {
		g, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := playOpening(g, seed, 4); err != nil {
			t.Fatal(err)
		}
		if g.Plies() != 4 || g.Outcome().Over {
			t.Fatalf("seed %d: %d plies, over %v", seed, g.Plies(), g.Outcome().Over)
		}
		return fmt.Sprint(g.History())
	}
	if a, b := record(7), record(7); a != b {
		t.Errorf("seed 7 gave %s, then %s", a, b)
	}
	differ := false
	for seed := uint64(8); seed < 12 && !differ; seed++ {
		differ = record(seed) != record(7)
	}
	if !differ {
		t.Errorf("seeds 8 to 11 all gave seed 7's opening %s", record(7))
	}
	code, out, errOut := runPbem(t, "", "arena", "--game", "pinuid", "--a", "level=1", "--b", "greedy",
		"--games", "2", "--opening", "2")
	if code != exitOK || !strings.Contains(out, "opened with 2 random plies") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}
