package render

import (
	"strings"
	"testing"

	"pbem/rules"
	"pbem/rules/dobbal"
	"pbem/rules/pente"
	"pbem/rules/pinuid"
)

// position is one game position the tests draw.
type position struct {
	name string
	make func(t testing.TB) rules.Game
}

// positions are one position of each game kind, each with what the
// pictures must show: Pente with captures just made, Pinuid Classic and
// four-seat Quatro after removals, Dobbal with the last and the next roll.
var positions = []position{
	{"pente", func(t testing.TB) rules.Game {
		// Black takes N10 O10 on ply 6, White takes K11 K12 on ply 9.
		return replay(t, pente.Kind, nil, "K10 M10 N10 K11 O10 P10 L12 K12 K13")
	}},
	{"classic", func(t testing.TB) rules.Game {
		return replay(t, pinuid.Classic, nil, "b1-c2 e7-f6 c2-d1 f7-e6xd6 c1-b2 e6-f7 xd1 f7-g6 b2-a1 b7-c6 d2-e3 "+
			"g6-f7 f1-e2xe1 f6-g5 e2-d3 g5-f6 d3-e2 c7-d6 e2-d1 d6-e7 e3-f2 c6-d7xe7")
	}},
	{"quatro", func(t testing.TB) rules.Game {
		return replay(t, pinuid.Quatro, rules.Options{"seats": "4"}, "c3-b4 b6-c7 f1-e2 e3-f4 b2-a3 b1-c2 f6-g5 f4-g3 g2-f3 g6-f5 "+
			"e5-d6 f2-e3 b4-c3 c7-b6 a6-b5 e3-f4 a3-b2 c5-b4 d6-c7 a2-b3 f3-g2 b4-a5 e2-f3 g3-f2 b2-a3 c2-d1 "+
			"b5-a6 f7-e6 g2-f1 a5-b4 f3-g4 e6-d5 f1-e2 f5-e6 g4-f5 d5-e4 c3-d4 b4-c3 f5-g6xg7 e4-f3xf2")
	}},
	{"dobbal", func(t testing.TB) rules.Game {
		g := replay(t, dobbal.Kind, nil, "221:c1-a3:d2-f4:a3-b3 123:e6-e5:f4-f6:e5-b5 332:xe7 132:d7-e7:f6-c3:c6-e4 "+
			"131:d1-d2:c3-f3:d2-d1 332:b5-e5:f3-f6:c7-a5 332:b3-e6:f6-f3:e6-c4 121:e4-f4:f3-d5:f4-e4 "+
			"311:d1-d4:d5-e6:c2-d1 211:e4-g4:e6-f6:e7-d6 322:c4-f7:f6-f4:f7-d7 131:g4-g5:f4-f7:e5-f6 "+
			"123:d7-e6:f7-d7:e6-b3 133:a5-b6:d7-g7:d6-a3 123:d1-c1:-:e1-b4 223:g5-e3:g7-g5:a3-a6 "+
			"211:e2-g4:g5-f5:c1-d2 213:e3-g3:f5-f4:a6-d3 221:xd3")
		if err := g.(rules.Roller).SetRoll([]int{3, 1, 2}); err != nil {
			t.Fatal(err)
		}
		return g
	}},
}

func newGame(t testing.TB, k *rules.Kind, o rules.Options) rules.Game {
	t.Helper()
	g, err := k.NewGame(o)
	if err != nil {
		t.Fatalf("new %s: %v", k.Name, err)
	}
	return g
}

func replay(t testing.TB, k *rules.Kind, o rules.Options, tokens string) rules.Game {
	t.Helper()
	g := newGame(t, k, o)
	for _, tok := range strings.Fields(tokens) {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatalf("%s: play %s: %v", k.Name, tok, err)
		}
	}
	return g
}
