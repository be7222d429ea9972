// Package sharedtest finds the project's shared folder (specs, seeds and real
// game data) from a test. It sits beside the repository: ../shared from the
// repository root, or wherever PBEM_SHARED points.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of rel inside the shared folder. When the folder
// cannot be found the test is skipped on a developer's machine, but fails in
// CI (env CI set), where the data must be there.
func Path(t testing.TB, rel string) string {
	t.Helper()
	if dir := os.Getenv("PBEM_SHARED"); dir != "" {
		return check(t, filepath.Join(dir, rel))
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatalf("working directory: %v", err)
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return check(t, filepath.Join(filepath.Dir(dir), "shared", rel))
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return check(t, filepath.Join("..", "shared", rel))
}

func check(t testing.TB, path string) string {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared data missing in CI: %v", err)
		}
		t.Skipf("shared data not found (set PBEM_SHARED): %v", err)
	}
	return path
}
