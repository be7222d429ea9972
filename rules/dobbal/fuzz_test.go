package dobbal

import (
	"strings"
	"testing"

	"pbem/rules"
)

// FuzzParse: any token either parses to a turn whose canonical token reads
// back to itself, or gives a *rules.Error with a message; never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"213:c2-c4:d2-d3:e2-e5", "312:c2-f5:-:e2-e1", "113:xd7", "113:+c1", "333:-:-:-",
		"", ":", "::::", "2:", "113:x", "113:+", "213:c2-:d2-d3:e2-e5", "999:a1-a9:-:-",
		"616:a1-a7:-:g1-g7", "213:C2-C4:D2-D3:E2-E5", "1\x003:xd7", "213:c2-c4:d2-d3:e2-e5:",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, tok string, six bool) {
		opts := rules.Options{}
		if six {
			opts["faces"] = "6"
		}
		g := New(opts)
		p, err := g.Parse(tok)
		if err != nil {
			ruleOf(t, err)
			return
		}
		canon := p.String()
		q, err := g.Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) = %s, which does not parse: %v", tok, canon, err)
		}
		if q.String() != canon || *q.(*Turn) != *p.(*Turn) {
			t.Fatalf("Parse(%q) = %s, which reads back as %s", tok, canon, q)
		}
	})
}

// FuzzPlayTokens: any sequence of tokens, played from the setup with and
// without rolls, never panics, and every position reached keeps the
// invariants.
func FuzzPlayTokens(f *testing.F) {
	f.Add("213:c2-c4:d2-d3:e2-e5 113:xc4 113:+c1", uint64(0))
	f.Add("113:xd7 221:+d7 113:xd7 113:xe7 113:xc7 113:xc6", uint64(1))
	f.Add("111:c2-c3:d2-d1:e2-e3 x y 213:-:-:-", uint64(2))
	f.Fuzz(func(t *testing.T, text string, seed uint64) {
		toks := strings.Fields(text)
		if len(toks) > 64 {
			toks = toks[:64]
		}
		for _, rolled := range []bool{false, true} {
			g := New(rules.Options{})
			for _, tok := range toks {
				if rolled && !g.Outcome().Over {
					if err := g.SetRoll(RollFor(seed, g.Plies()+1, 3)); err != nil {
						t.Fatal(err)
					}
				}
				err := rules.PlayToken(g, tok)
				if err != nil {
					ruleOf(t, err)
					g.roll = [3]int8{}
				}
				checkInvariants(t, g)
				_ = english(g.Board())
			}
		}
	})
}
