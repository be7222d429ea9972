package dobbal_test

import (
	"testing"

	"pbem/rules"
	"pbem/rules/dobbal"
	"pbem/rules/games"
)

// TestRegistered checks that players and records can name the game.
func TestRegistered(t *testing.T) {
	for _, name := range []string{"dobbal", "pinuid-dobbal", "Pinuid Dobbal", "PINUID DOBBAL"} {
		e, err := games.Lookup(name)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", name, err)
		}
		if e.Kind != dobbal.Kind || e.Name != "dobbal" || e.Title != "Pinuid Dobbal" {
			t.Fatalf("Lookup(%q) = %s (%s)", name, e.Name, e.Title)
		}
		g, err := e.New(rules.Options{"faces": "6"})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := g.(rules.Roller); !ok {
			t.Fatal("a Dobbal game is not a rules.Roller")
		}
		if back, ok := games.ForKind(g.Kind(), g.Options()); !ok || back.Name != "dobbal" {
			t.Fatalf("ForKind gives %q, %v", back.Name, ok)
		}
	}
}
