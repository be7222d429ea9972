package rules

import "testing"

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width int
		want  string
	}{
		{"short line", 72, "short line"},
		{"aaa bbb ccc", 7, "aaa bbb\nccc"},
		{"aaa bbb ccc", 8, "aaa bbb\nccc"},
		{"aaaaaaaaaa bb", 5, "aaaaaaaaaa\nbb"},
		// Width counts characters, not bytes: "Weiß" is four.
		{"Weiß Weiß", 9, "Weiß Weiß"},
		{"Weiß Weiß Weiß", 9, "Weiß Weiß\nWeiß"},
	}
	for _, tt := range tests {
		if got := Wrap(tt.text, tt.width); got != tt.want {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

func TestTextRender(t *testing.T) {
	text := Text{Grid: "  a\n1 .\n", Lines: []Msg{M("one", nil), M("two", Args{"N": 2})}}
	got := text.Render(func(m Msg) string { return string(m.Code) + "!" })
	if want := "  a\n1 .\n\none!\ntwo!\n"; got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
	if got, want := text.String(), "  a\n1 .\n\none\ntwo N=2\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
