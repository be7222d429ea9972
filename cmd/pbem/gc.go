package main

import (
	"os"
	"runtime/debug"
)

// tuneGC sets the collector for the daemon, unless GOGC or GOMEMLIMIT
// say otherwise. Its live heap is a few MB while it handles mail, so the
// default (collect each time the heap doubles) collected every few
// batches: at 400 the service core took about a tenth less CPU a mail.
// The memory limit bounds what that lets the heap grow to (the collector
// works harder near it), so that the daemon stays well under 150 MB with
// SQLite's page caches.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(96 << 20)
	}
}
