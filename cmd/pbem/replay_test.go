package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayPly shows the board after the asked ply with the moves so far.
func TestReplayPly(t *testing.T) {
	code, out, _ := runPbem(t, "", "replay", filepath.Join("testdata", "two-games.pgn"), "--ply", "3")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"game 1: Carla vs Dan, Pente, after ply 3 of 9\n", "(O)", "White to play"[:0] + "Black to play, ply 4.", "\n1. K10 A1 2. K13\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestReplaySetup shows the empty board for --ply 0, and the end of the
// game by default.
func TestReplaySetup(t *testing.T) {
	_, setup, _ := runPbem(t, "", "replay", "--ply", "0", filepath.Join("testdata", "two-games.pgn"))
	if !strings.Contains(setup, "after ply 0 of 9") || !strings.Contains(setup, "White to play, ply 1.") || strings.Contains(setup, "1. K10") {
		t.Errorf("setup\n%s", setup)
	}
	_, end, _ := runPbem(t, "", "replay", filepath.Join("testdata", "two-games.pgn"))
	if !strings.Contains(end, "after ply 9 of 9") || !strings.Contains(end, "Game over: White won by five in a row") {
		t.Errorf("end\n%s", end)
	}
}

// TestReplayBadPly stops at a ply the rules refuse: the board before it,
// the reason, exit 1.
func TestReplayBadPly(t *testing.T) {
	code, out, errOut := runPbem(t, "", "replay", filepath.Join("testdata", "two-games.pgn"), "--game", "2")
	if code != exitInvalid || !strings.Contains(out, "after ply 2 of 4") || !strings.Contains(errOut, "tournament rule") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}
