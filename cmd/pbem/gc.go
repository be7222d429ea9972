package main

import (
	"os"
	"runtime/debug"
)

// tuneGC sets the collector for the daemon, unless GOGC or GOMEMLIMIT
// say otherwise, and returns what puts the settings back. Its live heap is
// a few MB while it handles mail, so the default (collect each time the
// heap doubles) collected every few batches: at 400 the service core took
// about a tenth less CPU a mail. The memory limit bounds what that lets
// the heap grow to (the collector works harder near it), so that the
// daemon stays well under 150 MB with SQLite's page caches.
//
// The settings are the process's: a daemon run inside a test's process
// puts them back when it stops, or the tests after it would collect
// against its limit (an import benchmark after the daemon's ran at half
// its speed, the collector busy on the other core).
func tuneGC() (restore func()) {
	percent, limit := -2, int64(-1)
	if os.Getenv("GOGC") == "" {
		percent = debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(96 << 20)
	}
	return func() {
		if percent != -2 {
			debug.SetGCPercent(percent)
		}
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
	}
}
