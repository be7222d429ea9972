package pente

import (
	"errors"
	"strings"
	"testing"

	"pbem/rules"
)

// position sets up a game of the given variant directly: whites and blacks are
// space-separated points, plies is how many plies count as played (its
// parity says who moves next: even for White). The filler history only
// fixes the ply count; tests that look at history play real plies instead.
func position(t *testing.T, variant string, plyCount int, whites, blacks string) *Game {
	t.Helper()
	g, err := Kind.NewGame(rules.Options{"variant": variant, "tournament": "off"})
	if err != nil {
		t.Fatal(err)
	}
	pg := g.(*Game)
	for stone, list := range map[int8]string{white: whites, black: blacks} {
		for _, s := range strings.Fields(list) {
			p, err := ParsePoint(0, s)
			if err != nil {
				t.Fatalf("setup %s: %v", s, err)
			}
			if pg.board[p] != empty {
				t.Fatalf("setup: %s given twice", s)
			}
			pg.board[p] = stone
			pg.empties--
		}
	}
	for range plyCount {
		pg.history = append(pg.history, plies[0])
	}
	return pg
}

// play plays tokens and fails the test on the first refused one.
func play(t *testing.T, g rules.Game, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatalf("play %s: %v", tok, err)
		}
	}
}

// stones lists the points seat s holds, sorted by point, as "A1 B2".
func stones(g *Game, s rules.Seat) string {
	var out []string
	for p := range Point(N) {
		if g.board[p] == int8(s)+1 {
			out = append(out, p.String())
		}
	}
	return strings.Join(out, " ")
}

// ruleOf returns the Rule of a *rules.Error, or "" for nil.
func ruleOf(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var re *rules.Error
	if !errors.As(err, &re) {
		t.Fatalf("error %v is not a *rules.Error", err)
	}
	return ruleName(re)
}
