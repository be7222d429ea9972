// Package fakeclock is a clock that tests move by hand, for code that
// takes its time from a func() time.Time.
package fakeclock

import (
	"sync"
	"time"
)

// Clock is a clock that stands still until Advance moves it. It is safe
// for use by several goroutines.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// New is a clock standing at now.
func New(now time.Time) *Clock { return &Clock{now: now} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
