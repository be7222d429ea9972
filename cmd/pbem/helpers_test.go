package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runPbem runs pbem with args and stdin and returns the exit code and what
// it wrote.
func runPbem(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestUnknownCommand checks that a mistyped command is refused with the
// nearest command named, and a word near none with no guess.
func TestUnknownCommand(t *testing.T) {
	tests := []struct {
		arg, want, not string
	}{
		{"revieww", `unknown command "revieww"; did you mean review?`, ""},
		{"serv", `unknown command "serv"; did you mean serve?`, ""},
		{"zzzzzz", `unknown command "zzzzzz"` + "\n", "did you mean"},
	}
	for _, tc := range tests {
		t.Run(tc.arg, func(t *testing.T) {
			code, _, stderr := runPbem(t, "", tc.arg)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if !strings.Contains(stderr, tc.want) || tc.not != "" && strings.Contains(stderr, tc.not) {
				t.Errorf("stderr %q: want %q and not %q", stderr, tc.want, tc.not)
			}
		})
	}
}
