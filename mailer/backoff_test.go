package mailer

import (
	"testing"
	"time"
)

func TestBackoffDoublesUpToItsCap(t *testing.T) {
	b := backoff{lo: time.Second, hi: 5 * time.Second}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 5 * time.Second, 5 * time.Second}
	for i, w := range want {
		if got := b.next(); got != w {
			t.Errorf("wait %d = %v, want %v", i+1, got, w)
		}
	}
	b.reset()
	if got := b.next(); got != time.Second {
		t.Errorf("after reset the wait is %v, want %v", got, time.Second)
	}
}

func TestDelayAfterFailures(t *testing.T) {
	tests := []struct {
		failures int
		want     time.Duration
	}{
		{1, time.Minute}, {2, 2 * time.Minute}, {3, 4 * time.Minute}, {6, 32 * time.Minute},
		{7, time.Hour}, {1000, time.Hour},
	}
	for _, tc := range tests {
		if got := delayAfter(tc.failures, time.Minute, time.Hour); got != tc.want {
			t.Errorf("delay after %d failures = %v, want %v", tc.failures, got, tc.want)
		}
	}
}
