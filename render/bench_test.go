package render

import (
	"io"
	"testing"
)

// BenchmarkPNG and BenchmarkSVG draw each golden position; a PNG must take
// well under 10 ms, as mails carry one per game notice. cpu-ns/op is the
// process's CPU time, steadier than ns/op on a shared machine (it counts
// the garbage collector's work too).
func BenchmarkPNG(b *testing.B) {
	for _, p := range positions {
		g := p.make(b)
		b.Run(p.name, func(b *testing.B) {
			reportCPU(b, func() {
				if err := PNG(io.Discard, g, Options{}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkSVG(b *testing.B) {
	for _, p := range positions {
		g := p.make(b)
		b.Run(p.name, func(b *testing.B) {
			reportCPU(b, func() {
				if err := SVG(io.Discard, g, Options{}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
