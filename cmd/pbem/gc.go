package main

import (
	"os"
	"runtime/debug"
)

// The collector of the daemon, percent and memory limit. Its live heap is a few MB while
// it handles mail, so the default (collect each time the heap doubles)
// collected every few batches: at 400 the service core took about a tenth
// less CPU a mail. The memory limit bounds what that lets the heap grow to
// (the collector works harder near it), so that the daemon stays well
// under 150 MB with SQLite's page caches.
const (
	daemonGCPercent = 400
	daemonGCLimit   = 96 << 20
)

// The collector of review and export. They hold a few MB at
// a time, the batches of games in flight, and allocate little else once
// the text's blocks are reused: at 400 a review of the real set collects
// once or not at all rather than twice, and of 64 times the set takes a
// fifth less time. The limit keeps the peak resident memory of any input
// near 34 MB, under the 40 MB the records are held to (BENCHMARKS.md);
// without it, the heap of a long input grew to 49 MB.
const (
	recordsGCPercent = 400
	recordsGCLimit   = 20 << 20
)

// tuneRecords sets the memory of review and export: their collector
// settings and, on Linux, huge pages for their heap (hugeHeap). It returns
// what puts the collector back.
func tuneRecords() (restore func()) {
	restore = tuneGC(recordsGCPercent, recordsGCLimit)
	hugeHeap()
	return restore
}

// tuneGC sets the collector's percent and memory limit (bytes), unless GOGC or GOMEMLIMIT say otherwise,
// and returns what puts the settings back.
//
// The settings are the process's: a daemon or a review run inside a test's
// process puts them back when it ends, or the tests after it would collect
// against its limit (an import benchmark after the daemon's ran at half
// its speed, the collector busy on the other core).
func tuneGC(gcPercent int, memoryLimit int64) (restore func()) {
	percent, limit := -2, int64(-1)
	if os.Getenv("GOGC") == "" {
		percent = debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(memoryLimit)
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
