package grammar

import (
	"sync"
	"sync/atomic"
)

// A window is a block of a stream's text that tokens point into. With
// reuse on, the batches whose tokens point into a window, and the scanner
// while the window is its current one, hold references on it; once they
// are all let go, its buffer holds the next block. Reading a file in fresh
// blocks was most of what a review allocated: a copy of the whole file,
// which set the collector going and was fresh memory to fault in.
type window struct {
	buf  []byte
	refs atomic.Int32
	pool *windowPool
}

// release lets go of one reference; the last puts the window back.
func (w *window) release() {
	if w.refs.Add(-1) == 0 {
		w.pool.put(w)
	}
}

// windowPool keeps the windows of one stream no longer referenced.
type windowPool struct {
	mu   sync.Mutex
	free []*window
}

// maxFreeWindows bounds the windows a pool keeps: a stream needs those of
// the batches in flight and one more. A window grown past maxFreeWindow,
// to hold a long line whole, is not kept: the next lines are shorter.
const (
	maxFreeWindows = 16
	maxFreeWindow  = 4 * blockSize
)

// get is a window, empty, of capacity need or more, referenced once.
func (p *windowPool) get(need int) *window {
	p.mu.Lock()
	var w *window
	for i := len(p.free) - 1; i >= 0; i-- {
		if cap(p.free[i].buf) >= need {
			w = p.free[i]
			p.free = append(p.free[:i], p.free[i+1:]...)
			break
		}
	}
	p.mu.Unlock()
	if w == nil {
		w = &window{buf: make([]byte, 0, need), pool: p}
	}
	w.buf = w.buf[:0]
	w.refs.Store(1)
	return w
}

func (p *windowPool) put(w *window) {
	if cap(w.buf) > maxFreeWindow {
		return
	}
	p.mu.Lock()
	if len(p.free) < maxFreeWindows {
		p.free = append(p.free, w)
	}
	p.mu.Unlock()
}
