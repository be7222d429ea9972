package games

import (
	"strings"
	"testing"

	"pbem/rules"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name, want, err string
	}{
		{"pente", "pente", ""},
		{"Keryo-Pente", "keryo-pente", ""},
		{"keryo pente", "keryo-pente", ""},
		{"poof", "poof-pente", ""},
		{"Pinuid Classic", "pinuid", ""},
		{"Pinuid Quatro", "quatro", ""},
		{"pinuid-dobbal", "dobbal", ""},
		{"GOMOKU", "gomoku", ""},
		{"pentе", "", `there is no game "pentе"; did you mean pente?`}, // a Cyrillic e
		{"chess", "", `there is no game "chess"; the games are pente, keryo-pente`},
	}
	for _, tc := range tests {
		e, err := Lookup(tc.name)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("Lookup(%q) error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || e.Name != tc.want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", tc.name, e.Name, err, tc.want)
		}
	}
}

func TestEveryEntryStartsAndFindsItself(t *testing.T) {
	for _, e := range All() {
		g, err := e.New(nil)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		back, ok := ForKind(g.Kind(), g.Options())
		if !ok || back.Name != e.Name {
			t.Errorf("%s: ForKind gives %q, %v", e.Name, back.Name, ok)
		}
		if len(strings.Split(g.Board(), "\n")) < 8 {
			t.Errorf("%s: board too short:\n%s", e.Name, g.Board())
		}
	}
}

func TestPresetCannotBeContradicted(t *testing.T) {
	e, _ := Lookup("gomoku")
	if _, err := e.New(rules.Options{"variant": "keryo"}); err == nil ||
		err.Error() != "variant=keryo does not fit Gomoku, which is variant=gomoku" {
		t.Errorf("contradicting preset: %v", err)
	}
	if _, err := e.New(rules.Options{"variant": "gomoku", "tournament": "off"}); err != nil {
		t.Errorf("repeating the preset: %v", err)
	}
}
