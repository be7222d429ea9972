package render

import (
	"bytes"
	"maps"
	"slices"
	"testing"

	"pbem/rules"
	"pbem/rules/games"
)

// TestSVGMatchesEveryPly plays 60 plies of every game pbem plays, the same
// way every time, and after each checks the SVG's pieces, last ply and
// taken pieces against the engine's ASCII board, as
// TestSVGShowsThePosition does for one position: Poof-Pente's own stones,
// Keryo's triples, Pinuid's owed removals and Dobbal's doubles included.
func TestSVGMatchesEveryPly(t *testing.T) {
	took := 0
	defer func() {
		if took == 0 {
			t.Errorf("no ply took a piece: the check of taken pieces checked nothing")
		}
	}()
	for _, e := range games.All() {
		t.Run(e.Name, func(t *testing.T) {
			g, err := e.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 60 {
				if r, ok := g.(rules.Roller); ok {
					if err := r.SetRoll(r.RollFor(3, g.Plies()+1)); err != nil {
						t.Fatal(err)
					}
				}
				legal := g.Legal()
				if len(legal) == 0 {
					break
				}
				// Near the centre for Pente, where captures happen.
				pick := legal[(i*37+len(legal)/2)%len(legal)]
				if len(legal) > 300 {
					pick = legal[len(legal)/2+(i%9)-4]
				}
				if err := g.Play(pick); err != nil {
					t.Fatalf("ply %d %s: %v", i+1, pick, err)
				}
				took += checkSVG(t, g)
			}
		})
	}
}

// checkSVG checks g's SVG against its ASCII board and returns how many
// pieces the last ply took.
func checkSVG(t *testing.T, g rules.Game) int {
	t.Helper()
	var buf bytes.Buffer
	if err := SVG(&buf, g, Options{}); err != nil {
		t.Fatal(err)
	}
	drawn := map[string]string{}
	var last, taken []string
	for _, e := range parseSVG(t, buf.Bytes()) {
		switch {
		case e.data["piece"] != "":
			drawn[e.data["at"]] = e.data["seat"]
		case e.data["last"] != "":
			last = append(last, e.data["last"])
		case e.data["taken"] != "":
			taken = append(taken, e.data["seat"]+"@"+e.data["at"])
		}
	}
	pieces, wantLast := asciiPosition(t, g)
	want := map[string]string{}
	for at, c := range pieces {
		want[at] = seatOfLetter[c]
	}
	slices.Sort(last)
	slices.Sort(wantLast)
	ply := g.History()[g.Plies()-1]
	if !maps.Equal(drawn, want) {
		t.Fatalf("after ply %d (%s) pieces drawn %v, want %v", g.Plies(), ply, drawn, want)
	}
	if !slices.Equal(last, wantLast) {
		t.Fatalf("after ply %d (%s) last ply marked on %v, want %v", g.Plies(), ply, last, wantLast)
	}
	if _, ok := g.(rules.Taker); ok {
		if wantTaken := takenOf(g); !slices.Equal(taken, wantTaken) {
			t.Fatalf("after ply %d (%s) taken drawn %v, want %v", g.Plies(), ply, taken, wantTaken)
		}
	}
	return len(taken)
}
