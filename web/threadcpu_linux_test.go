//go:build linux

package web

import "golang.org/x/sys/unix"

// threadCPU is the CPU time the calling OS thread has used: with the
// goroutine locked to its thread, the cost of one request without the
// time it waited for a core that other work on the machine held.
func threadCPU() (nanos int64, ok bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return ts.Nano(), true
}
