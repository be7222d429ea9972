package pente

import (
	"errors"
	"strings"
	"testing"

	"pbem/rules"
)

// FuzzPlies feeds arbitrary ply strings to every variant: nothing may panic,
// every refusal is a *rules.Error naming a rule, a refused ply changes
// nothing, and the board always adds up.
func FuzzPlies(f *testing.F) {
	f.Add(byte(0), "K10 L9 M12 I10 K20 10K")
	f.Add(byte(1), "K10 L10 O6 M10 N10")
	f.Add(byte(4), "K10 K11 K14 K12 K13 A1 B1 C1 D1")
	f.Add(byte(5), "K10 L10 O6 M10 N10 L11")
	f.Add(byte(2), "k10 ;;; \x00 K10 T19 A1 Z99 -1")
	variants := Kind.Options[0].Values
	f.Fuzz(func(t *testing.T, v byte, input string) {
		g, err := Kind.NewGame(rules.Options{"variant": variants[int(v)%len(variants)]})
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range strings.Fields(input) {
			before := g.Plies()
			err := rules.PlayToken(g, tok)
			if err != nil {
				var re *rules.Error
				if !errors.As(err, &re) || ruleName(re) == "" || msgOf(re) == "" {
					t.Fatalf("%q: error %v is not a rules.Error with rule and message", tok, err)
				}
				if g.Plies() != before {
					t.Fatalf("%q refused but the game moved on", tok)
				}
			}
			pg := g.(*Game)
			count := 0
			for _, s := range pg.board {
				if s == empty {
					count++
				}
			}
			if count != pg.empties {
				t.Fatalf("after %q: %d empty points, counted %d", tok, count, pg.empties)
			}
			_ = english(g.Board())
		}
	})
}
