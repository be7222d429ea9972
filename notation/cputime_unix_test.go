//go:build unix

package notation

import "syscall"

// cpuTime is the CPU time the process has used, user and system: a
// benchmark figure that other work on the machine disturbs less than the
// wall clock.
func cpuTime() (nanos int64, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
