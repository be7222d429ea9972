package pinuid

import (
	"context"
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// openings are positions a few random plies into seeded games of kind k.
func openings(tb testing.TB, k *rules.Kind, o rules.Options, n, plies int) []rules.Game {
	tb.Helper()
	var out []rules.Game
	for seed := uint64(1); len(out) < n; seed++ {
		rng := rand.New(rand.NewPCG(seed, 3))
		g, err := k.NewGame(o)
		if err != nil {
			tb.Fatal(err)
		}
		for g.Plies() < plies && !g.Outcome().Over {
			legal := g.Legal()
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
		if !g.Outcome().Over {
			out = append(out, g)
		}
	}
	return out
}

// cpuTime is the CPU time the process has used: on a busy machine the
// wall clock overstates what a search costs on one free core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkThink is one Think per position at each level, in Classic and
// Quatro: time per ply, and nodes per second.
//
//	go test ./ai/pinuid -run XXX -bench Think -benchtime 3x
func BenchmarkThink(b *testing.B) {
	kinds := []struct {
		name string
		kind *rules.Kind
	}{{"classic", pinuid.Classic}, {"quatro", pinuid.Quatro}}
	for _, k := range kinds {
		pos := openings(b, k.kind, nil, 4, 6)
		for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
			b.Run(fmt.Sprintf("%s/level%d", k.name, lvl), func(b *testing.B) {
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
