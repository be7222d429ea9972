//go:build unix

package render

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU adds the process's CPU time an operation as cpu-ns/op, which
// a machine shared with other work inflates less than the wall time.
func reportCPU(b *testing.B, run func()) {
	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	n := 0
	for b.Loop() {
		run()
		n++
	}
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	used := time.Duration(after.Utime.Nano()+after.Stime.Nano()-before.Utime.Nano()-before.Stime.Nano()) * time.Nanosecond
	b.ReportMetric(float64(used.Nanoseconds())/float64(max(n, 1)), "cpu-ns/op")
}
