package pinuid

import (
	"pbem/i18n"
	"testing"
)

// TestSetupTablesAreChecked checks that a setup table with a fault is
// refused with a message naming it, since setups are data.
func TestSetupTablesAreChecked(t *testing.T) {
	two := func(a, b []string) []seatSetup {
		return []seatSetup{{name: "White", mark: 'W', base: 1, pins: a}, {name: "Black", mark: 'B', base: 7, pins: b}}
	}
	ok := []string{"b1", "c1", "d1"}
	tests := []struct {
		name string
		su   setup
		err  string
	}{
		{"a board too large", setup{files: 17, ranks: 7, seats: two(ok, []string{"b7", "c7", "d7"})},
			"setup: a board of 17x7 squares is not supported; files and ranks must be 2 to 16"},
		{"one seat", setup{files: 7, ranks: 7, seats: two(ok, nil)[:1]},
			"setup: 1 seats is not supported; a game has 2 to 4"},
		{"too few pins", setup{files: 7, ranks: 7, seats: two(ok, []string{"b7", "c7"})},
			"setup: Black has 2 pins; a seat needs at least 3 to form a row"},
		{"a pin off the board", setup{files: 7, ranks: 7, seats: two(ok, []string{"b7", "c7", "h7"})},
			"setup: Black's pin: h7: there is no h file; files run a to g"},
		{"two pins on one square", setup{files: 7, ranks: 7, seats: two(ok, []string{"b7", "c7", "c1"})},
			"setup: Black's pin on c1: the square is already taken"},
		{"a base line off the board", setup{files: 7, ranks: 5, seats: two(ok, []string{"b5", "c5", "d5"})},
			"setup: Black's base line is rank 7, off the board"},
		{"the Classic table", classicSetup, ""},
		{"the Quatro table", quatroSetup, ""},
		{"the three-seat Quatro table", quatro3Setup, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.su.place(&Game{})
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.err != "" && (err == nil || i18n.Error(i18n.English, err) != tt.err):
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
}
