package mailer

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// logRecorder is a slog handler that passes records to the test's log and
// keeps them, so that a test can wait for one.
type logRecorder struct {
	t     testing.TB
	mu    *sync.Mutex
	lines *[]string
	attrs []slog.Attr
	done  *bool // the test ended: logging to t would panic
}

func newLog(t testing.TB) (*slog.Logger, *logRecorder) {
	r := &logRecorder{t: t, mu: &sync.Mutex{}, lines: new([]string), done: new(bool)}
	t.Cleanup(func() {
		r.mu.Lock()
		*r.done = true
		r.mu.Unlock()
	})
	return slog.New(r), r
}

func (r *logRecorder) Enabled(context.Context, slog.Level) bool { return true }

func (r *logRecorder) Handle(_ context.Context, rec slog.Record) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", rec.Level, rec.Message)
	for _, a := range r.attrs {
		fmt.Fprintf(&b, " %s=%v", a.Key, a.Value)
	}
	rec.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&b, " %s=%v", a.Key, a.Value)
		return true
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	*r.lines = append(*r.lines, b.String())
	if !*r.done {
		r.t.Log(b.String())
	}
	return nil
}

func (r *logRecorder) WithAttrs(attrs []slog.Attr) slog.Handler {
	c := *r
	c.attrs = append(append([]slog.Attr{}, r.attrs...), attrs...)
	return &c
}

func (r *logRecorder) WithGroup(string) slog.Handler { return r }

// count is how many log lines contain all the given parts.
func (r *logRecorder) count(parts ...string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
next:
	for _, l := range *r.lines {
		for _, p := range parts {
			if !strings.Contains(l, p) {
				continue next
			}
		}
		n++
	}
	return n
}

// patience is how long a test waits for what should come at once. It is
// generous, for a busy machine: only a failing test waits it out.
const patience = time.Minute

// waitFor waits until cond holds, failing the test after limit.
func waitFor(t testing.TB, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", limit, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// runner runs a Run method in the background and stops it at the end of
// the test, checking that it returns nil promptly.
type runner struct {
	cancel context.CancelFunc
	done   chan error
	once   sync.Once
	t      testing.TB
}

func start(t testing.TB, run func(ctx context.Context) error) *runner {
	ctx, cancel := context.WithCancel(context.Background())
	r := &runner{cancel: cancel, done: make(chan error, 1), t: t}
	go func() { r.done <- run(ctx) }()
	t.Cleanup(r.stop)
	return r
}

func (r *runner) stop() {
	r.once.Do(func() {
		r.cancel()
		select {
		case err := <-r.done:
			if err != nil {
				r.t.Errorf("Run returned %v, want nil after cancellation", err)
			}
		case <-time.After(patience):
			r.t.Errorf("Run did not return within %v of cancellation", patience)
		}
	})
}
