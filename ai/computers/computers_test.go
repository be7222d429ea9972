package computers

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/rules"
	"pbem/rules/games"
)

// smallBudget caps the node budget of every level above 1 so that the test
// runs in seconds; the levels' own budgets only search longer the same way.
const smallBudget = 1500

// snapshot is what Think must leave as it was.
type snapshot struct {
	board  string
	plies  int
	legal  string
	roll   string
	toMove rules.Seat
}

func snap(g rules.Game) snapshot {
	s := snapshot{board: g.Board().String(), plies: g.Plies(), legal: fmt.Sprint(g.Legal()), toMove: g.ToMove()}
	if r, ok := g.(rules.Roller); ok {
		faces, set := r.Roll()
		s.roll = fmt.Sprint(faces, set)
	}
	return s
}

// TestEveryLevelPlaysLegalPlies plays seeded games of every kind at every
// level, each seat's ply chosen by the kind's engine: every ply must be one
// the rules list and accept, and Think must leave the game it is given
// unchanged.
func TestEveryLevelPlaysLegalPlies(t *testing.T) {
	for _, e := range games.All() {
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			engine := For(e.Kind)
			games, maxPlies := 2, 40
			if e.Kind.Name == "Pente" {
				// Long games of 361 points; the greedy player tries them all.
				games, maxPlies = 1, 16
			}
			for lvl := ai.MinLevel; lvl <= ai.MaxLevel; lvl++ {
				for i := range games {
					seed := uint64(lvl*100 + i)
					playOne(t, e, engine, lvl, seed, maxPlies)
				}
			}
		})
	}
}

// playOne plays one game at level lvl with a short random opening.
func playOne(t *testing.T, e games.Entry, engine ai.Engine, lvl int, seed uint64, maxPlies int) {
	t.Helper()
	g, err := e.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	opening := rng.IntN(5)
	set := ai.Settings{Level: lvl, Seed: seed}
	if lvl >= 2 {
		set.Nodes = smallBudget
	}
	for g.Plies() < maxPlies && !g.Outcome().Over {
		if r, ok := g.(rules.Roller); ok {
			if err := r.SetRoll(r.RollFor(seed, g.Plies()+1)); err != nil {
				t.Fatal(err)
			}
		}
		legal := g.Legal()
		if g.Plies() < opening {
			if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
			continue
		}
		before := snap(g)
		th, err := engine.Think(context.Background(), g, set)
		if err != nil {
			t.Fatalf("level %d, seed %d, ply %d: %v\n%s", lvl, seed, g.Plies()+1, err, g.Board())
		}
		if after := snap(g); after != before {
			t.Fatalf("level %d, seed %d, ply %d: Think changed the game:\n%s\nbecame\n%s", lvl, seed, g.Plies()+1, before.board, after.board)
		}
		tok := th.Ply.String()
		if !slices.ContainsFunc(legal, func(p rules.Ply) bool { return p.String() == tok }) {
			t.Fatalf("level %d, seed %d, ply %d: %s is not among the legal plies %v\n%s", lvl, seed, g.Plies()+1, tok, legal, g.Board())
		}
		if err := g.Play(th.Ply); err != nil {
			t.Fatalf("level %d, seed %d: %v\n%s", lvl, seed, err, g.Board())
		}
	}
}

// TestEngines: every game has an engine of its own; none falls back to
// the greedy player.
func TestEngines(t *testing.T) {
	for _, e := range games.All() {
		if _, isGreedy := For(e.Kind).(greedy.Engine); isGreedy {
			t.Errorf("%s: plays with the greedy engine", e.Name)
		}
	}
}

// TestThinkRefuses checks the errors of a finished game, a game of another
// family and a Dobbal turn without its roll.
func TestThinkRefuses(t *testing.T) {
	for _, name := range []string{"pinuid", "quatro", "dobbal"} {
		e, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		engine := For(e.Kind)
		if name == "dobbal" {
			if _, err := engine.Think(context.Background(), g, ai.Settings{}); err == nil {
				t.Errorf("%s: Think without a roll gave no error", name)
			}
		}
		pente, _ := games.Lookup("pente")
		other, _ := pente.New(nil)
		if _, err := engine.Think(context.Background(), other, ai.Settings{}); err == nil {
			t.Errorf("%s: Think on a Pente game gave no error", name)
		}
		if _, err := engine.Think(context.Background(), g, ai.Settings{Level: 9}); err == nil {
			t.Errorf("%s: Think at level 9 gave no error", name)
		}
	}
	e, _ := games.Lookup("pinuid")
	g, _ := e.New(nil)
	for _, tok := range []string{"c1-b2", "b7-c6", "b1-c2xb2", "f7-e6xd6", "f1-e2xd2", "c7-d6xc6", "e1-d2xc2"} {
		if err := rules.PlayToken(g, tok); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Outcome().Over {
		t.Fatalf("the game should be over:\n%s", g.Board())
	}
	if _, err := For(e.Kind).Think(context.Background(), g, ai.Settings{}); err == nil {
		t.Error("Think on a finished game gave no error")
	}
}
