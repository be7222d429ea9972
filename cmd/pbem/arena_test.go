package main

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pbem/rules/games"
)

// TestArena plays a couple of short games of several kinds and checks the
// report: the games add up, both sides played, the Elo line is there.
func TestArena(t *testing.T) {
	tests := []struct {
		kind  string
		a, b  string
		games int
		extra []string
		// seating is the seating line wanted, "" for none (two seats).
		seating string
	}{
		{kind: "pente", a: "level=1", b: "greedy", games: 2},
		{kind: "keryo-pente", a: "greedy", b: "level=1,nodes=200", games: 2},
		{kind: "quatro", a: "level=1", b: "greedy", games: 2, seating: "(2 against 2)"},
		{kind: "quatro", a: "level=1", b: "level=1", games: 6, extra: []string{"--seats", "3"},
			seating: "over every 6 games A holds each seat alone once"},
	}
	wdl := regexp.MustCompile(`A: (\d+)-(\d+)-(\d+) \(wins-draws-losses\)`)
	for _, tc := range tests {
		t.Run(tc.kind+strings.Join(tc.extra, ""), func(t *testing.T) {
			args := append([]string{"arena", "--game", tc.kind, "--a", tc.a, "--b", tc.b,
				"--games", strconv.Itoa(tc.games), "--time", "500ms", "--seed", "3"}, tc.extra...)
			code, out, errOut := runPbem(t, "", args...)
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
			if total != tc.games {
				t.Errorf("%d games reported, want %d:\n%s", total, tc.games, out)
			}
			switch {
			case tc.seating == "" && strings.Contains(out, "Seating:"):
				t.Errorf("a seating line for two seats:\n%s", out)
			case tc.seating != "" && !strings.Contains(out, tc.seating):
				t.Errorf("no %q in\n%s", tc.seating, out)
			case tc.seating != "" && !strings.Contains(out, "an even match scores 50.0%"):
				t.Errorf("even is not 50%%:\n%s", out)
			}
			for _, want := range []string{"Elo difference A-B:", "\nA: ", "\nB: ", "per ply", "nodes/s"} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in\n%s", want, out)
				}
			}
			if !strings.Contains(errOut, fmt.Sprintf("%d/%d games", tc.games, tc.games)) {
				t.Errorf("no progress on stderr: %q", errOut)
			}
		})
	}
}

// TestArenaSeats: over a seating cycle A holds every seat exactly as often
// as B, and with an even number of seats A holds half of them every game.
func TestArenaSeats(t *testing.T) {
	tests := []struct {
		seats, cycle int
		first        []bool // A's seats in the first game
	}{
		{2, 2, []bool{true, false}},
		{3, 6, []bool{true, false, false}},
		{4, 2, []bool{true, false, true, false}},
	}
	for _, tc := range tests {
		if got := arenaCycle(tc.seats); got != tc.cycle {
			t.Errorf("%d seats: cycle %d, want %d", tc.seats, got, tc.cycle)
		}
		if got := arenaSeats(tc.seats, 0); !slices.Equal(got, tc.first) {
			t.Errorf("%d seats, first game: A holds %v, want %v", tc.seats, got, tc.first)
		}
		held := make([]int, tc.seats)
		for n := range tc.cycle {
			a := arenaSeats(tc.seats, n)
			count := 0
			for s, mine := range a {
				if mine {
					held[s]++
					count++
				}
			}
			if count == 0 || count == tc.seats {
				t.Errorf("%d seats, game %d: A holds %v, leaving B nothing or A nothing", tc.seats, n, a)
			}
			if tc.seats%2 == 0 && 2*count != tc.seats {
				t.Errorf("%d seats, game %d: A holds %d seats, want half", tc.seats, n, count)
			}
			if next := arenaSeats(tc.seats, n+tc.cycle); !slices.Equal(next, a) {
				t.Errorf("%d seats: game %d seats %v, a cycle later %v", tc.seats, n, a, next)
			}
		}
		for s, h := range held {
			if 2*h != tc.cycle {
				t.Errorf("%d seats: A holds seat %d in %d of %d games, want half", tc.seats, s+1, h, tc.cycle)
			}
		}
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
		{"--game", "quatro", "--seats", "5"},
		{"--seats", "-1"},
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
