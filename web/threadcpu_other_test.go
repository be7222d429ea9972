//go:build !linux

package web

// threadCPU is not measured off Linux.
func threadCPU() (nanos int64, ok bool) { return 0, false }
