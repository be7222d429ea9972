//go:build !unix

package render

import "testing"

func reportCPU(b *testing.B, run func()) {
	for b.Loop() {
		run()
	}
}
