package yardstick

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"pbem/internal/sharedtest"
	"pbem/notation"
)

// realRecords converts the real Pente set into records, as pbem convert
// does.
func realRecords(tb testing.TB) []byte {
	tb.Helper()
	path := sharedtest.Path(tb, "data/pente-games/pente_dataset.txt")
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	w := notation.NewWriter(&b)
	for g := range notation.Lines("real.pgn", src) {
		if err := w.Write(g); err != nil {
			tb.Fatal(err)
		}
	}
	return b.Bytes()
}

// agree checks that the yardstick and pbem's reader give every game of src
// the same verdict, and returns how many games are valid.
func agree(t *testing.T, src []byte) (games, valid int) {
	t.Helper()
	var want []Verdict
	for g := range notation.Games("t.pgn", src) {
		s := g.Summary()
		want = append(want, Verdict{Valid: s.Valid, Outcome: s.Outcome})
	}
	err := Check(bytes.NewReader(src), func(v Verdict) {
		if games < len(want) && v != want[games] {
			t.Errorf("game %d: yardstick %+v, review %+v", games+1, v, want[games])
		}
		games++
		if v.Valid {
			valid++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if games != len(want) {
		t.Fatalf("yardstick read %d games, review %d", games, len(want))
	}
	return games, valid
}

// TestAgreesWithReviewOnTheRealSet: all 9,370 games valid, with the same
// results by rule as pbem's reader gives.
func TestAgreesWithReviewOnTheRealSet(t *testing.T) {
	if games, valid := agree(t, realRecords(t)); games != 9370 || valid != 9370 {
		t.Errorf("%d games, %d valid", games, valid)
	}
}

// TestAgreesOnFaults breaks real games in the ways records go wrong: a
// stone on a taken point, a ply after the end, the tournament rule, a
// result the rules contradict, a Result tag that disagrees; comments,
// NAGs and variations are skipped by both.
func TestAgreesOnFaults(t *testing.T) {
	real := string(realRecords(t))
	games := strings.SplitAfter(real, "\n\n[Event")
	first := strings.TrimSuffix(games[0], "\n\n[Event") + "\n"
	cases := map[string]string{
		"taken point":          strings.Replace(first, "2. L11", "2. L9", 1),
		"tournament rule":      strings.Replace(first, "\n"+`[Options "tournament=off"]`, "", 1),
		"result contradicted":  strings.Replace(first, " 0-1\n", " 1-0\n", 1),
		"result tag disagrees": strings.Replace(first, `[Result "0-1"]`, `[Result "1-0"]`, 1),
		"ply after the end":    strings.Replace(first, " 0-1\n", " A1 0-1\n", 1),
		"not over":             strings.Replace(strings.Replace(first, " P8 0-1", " *", 1), `[Result "0-1"]`, `[Result "*"]`, 1),
		"notes":                strings.Replace(first, "2. L11", "2. L11! $1 {a\ncomment} (2. M9 {x} 3. A1) ; rest\n", 1),
	}
	var all strings.Builder
	for name, src := range cases {
		if src == first && name != "notes" {
			t.Fatalf("%s: the case changes nothing", name)
		}
		all.WriteString(src + "\n")
	}
	games2, valid := agree(t, []byte(all.String()))
	if games2 != len(cases) || valid != 2 {
		t.Errorf("%d games, %d valid; want %d games, 2 valid (not over, notes)", games2, valid, len(cases))
	}
}

// BenchmarkCheck is the yardstick over the real set.
func BenchmarkCheck(b *testing.B) {
	src := realRecords(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if err := Check(bytes.NewReader(src), func(Verdict) {}); err != nil {
			b.Fatal(err)
		}
	}
}
