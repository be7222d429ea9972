package web

import (
	"strconv"
	"strings"
	"testing"
)

func TestWithoutAddresses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ana <ana@example.org>", "Ana <ana>"},
		{"pbem+k7m2p@example.org", "pbem"},
		{"a@b@c.org", "a"},
		{"no address here", "no address here"},
		{"two: x@y.z, w@v.u", "two: x, w"},
	} {
		if got := withoutAddresses(tc.in); got != tc.want {
			t.Errorf("withoutAddresses(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzWithoutAddresses: whatever the text, what is left holds no address.
func FuzzWithoutAddresses(f *testing.F) {
	for _, s := range []string{"ana@example.org", "a@b@c.org", "x+key@y.z and q@r", "@@@", "a.@-.-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := withoutAddresses(s)
		if mailAddress.MatchString(out) || addressLike.MatchString(out) {
			t.Errorf("withoutAddresses(%q) = %q, which still holds an address", s, out)
		}
		if len(out) > len(s) {
			t.Errorf("withoutAddresses(%q) = %q grew", s, out)
		}
	})
}

// FuzzGameFile: the name after /games/ is read without a panic, and what
// is taken writes back as it was read.
func FuzzGameFile(f *testing.F) {
	for _, s := range []string{"12", "12.svg", "1.png", "7.pgn", "0", "-1", "1.gif", "99999999999999999999", "1.svg.png"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ext, ok := gameFile(s)
		if !ok {
			return
		}
		if id <= 0 {
			t.Errorf("gameFile(%q) took game %d", s, id)
		}
		back := strings.TrimSuffix(strings.Join([]string{itoa(id), ext}, "."), ".")
		if back != s {
			t.Errorf("gameFile(%q) = %d, %q: reads back as %q", s, id, ext, back)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
