package pinuid

import (
	"strings"
	"testing"

	"pbem/rules"
)

// TestQuatroLeaving plays a four-seat game in which seat 3 resigns out of
// turn, seat 4 runs out of time on its turn and seat 2 resigns: the
// others play on, skipping the seats that left, and seat 1 wins as the
// last seat standing.
func TestQuatroLeaving(t *testing.T) {
	rg, err := Quatro.NewGame(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(*Game)
	var _ rules.Eliminator = g
	play(t, g, "c3-d4") // seat 1; seat 2 to move
	if err := g.Eliminate(2, rules.Resigned); err != nil {
		t.Fatal(err)
	}
	if g.ToMove() != 1 || !g.Eliminated(2) || rules.InPlay(g, 2) {
		t.Fatalf("after seat 3 resigned: %v to move, seat 3 eliminated %v", g.ToMove(), g.Eliminated(2))
	}
	if got := g.History()[1].String(); got != "s3:resign" {
		t.Errorf("history token %q", got)
	}
	if !strings.Contains(english(g.Board()), "resigned at ply 2") {
		t.Errorf("board does not say seat 3 resigned:\n%s", english(g.Board()))
	}
	play(t, g, "c5-d6") // seat 2; seat 3 is skipped
	if g.ToMove() != 3 {
		t.Fatalf("seat %v to move after seat 2, want seat 4", g.ToMove().Number())
	}
	play(t, g, "s4:time") // seat 4 on its turn, replayed from its token
	if g.ToMove() != 0 || !g.Eliminated(3) {
		t.Fatalf("after seat 4 ran out of time: %v to move", g.ToMove())
	}
	refused(t, g, "s4:resign") // out already
	refused(t, g, "s5:resign") // no such seat
	c := g.Clone()
	if err := c.(*Game).Eliminate(1, rules.Resigned); err != nil {
		t.Fatal(err)
	}
	o := c.Outcome()
	if !o.Over || !o.Won(0) || o.Reason != rules.LastStanding || o.Result(4) != "1-0-0-0" {
		t.Errorf("outcome after seat 2 resigned: %+v", o)
	}
	if g.Outcome().Over || g.Eliminated(1) {
		t.Errorf("the clone's leaving changed the original")
	}
	refused(t, c.(*Game), "a1-b2") // the game is over
}

func TestClassicCannotEliminate(t *testing.T) {
	rg, err := Classic.NewGame(rules.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := rg.(*Game)
	if err := g.Eliminate(1, rules.Resigned); err == nil {
		t.Fatal("Classic eliminated a seat")
	}
	if g.Plies() != 0 {
		t.Errorf("a refused leaving entered the history")
	}
	e := refused(t, g, "s1:resign")
	if ruleOf(e) != "leaving" {
		t.Errorf("rule %q", ruleOf(e))
	}
}
