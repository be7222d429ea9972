package play

import (
	"testing"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules/games"
)

func TestSeatLabelIn(t *testing.T) {
	for _, tc := range []struct {
		kind string
		seat int
		lang i18n.Lang
		want string
	}{
		{"pente", 0, i18n.English, "ann (White)"},
		{"pente", 1, i18n.German, "bob (Schwarz)"},
		{"classic", 1, i18n.Spanish, "bob (Negras)"},
		{"quatro", 2, i18n.Portuguese, "cid (Lugar 3)"},
		{"quatro", 3, i18n.German, "dan (Platz 4)"},
	} {
		entry, err := games.Lookup(tc.kind)
		if err != nil {
			t.Fatal(err)
		}
		g, err := entry.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		tb := &table{game: g, row: db.Game{Seats: []db.Seat{
			{Address: "ann@x"}, {Address: "bob@x"}, {Address: "cid@x"}, {Address: "dan@x"},
		}}}
		if got := tb.seatLabelIn(tc.lang, tc.seat); got != tc.want {
			t.Errorf("%s seat %d in %s: %q, want %q", tc.kind, tc.seat, tc.lang, got, tc.want)
		}
	}
}
