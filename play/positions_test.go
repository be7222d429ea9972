package play

import (
	"testing"

	"pbem/db"
	"pbem/rules"
)

// TestKeptPositionFitsOnlyItsGame: a kept position is used only for the
// same game, kind and options, when its plies begin the stored ones; a
// takeback, another ply in its place or other options leave it unused.
func TestKeptPositionFitsOnlyItsGame(t *testing.T) {
	row := db.Game{ID: 7, Kind: "Pente", Options: "days=3 rated=yes tournament=off variant=pente"}
	plies := func(toks ...string) []db.Ply {
		var out []db.Ply
		for i, tok := range toks {
			out = append(out, db.Ply{N: i + 1, Seat: i % 2, Token: tok})
		}
		return out
	}
	g, entry, err := newGame(row)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"K10", "L9"} {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatal(err)
		}
	}
	kept := newPositions()
	kept.put(row, entry, plies("K10", "L9"), g)
	other := row
	other.Options = "days=3 rated=no tournament=off variant=pente"
	tests := []struct {
		name  string
		row   db.Game
		plies []db.Ply
		from  int // plies the kept position saves; -1 for not used
	}{
		{"the same plies", row, plies("K10", "L9"), 2},
		{"one more", row, plies("K10", "L9", "M8"), 2},
		{"one taken back", row, plies("K10"), -1},
		{"another ply in its place", row, plies("K10", "M8", "N7"), -1},
		{"other options", other, plies("K10", "L9"), -1},
		{"another game", db.Game{ID: 8, Kind: row.Kind, Options: row.Options}, plies("K10", "L9"), -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, _, n, ok := kept.get(tc.row, tc.plies)
			if !ok {
				n = -1
			}
			if n != tc.from {
				t.Errorf("kept position saves %d plies, want %d", n, tc.from)
			}
			if ok && g.Plies() != n {
				t.Errorf("kept position has played %d plies, want %d", g.Plies(), n)
			}
		})
	}
	// What a caller does to the game it got stays its own.
	g1, _, _, _ := kept.get(row, plies("K10", "L9"))
	if err := rules.PlayToken(g1, "M8"); err != nil {
		t.Fatal(err)
	}
	if g2, _, _, _ := kept.get(row, plies("K10", "L9")); g2.Plies() != 2 {
		t.Errorf("the kept position moved with a caller's game: %d plies", g2.Plies())
	}
}
