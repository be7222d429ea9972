package main

import (
	"context"
	"sync"
	"testing"
	"time"

	"pbem/internal/dovecot"
)

// TestDaemonReadsMailWhileTheFirstClockPassRuns holds the start-up clock
// pass until a mail has been answered: were mail read only after the
// pass, the answer would never come.
func TestDaemonReadsMailWhileTheFirstClockPassRuns(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	release := make(chan struct{})
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })
	held := make(chan struct{}, 1)
	r.start(func(c *serveConfig) {
		c.beforeTick = func(ctx context.Context) {
			select {
			case held <- struct{}{}:
			default:
			}
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
	})
	select {
	case <-held:
	case <-time.After(mailWait):
		t.Fatalf("no clock pass at start-up within %v", mailWait)
	}
	alice := r.player("alice@example.org")
	alice.answer(alice.send(serviceAddress, "hello", "", "help"), "Commands")
	once.Do(func() { close(release) })
}
