package rules

import "testing"

func TestLeaveToken(t *testing.T) {
	for _, tc := range []struct {
		seat Seat
		why  Leaving
		tok  string
	}{
		{0, Resigned, "s1:resign"},
		{2, TimedOut, "s3:time"},
		{3, Resigned, "s4:resign"},
	} {
		if got := LeaveToken(tc.seat, tc.why); got != tc.tok {
			t.Errorf("LeaveToken(%v, %v) = %q, want %q", tc.seat, tc.why, got, tc.tok)
		}
		s, why, ok := ParseLeaveToken(tc.tok)
		if !ok || s != tc.seat || why != tc.why {
			t.Errorf("ParseLeaveToken(%q) = %v %v %v", tc.tok, s, why, ok)
		}
	}
	if s, why, ok := ParseLeaveToken("S2:RESIGN"); !ok || s != 1 || why != Resigned {
		t.Errorf("upper case: %v %v %v", s, why, ok)
	}
	for _, bad := range []string{"", "s3", "s0:resign", "s:resign", "s3:quit", "x3:resign", "s03:time", "s+3:time", "3:resign", "b1-c2"} {
		if _, _, ok := ParseLeaveToken(bad); ok {
			t.Errorf("ParseLeaveToken(%q) read a leave", bad)
		}
	}
}

// FuzzParseLeaveToken: whatever it reads, it writes back as a token that
// reads the same.
func FuzzParseLeaveToken(f *testing.F) {
	for _, s := range []string{"s3:resign", "S1:TIME", "s0:time", "s12:resign", "s3:", ":resign", "b1-c2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		seat, why, ok := ParseLeaveToken(tok)
		if !ok {
			return
		}
		again := LeaveToken(seat, why)
		if s2, w2, ok2 := ParseLeaveToken(again); !ok2 || s2 != seat || w2 != why {
			t.Fatalf("%q read as %v %v, written %q, read back as %v %v %v", tok, seat, why, again, s2, w2, ok2)
		}
	})
}
