package pente

import (
	"reflect"
	"testing"

	"pbem/rules"
)

// TestResetIsNew: a game set up afresh in place is the game New sets up,
// whatever was played on it before and whatever its options were.
func TestResetIsNew(t *testing.T) {
	plies := []string{"K10", "L9", "K13", "L11", "K12", "L10", "K11"}
	for _, v := range []string{"pente", "keryo", "gomoku", "g-pente", "boat", "poof"} {
		for _, tour := range []string{"on", "off"} {
			o, err := Kind.Complete(rules.Options{"variant": v, "tournament": tour})
			if err != nil {
				t.Fatal(err)
			}
			g := New(rules.Options{"variant": "keryo", "tournament": "off"})
			for _, tok := range plies {
				p, err := g.Parse(tok)
				if err == nil {
					err = g.Play(p)
				}
				if err != nil {
					t.Fatalf("%s: %v", tok, err)
				}
			}
			g.Reset(o)
			if want := New(o); !reflect.DeepEqual(g, want) {
				t.Errorf("%s tournament=%s: reset gives\n%+v\nwant\n%+v", v, tour, g, want)
			}
		}
	}
}
