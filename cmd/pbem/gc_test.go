package main

import (
	"path/filepath"
	"runtime/debug"
	"testing"
)

// gcSettings are the collector's percent and memory limit, left as found.
func gcSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

// TestServeTunesTheCollectorAndPutsItBack: while pbem serve runs it
// collects at GOGC=400 under a memory limit, and once it stops the
// process's settings are what they were, for what runs after it in the
// same process (a test, a benchmark).
func TestServeTunesTheCollectorAndPutsItBack(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	beforeP, beforeL := gcSettings()
	d := startServe(t, "--data", filepath.Join(t.TempDir(), "data"), "--imap-port", "0", "--smtp-port", "0", "--log", "warn")
	d.embedded(t) // the banner: serve is under way
	if p, l := gcSettings(); p != 400 || l != 96<<20 {
		t.Errorf("while serving: GOGC=%d, memory limit %d; want 400 and %d", p, l, 96<<20)
	}
	d.stop(t)
	if p, l := gcSettings(); p != beforeP || l != beforeL {
		t.Errorf("after serving: GOGC=%d, memory limit %d; want them as before, %d and %d", p, l, beforeP, beforeL)
	}
}
