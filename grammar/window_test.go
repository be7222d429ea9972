package grammar

import "testing"

// TestWindowPoolKeepsFewAndSmall puts back more windows than a pool keeps,
// and one grown to hold a long line: the pool keeps maxFreeWindows of the
// block-sized ones, gives them out again referenced once, and lets the
// grown one go.
func TestWindowPoolKeepsFewAndSmall(t *testing.T) {
	var p windowPool
	var ws []*window
	for range maxFreeWindows + 3 {
		ws = append(ws, p.get(blockSize))
	}
	grown := p.get(maxFreeWindow + 1)
	for _, w := range append([]*window{grown}, ws...) {
		w.release()
	}
	if len(p.free) != maxFreeWindows {
		t.Fatalf("the pool keeps %d windows; want %d", len(p.free), maxFreeWindows)
	}
	for _, w := range p.free {
		if w == grown {
			t.Fatal("the pool kept a window grown past maxFreeWindow")
		}
	}
	w := p.get(blockSize)
	if w.refs.Load() != 1 || len(w.buf) != 0 || cap(w.buf) < blockSize {
		t.Errorf("a window given out again: %d references, length %d, room %d", w.refs.Load(), len(w.buf), cap(w.buf))
	}
	if len(p.free) != maxFreeWindows-1 {
		t.Errorf("the pool keeps %d windows after giving one out; want %d", len(p.free), maxFreeWindows-1)
	}
}
