package pente

import "testing"

// TestReachIsStepsToTheEdge checks the reach table against step: from
// every point, reach steps in a direction stay on the board and one more
// leaves it.
func TestReachIsStepsToTheEdge(t *testing.T) {
	for p := range Point(N) {
		for i, d := range dirs {
			k := int(reach[p][i])
			if _, ok := step(p, d, k); !ok {
				t.Errorf("%s direction %v: %d steps leave the board", p, d, k)
			}
			if _, ok := step(p, d, k+1); ok {
				t.Errorf("%s direction %v: %d steps stay on the board", p, d, k+1)
			}
		}
	}
}
