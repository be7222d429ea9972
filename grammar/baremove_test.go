package grammar

import (
	"reflect"
	"strings"
	"testing"
)

// TestBareMoveAsParsed checks the parser's shortcut for a move alone: on
// the lines it takes, it gives what the parser gives; the lines it leaves
// to the parser are left.
func TestBareMoveAsParsed(t *testing.T) {
	tests := []struct {
		line  string
		taken bool
	}{
		{"K10", true}, {"k10", true}, {"T19", true}, {"a1", true}, {"A01", true},
		{"f5", true}, {"Bd4", true}, {"K10x", true}, {"Nf3", true}, {"H10n", true},
		{"e2e4", true}, {"xK10", true}, {"Game5", true}, {"Move1", true}, {"g7", true},
		{"pass", false}, {"PASS", false}, {"board", false}, {"games", false}, {"help", false},
		{"10", false}, {"3:4", false}, {"K10.", false}, {"K10,", false},
		{"K10 #3", true}, {"K10#3", true}, {"K10 # 3", true}, {"k10\t#12", true}, {"K10 #007", false}, {"K10 #0", true}, {"K10  #999999", true},
		{"K10 #", false}, {"K10 #3x", false}, {"K10 #3 4", false}, {"K10 ##3", false}, {"K10 #1234567", false},
		{"K10 3", false}, {"K10 #-3", false}, {"pass #3", false}, {"K10 #3,", false},
		{"move K10", false}, {"game 3 K10", false}, {"K-10", false}, {"Kö10", false}, {"", false},
		{"a@b.c", false}, {"days=3", false}, {"1K", false},
	}
	for _, tt := range tests {
		quick, taken := bareMove(tt.line)
		if taken != tt.taken {
			t.Errorf("bareMove(%q) taken = %v, want %v", tt.line, taken, tt.taken)
			continue
		}
		if !taken {
			continue
		}
		parsed, err := commandParser().ParseString("", plainWords(tt.line))
		if err != nil {
			t.Errorf("the parser refuses %q, which bareMove takes: %v", tt.line, err)
			continue
		}
		parsed.normalise()
		if !reflect.DeepEqual(quick, parsed) {
			t.Errorf("%q: bareMove gives %#v (move %#v), the parser %#v (move %#v)", tt.line, quick, quick.Move, parsed, parsed.Move)
		}
	}
}

// FuzzBareMove checks on any line that bareMove, when it takes it, gives
// what the parser gives.
func FuzzBareMove(f *testing.F) {
	for _, s := range []string{"K10", "pass", "move K10", "Nf3", "a1b2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		quick, taken := bareMove(line)
		if !taken {
			return
		}
		parsed, err := commandParser().ParseString("", plainWords(line))
		if err != nil {
			t.Fatalf("the parser refuses %q, which bareMove takes: %v", line, err)
		}
		parsed.normalise()
		if !reflect.DeepEqual(quick, parsed) {
			t.Fatalf("%q: bareMove gives %#v, the parser %#v", line, quick, parsed)
		}
	})
}

// BenchmarkParseCommand is a mail's move line read by ParseCommand: a
// lone move and one with its ply number take the fast path, a move with
// its game number goes through the parser. Beside them, lines that are no
// command: a near miss ("did you mean"), and a first word of 990 bytes
// and a line of a megabyte, which must cost no more than a line of use.
func BenchmarkParseCommand(b *testing.B) {
	for _, line := range []string{"K10", "K10 #7", "move 12 K10"} {
		b.Run(line, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseCommand(line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for name, line := range map[string]string{
		"mvoe 12 K10": "mvoe 12 K10",
		"long word":   "###" + strings.Repeat("\xbf", 990),
		"megabyte":    "###" + strings.Repeat("\xbf", 1<<20),
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseCommand(line); err == nil {
					b.Fatal("understood")
				}
			}
		})
	}
}
