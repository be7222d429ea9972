package dobbal

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"pbem/ai"
	"pbem/rules"
)

// cpuTime is the CPU time the process has used: on a busy machine the
// wall clock overstates what a search costs on one free core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkThink is one Think per position at each level, the roll of the
// turn set: time per ply, and nodes (turns looked at) per second.
//
//	go test ./ai/dobbal -run XXX -bench Think -benchtime 3x
func BenchmarkThink(b *testing.B) {
	for _, opts := range []rules.Options{nil, {"faces": "6"}} {
		pos := midgames(b, 4, opts)
		for i, g := range pos {
			if err := g.SetRoll(g.RollFor(uint64(i), g.Plies()+1)); err != nil {
				b.Fatal(err)
			}
		}
		_, faces := pos[0].Dice()
		for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
			b.Run(fmt.Sprintf("faces%d/level%d", faces, lvl), func(b *testing.B) {
				var nodes int64
				var spent time.Duration
				plies := 0
				cpu0 := cpuTime()
				for b.Loop() {
					for i, g := range pos {
						th, err := Engine{}.Think(context.Background(), g, ai.Settings{Level: lvl, Seed: uint64(i)})
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
			})
		}
	}
}
