package play

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pbem/db"
	"pbem/notation"
	"pbem/rules"
)

// importRecords stores every game of a record text, as "pbem import"
// does, and returns their ids.
func importRecords(t *testing.T, w *world, name string, src []byte) []int64 {
	t.Helper()
	var ids []int64
	err := w.store.Update(context.Background(), func(tx *db.Tx) error {
		for g := range notation.Games(name, src) {
			if !g.Valid() {
				t.Fatalf("%s game %d: %v", name, g.Index, g.Problem)
			}
			id, err := Import(tx, g, w.now)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestImportedDobbalGameReplaysItsOwnDice loads a finished Pinuid Dobbal
// game imported from a record: its plies replay with the dice their tokens
// carry, not with the store's seeded rolls, and its record comes back as
// it went in.
func TestImportedDobbalGameReplaysItsOwnDice(t *testing.T) {
	w := newWorld(t, Config{})
	src, err := os.ReadFile(filepath.Join("testdata", "dobbal.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	ids := importRecords(t, w, "dobbal.pgn", src)
	g := w.game(ids[0])
	if g.row.State != db.Finished || g.game.Plies() != 19 || !g.game.Outcome().Won(0) {
		t.Fatalf("imported game: %s after %d plies, outcome %+v; want finished, 19 plies, White won",
			g.row.State, g.game.Plies(), g.game.Outcome())
	}
	var recs []string
	err = w.store.View(context.Background(), func(tx *db.Tx) error {
		return Export(tx, ids[0], "pbem@example.org", func(rec []byte) error {
			recs = append(recs, string(rec))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || recs[0] != string(src) {
		t.Errorf("export of the imported game:\n%s\nwant:\n%s", strings.Join(recs, "\n"), src)
	}
}

// TestImportedDobbalGameGoesOnWithSeededRolls imports a Dobbal game in
// progress between two mail addresses: its plies keep their recorded
// dice, and the turns played by mail after the import are rolled from a
// seed of the game's own, as in a game started by mail.
func TestImportedDobbalGameGoesOnWithSeededRolls(t *testing.T) {
	w := newWorld(t, Config{})
	record := `[White "alice@example.org"]
[Black "bob@example.org"]
[Game "Pinuid Dobbal"]

1. 113:xe7 221:+g7 2. 111:xd7 312:c6-c3:d2-d3:c7-a5 3. 223:xe6 *
`
	id := importRecords(t, w, "ongoing.pgn", []byte(record))[0]
	g := w.game(id)
	if g.row.State != db.Active || g.game.Plies() != 5 || g.row.Seed == 0 {
		t.Fatalf("imported game: %s after %d plies, seed %d; want active after 5 plies with a seed", g.row.State, g.game.Plies(), g.row.Seed)
	}
	roller := g.game.(rules.Roller)
	roll, ok := roller.Roll()
	if want := roller.RollFor(uint64(g.row.Seed), 6); !ok || !slices.Equal(roll, want) {
		t.Fatalf("roll for ply 6: %v (set %v), want the seeded %v", roll, ok, want)
	}

	w.send("bob@example.org", "", "board "+strconv.FormatInt(id, 10))
	mustContain(t, w.last("bob@example.org"), "Your roll: "+joinInts(roll))
	ply := g.game.Legal()[0].String()
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), ply)
	after := w.game(id)
	if after.game.Plies() != 6 || after.plies[5].Token != ply {
		t.Fatalf("bob's %s was not played:\n%s", ply, w.last("bob@example.org").Body)
	}
	if roll, _ := after.game.(rules.Roller).Roll(); !slices.Equal(roll, roller.RollFor(uint64(g.row.Seed), 7)) {
		t.Errorf("roll for ply 7: %v, want the seeded one", roll)
	}
}

// TestImportKeepsEachPlysSeat: the seats stored with an imported game's
// plies are those of the record's replay, a seat leaving out of turn
// included.
func TestImportKeepsEachPlysSeat(t *testing.T) {
	w := newWorld(t, Config{})
	src, err := os.ReadFile(filepath.Join("..", "notation", "testdata", "golden", "quatro", "leaving.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	ids := importRecords(t, w, "leaving.pgn", src)
	var got []string
	err = w.store.View(context.Background(), func(tx *db.Tx) error {
		plies, err := tx.Plies(ids[0])
		for _, p := range plies[:7] {
			got = append(got, strconv.Itoa(p.Seat)+":"+p.Token)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "0:b2-c1 2:s3:resign 1:b1-c2 3:e3-d4 0:c3-b2 1:g6-f5 3:d4-e3"
	if strings.Join(got, " ") != want {
		t.Errorf("stored plies %q, want %q", strings.Join(got, " "), want)
	}
}
