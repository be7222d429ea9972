package notation

import "testing"

func TestNormalDate(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1/9/2014", "2014.01.09"},
		{"12/31/1999", "1999.12.31"},
		{"01/09/2014", "2014.01.09"},
		{"2014.01.19", "2014.01.19"},
		{"1/2/3/2014", "1/2/3/2014"},
		{"/9/2014", "/9/2014"},
		{"1/9/14", "1/9/14"},
		{"123/9/2014", "123/9/2014"},
		{"", ""},
	} {
		if got := normalDate(tc.in); got != tc.want {
			t.Errorf("normalDate(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
