package pinuid

import (
	"errors"
	"strings"
	"testing"

	"pbem/rules"
)

// FuzzParse checks that no token makes Parse panic, that every refusal is
// a *rules.Error with a message, and that every token read writes back as
// a token that reads the same.
func FuzzParse(f *testing.F) {
	for _, tok := range []string{"b1-c2", "b1-c2xc1xe3", "xc1", "+c1", "pass", "h3", "b1c2", "1b-c2", "b1-c2-d3", "+", "x", "é"} {
		f.Add(tok)
	}
	rg, _ := Classic.NewGame(nil)
	f.Fuzz(func(t *testing.T, tok string) {
		p, err := rg.Parse(tok)
		if err != nil {
			var e *rules.Error
			if !errors.As(err, &e) || msgOf(e) == "" || ruleOf(e) == "" {
				t.Fatalf("%q: %#v is not a *rules.Error with a rule and a message", tok, err)
			}
			return
		}
		back, err := rg.Parse(p.String())
		if err != nil || *back.(*Ply) != *p.(*Ply) {
			t.Fatalf("%q reads as %s, which reads back as %v, %v", tok, p, back, err)
		}
	})
}

// FuzzPlay feeds arbitrary token sequences to every kind: no panic, every
// refusal a *rules.Error naming the ply, a refused ply changes nothing,
// and an accepted ply has the effect of one that Legal lists.
func FuzzPlay(f *testing.F) {
	f.Add(uint8(0), "b1-a2 b7-a6 a2-b1 pass xc1 +c1")
	f.Add(uint8(1), "c3-d4 c5-d6 e5-f4 e3-d2 d4-c3")
	f.Add(uint8(2), "c3-d4 c5-d6 e5-f4 d4-e3 +a1 pass")
	f.Add(uint8(0), "d2-c3 d6-e5 c1-d2 e7-d6 b1-c2 c7-b6 c3-b4xc2")
	f.Fuzz(func(t *testing.T, kind uint8, tokens string) {
		k := randomKinds[int(kind)%len(randomKinds)]
		rg, err := k.kind.NewGame(k.opts)
		if err != nil {
			t.Fatal(err)
		}
		g := rg.(*Game)
		for _, tok := range strings.Fields(tokens) {
			n := g.Plies() + 1
			before := *g
			legal := g.Legal()
			err := rules.PlayToken(g, tok)
			if err != nil {
				var e *rules.Error
				if !errors.As(err, &e) || msgOf(e) == "" || e.Ply != n {
					t.Fatalf("%q: %#v is not a *rules.Error for ply %d", tok, err, n)
				}
				if g.board != before.board || g.Plies() != before.Plies() || g.toMove != before.toMove {
					t.Fatalf("refused %q changed the game", tok)
				}
				continue
			}
			if !sameAsLegal(&before, g, legal) {
				t.Fatalf("%q was accepted, but no ply Legal lists gives that position\n%s", tok, english(before.Board()))
			}
			_ = english(g.Board())
		}
	})
}

// sameAsLegal reports whether one of the legal plies of before gives the
// position of after.
func sameAsLegal(before, after *Game, legal []rules.Ply) bool {
	for _, p := range legal {
		c := *before
		c.history = before.history[:len(before.history):len(before.history)]
		if c.Play(p) != nil || c.board != after.board || c.toMove != after.toMove || c.outcome.Over != after.outcome.Over {
			continue
		}
		same := true
		for s := range maxSeats {
			a, b := &c.owed[s], &after.owed[s]
			same = same && a.rows == b.rows && a.n == b.n && a.spent == b.spent
		}
		if same {
			return true
		}
	}
	return false
}
