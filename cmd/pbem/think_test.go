package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbem/rules"
	"pbem/rules/games"
)

// TestThink prints the computer's ply for a game of a record file: the
// winning point when there is one, and a legal ply otherwise.
func TestThink(t *testing.T) {
	file := filepath.Join("testdata", "think.pgn")
	tests := []struct {
		name string
		args []string
		want []string // acceptable plies; empty: any legal ply
	}{
		{"win in one", []string{"--level", "1", "--game", "2"}, []string{"K9", "K14"}},
		{"last game by default", []string{"--level", "1", "--time", "2s"}, nil},
		{"seeded", []string{"--level", "2", "--seed", "7", "--game", "3"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runPbem(t, "", append([]string{"think", file}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			ply := strings.TrimSpace(out)
			if len(tc.want) > 0 && !slices.Contains(tc.want, ply) {
				t.Fatalf("played %q, want one of %v", ply, tc.want)
			}
			e, _ := games.Lookup("pente")
			g, _ := e.New(nil)
			for _, tok := range strings.Fields("K10 L9 N10 L11 L10 M10 J10 M9 M11") {
				if err := rules.PlayToken(g, tok); err != nil {
					t.Fatal(err)
				}
			}
			if tc.name == "last game by default" {
				if err := rules.PlayToken(g, ply); err != nil {
					t.Fatalf("the ply %q is not legal at the end of the last game: %v", ply, err)
				}
			}
		})
	}
}

// TestThinkSameSeedSamePly: the search is bounded by nodes, so the same
// seed gives the same ply.
func TestThinkSameSeedSamePly(t *testing.T) {
	file := filepath.Join("testdata", "think.pgn")
	args := []string{"think", file, "--level", "3", "--seed", "5", "--time", "1m"}
	_, first, _ := runPbem(t, "", args...)
	_, second, _ := runPbem(t, "", args...)
	if first == "" || first != second {
		t.Fatalf("first %q, second %q", first, second)
	}
}

// TestThinkRefuses ends with exit 1 and a reason for a finished game and a
// file that holds no game, and with a usage error for --roll in a game
// without dice.
func TestThinkRefuses(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.pgn")
	if err := os.WriteFile(bad, []byte("[Game \"Chess\"]\n\n1. e4 *\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"game over", []string{filepath.Join("testdata", "think.pgn"), "--game", "1"}, exitInvalid, "is over"},
		{"no such game", []string{filepath.Join("testdata", "think.pgn"), "--game", "9"}, exitInvalid, "there is no game 9"},
		{"bad record", []string{bad}, exitInvalid, "cannot be replayed"},
		{"missing file", []string{filepath.Join(t.TempDir(), "none.pgn")}, exitInvalid, "reading records"},
		{"roll without dice", []string{filepath.Join("testdata", "think.pgn"), "--roll", "1,2,3"}, exitUsage, "has no dice"},
		{"bad level", []string{filepath.Join("testdata", "think.pgn"), "--level", "9"}, exitUsage, "levels run from 1 to 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runPbem(t, "", append([]string{"think"}, tc.args...)...)
			if code != tc.code || out != "" || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errOut, tc.code, tc.want)
			}
		})
	}
}

// TestThinkDice plays a Dobbal turn with the roll given, and with one
// rolled from the seed.
func TestThinkDice(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "dobbal.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	// The record up to White's ninth turn, unfinished.
	text := string(src)
	text = strings.Replace(text, "[Result \"1-0\"]\n", "", 1)
	cut := strings.Index(text, "9.")
	file := filepath.Join(t.TempDir(), "dobbal.pgn")
	if err := os.WriteFile(file, []byte(text[:cut]+"*\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, roll := range []string{"2,1,3", ""} {
		args := []string{"think", file, "--level", "1", "--time", "2s"}
		if roll != "" {
			args = append(args, "--roll", roll)
		}
		code, out, errOut := runPbem(t, "", args...)
		if code != exitOK || strings.TrimSpace(out) == "" {
			t.Fatalf("roll %q: exit %d, stdout %q, stderr %q", roll, code, out, errOut)
		}
		// A Dobbal token starts with the faces: a movement die, the game
		// die, the other movement die.
		if roll != "" && !strings.HasPrefix(out, "231:") && !strings.HasPrefix(out, "132:") {
			t.Errorf("roll %q: the ply %q does not use the roll", roll, out)
		}
	}
}
