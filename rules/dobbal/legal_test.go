package dobbal

import (
	"testing"

	"pbem/rules"
)

// TestLegalAgreesWithPlay takes positions from seeded random games, sets a
// roll (every other one doubles), and tries every candidate turn: every way
// to play or skip each step in either order of the movement dice (the game
// pin moved even where the game pin rule forbids it), and every doubles
// choice on every square. Play must accept exactly the turns Legal lists,
// and Legal must list each turn once.
func TestLegalAgreesWithPlay(t *testing.T) {
	seeds := uint64(6)
	if testing.Short() {
		seeds = 2
	}
	var accepted, refused int
	for _, faces := range []string{"3", "6"} {
		opts := rules.Options{"faces": faces}
		for seed := range seeds {
			var positions []*Game
			randomGame(t, opts, seed, false, func(g *Game) {
				if g.Plies()%15 == 0 && !g.Outcome().Over {
					positions = append(positions, g.Clone().(*Game))
				}
			})
			for i, g := range positions {
				roll := RollFor(seed, g.Plies()+1, int(g.faces))
				if i%2 == 0 {
					roll[1] = roll[0]
				}
				if err := g.SetRoll(roll); err != nil {
					t.Fatal(err)
				}
				a, r := checkLegalAgrees(t, g)
				accepted, refused = accepted+a, refused+r
			}
		}
	}
	if accepted == 0 || refused == 0 {
		t.Fatalf("%d candidates accepted and %d refused: the test tried too little", accepted, refused)
	}
}

// checkLegalAgrees tries the candidates of one position with its roll set
// and counts those accepted and refused.
func checkLegalAgrees(t *testing.T, g *Game) (accepted, refused int) {
	t.Helper()
	legal := map[string]bool{}
	for _, p := range g.Legal() {
		if legal[p.String()] {
			t.Fatalf("Legal lists %s twice", p)
		}
		legal[p.String()] = true
	}
	tried := map[string]bool{}
	try := func(tn Turn) {
		tok := tn.String()
		if tried[tok] {
			return
		}
		tried[tok] = true
		err := g.Clone().Play(&tn)
		if err == nil {
			accepted++
		} else {
			refused++
		}
		if (err == nil) != legal[tok] {
			t.Fatalf("ply %d, roll %v: Play(%s) = %v, but Legal lists it: %v\n%s", g.Plies()+1, g.roll, tok, err, legal[tok], english(g.Board()))
		}
	}
	me := g.ToMove()
	all, n := orders(g.roll)
	for _, dice := range all[:n] {
		tn := Turn{Faces: dice, Square: None}
		candidates := func(q *position, i int) []Step {
			var moves []Step
			if i == 1 {
				moves = q.stepsFrom(q.gamePin, int(dice[i]), nil)
			} else {
				moves = q.pinSteps(me, int(dice[i]), nil)
			}
			return append(moves, skip)
		}
		p0 := g.pos
		for _, m0 := range candidates(&p0, 0) {
			p1 := p0
			p1.move(m0)
			for _, m1 := range candidates(&p1, 1) {
				p2 := p1
				p2.move(m1)
				for _, m2 := range candidates(&p2, 2) {
					tn.Steps = [3]Step{m0, m1, m2}
					try(tn)
				}
			}
		}
	}
	for sq := range Square(N) {
		for _, a := range []Action{Remove, Reenter} {
			try(Turn{Faces: g.roll, Action: a, Steps: noSteps, Square: sq})
		}
	}
	for tok := range legal {
		if !tried[tok] {
			t.Fatalf("Legal lists %s, which is no candidate", tok)
		}
	}
	return accepted, refused
}
