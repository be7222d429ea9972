package match

import (
	"context"
	"syscall"
	"testing"
	"time"

	"pbem/ai"
	"pbem/rules"
)

// BenchThink is a benchmark of engine e: one Think per position at level,
// reporting the time and the CPU time a ply, the nodes a ply and the nodes
// per second of CPU (on a busy machine the wall clock overstates what a
// search costs on one free core).
func BenchThink(b *testing.B, e ai.Engine, level int, positions []rules.Game) {
	var nodes int64
	var spent time.Duration
	plies := 0
	cpu0 := cpuTime()
	for b.Loop() {
		for i, g := range positions {
			th, err := e.Think(context.Background(), g, ai.Settings{Level: level, Seed: uint64(i)})
			if err != nil {
				b.Fatal(err)
			}
			nodes += th.Nodes
			spent += th.Elapsed
			plies++
		}
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(spent.Milliseconds())/float64(plies), "ms/ply")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(plies), "cpu-ms/ply")
	b.ReportMetric(float64(nodes)/float64(plies), "nodes/ply")
	b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	b.ReportMetric(0, "ns/op")
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
