//go:build !unix

package notation

// cpuTime is not measured here; benchmarks report the wall clock only.
func cpuTime() (nanos int64, ok bool) { return 0, false }
