package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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

// sharedData finds the project's shared data folder: $PBEM_SHARED, or a
// folder shared/ with data/ in it beside the repository (or beside any
// folder above the working directory). Without it the test is skipped,
// except in CI, where it fails.
func sharedData(t testing.TB) string {
	t.Helper()
	if dir := os.Getenv("PBEM_SHARED"); dir != "" {
		return dir
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		candidate := filepath.Join(dir, "shared")
		if fi, err := os.Stat(filepath.Join(candidate, "data")); err == nil && fi.IsDir() {
			return candidate
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if os.Getenv("CI") != "" {
		t.Fatal("the shared data folder is missing: set PBEM_SHARED or put shared/ beside the repository")
	}
	t.Skip("no shared data folder beside the repository; set PBEM_SHARED to run this test")
	return ""
}
