package play

import (
	"testing"
	"time"
)

func TestDeadlinesInTheRecipientsTimeZone(t *testing.T) {
	tests := []struct {
		name  string
		start time.Time
		alice string // in alice's mail (Europe/Berlin), her deadline
		bob   string // in bob's mail (UTC), alice's deadline
	}{
		{"across the change to summer time", time.Date(2026, 3, 27, 10, 0, 0, 0, time.UTC),
			"Your deadline: Mon 30 Mar 2026 12:03 CEST, 3 days from now.",
			"Deadline of alice (White): Mon 30 Mar 2026 10:03 UTC, 3 days from now."},
		{"across the change to winter time", time.Date(2026, 10, 23, 10, 0, 0, 0, time.UTC),
			"Your deadline: Mon 26 Oct 2026 11:03 CET, 3 days from now.",
			"Deadline of alice (White): Mon 26 Oct 2026 10:03 UTC, 3 days from now."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			w.now = tc.start
			w.send("alice@example.org", "", "timezone Europe/Berlin")
			id := startPente(t, w, "") // begins at 10:03 UTC
			mustContain(t, w.lastAbout("alice@example.org", id), tc.alice)
			mustContain(t, w.lastAbout("bob@example.org", id), tc.bob)
		})
	}
}

func TestTimezoneCommand(t *testing.T) {
	tests := []struct {
		line string
		want string
	}{
		{"timezone Europe/Berlin", "Your time zone is now Europe/Berlin: your mail shows times such as Sun 29 Nov 2026 10:01 CET."},
		{"timezone europe/berlin", "Your time zone is now Europe/Berlin"},
		{"timezone america/new_york", "Your time zone is now America/New_York: your mail shows times such as Sun 29 Nov 2026 04:01 EST."},
		{"timezone etc/gmt+2", "Your time zone is now Etc/GMT+2"},
		{"timezone utc", "Your time zone is now UTC"},
		{"timezone Europe/Berln", `There is no time zone "Europe/Berln". Write it as the tz database names it`},
		{"timezone Local", `There is no time zone "Local"`},
		{"timezone ../../etc/passwd", `There is no time zone "../../etc/passwd"`},
		{"timezone", "Your mail shows times in UTC, such as Sun 29 Nov 2026 09:01 UTC."},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			w.send("alice@example.org", "", tc.line)
			mustContain(t, w.last("alice@example.org"), tc.want)
		})
	}
}

func TestSpan(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{72 * time.Hour, "3 days"},
		{71*time.Hour + 59*time.Minute, "2 days 23 hours"},
		{25 * time.Hour, "1 day 1 hour"},
		{5*time.Hour + 10*time.Minute + 59*time.Second, "5 hours 10 minutes"},
		{time.Hour, "1 hour"},
		{40 * time.Minute, "40 minutes"},
		{time.Minute, "1 minute"},
		{59 * time.Second, "no time"},
		{-time.Hour, "no time"},
	}
	for _, tc := range tests {
		if got := span(tc.d); got != tc.want {
			t.Errorf("span(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
