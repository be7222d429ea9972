package mailer

import (
	"context"
	"time"
)

// backoff is an exponential wait between attempts: lo, then doubling up
// to hi.
type backoff struct {
	lo, hi time.Duration
	cur    time.Duration
}

// next is the wait before the next attempt.
func (b *backoff) next() time.Duration {
	b.cur = grow(b.lo, b.hi, b.cur)
	return b.cur
}

// reset starts again from lo.
func (b *backoff) reset() { b.cur = 0 }

// grow doubles d within [lo, hi]; 0 becomes lo.
func grow(lo, hi, d time.Duration) time.Duration {
	switch {
	case d < lo:
		return lo
	case d > hi/2:
		return hi
	}
	return 2 * d
}

// delayAfter is the wait after the n-th failed attempt (n >= 1): lo,
// 2·lo, 4·lo ... at most hi.
func delayAfter(n int, lo, hi time.Duration) time.Duration {
	d := lo
	for i := 1; i < n && d < hi; i++ {
		d = grow(lo, hi, d)
	}
	return d
}

// sleep waits for d or until ctx is done; it reports whether the full
// wait passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
