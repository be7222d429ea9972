package i18n

import (
	"testing"
	"time"
)

// TestWhen writes one moment in each language, in UTC and in another
// zone, and a month alone.
func TestWhen(t *testing.T) {
	at := time.Date(2026, 12, 2, 9, 7, 0, 0, time.UTC)
	berlin := time.FixedZone("CET", 3600)
	tests := []struct {
		lang       Lang
		utc, local string
		month      string
	}{
		{English, "Wed 2 Dec 2026 09:07 UTC", "Wed 2 Dec 2026 10:07 CET", "Dec"},
		{German, "Mi., 2. Dez. 2026, 09:07 UTC", "Mi., 2. Dez. 2026, 10:07 CET", "Dez."},
	}
	for _, tc := range tests {
		if got := When(tc.lang, at); got != tc.utc {
			t.Errorf("When(%s, UTC) = %q, want %q", tc.lang, got, tc.utc)
		}
		if got := When(tc.lang, at.In(berlin)); got != tc.local {
			t.Errorf("When(%s, Berlin) = %q, want %q", tc.lang, got, tc.local)
		}
		if got := Month(tc.lang, at.Month()); got != tc.month {
			t.Errorf("Month(%s) = %q, want %q", tc.lang, got, tc.month)
		}
	}
	for _, lang := range All[2:] {
		if got := When(lang, at); got == When(English, at) {
			t.Errorf("When(%s) is the English %q", lang, got)
		}
	}
}
