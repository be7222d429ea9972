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
