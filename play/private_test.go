package play

import (
	"strings"
	"testing"
)

// TestPrivateOption: private=yes is a service option of "new", kept with
// the game's options and out of its record; the default is not stored;
// another value is refused.
func TestPrivateOption(t *testing.T) {
	for _, tc := range []struct {
		name, options string
		stored        string // in the game's options; "" for none
		refused       string
	}{
		{"private", "private=yes", "private=yes", ""},
		{"public", "private=no", "private=no", ""},
		{"the default", "", "", ""},
		{"a bad value", "private=maybe", "", "Option private=maybe: the value must be yes or no"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("ann@example.org", "", "new pente with bo@example.org "+tc.options)
			got := w.last("ann@example.org").Body
			if tc.refused != "" {
				if !strings.Contains(got, tc.refused) || !strings.Contains(got, "Nothing was started") {
					t.Fatalf("reply:\n%s\nwant %q", got, tc.refused)
				}
				return
			}
			g := w.game(1)
			if has := strings.Contains(" "+g.row.Options+" ", " private="); has != (tc.stored != "") ||
				(tc.stored != "" && !strings.Contains(g.row.Options, tc.stored)) {
				t.Errorf("options %q, want %q among them", g.row.Options, tc.stored)
			}
			rec, err := exportRecord(g, "pbem@example.org")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(rec), "private") {
				t.Errorf("the record carries the option:\n%s", rec)
			}
		})
	}
}
