package dobbal

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pbem/rules"
)

// plyCap ends a random game that neither side has won and the no-progress
// limit has not drawn.
const plyCap = 1000

// randomGame plays a seeded game with the service's rolls: the roll of each
// ply from RollFor, then a random turn, a doubles choice half the time one
// is offered. With fromLegal the turn is drawn from Legal; otherwise it is
// built step by step at random, then replaced by a turn playing more steps
// as long as there is one (far cheaper than listing them all). check runs
// after every ply.
func randomGame(tb testing.TB, opts rules.Options, seed uint64, fromLegal bool, check func(g *Game)) *Game {
	tb.Helper()
	g0, err := Kind.NewGame(opts)
	if err != nil {
		tb.Fatal(err)
	}
	g := g0.(*Game)
	_, faces := g.Dice()
	rng := rand.New(rand.NewPCG(seed, 7))
	for !g.Outcome().Over && g.Plies() < plyCap {
		if err := g.SetRoll(RollFor(seed, g.Plies()+1, faces)); err != nil {
			tb.Fatal(err)
		}
		var pick rules.Ply
		if fromLegal {
			legal := g.Legal()
			if len(legal) == 0 {
				tb.Fatalf("seed %d ply %d: no legal ply\n%s", seed, g.Plies()+1, english(g.Board()))
			}
			pick = legal[rng.IntN(len(legal))]
			if t := legal[0].(*Turn); t.Action != Move && rng.IntN(2) == 0 {
				pick = legal[0]
			}
		} else {
			t := randomTurn(g, rng)
			pick = &t
		}
		if err := g.Play(pick); err != nil {
			tb.Fatalf("seed %d: Play refused %s: %v\n%s", seed, pick, err, english(g.Board()))
		}
		check(g)
	}
	return g
}

// randomTurn builds a legal turn for the roll set: a random doubles choice
// half the time doubles offer one; else a random order of the movement dice
// and a random move for each step that has one, replaced by a fuller turn
// while the roll allows more steps.
func randomTurn(g *Game, rng *rand.Rand) Turn {
	me, roll := g.ToMove(), g.roll
	if roll[0] == roll[1] && rng.IntN(2) == 0 {
		if choices := g.appendDoubles(me, roll, nil); len(choices) > 0 {
			return choices[rng.IntN(len(choices))]
		}
	}
	all, n := orders(roll)
	t := Turn{Faces: all[rng.IntN(n)], Action: Move, Square: None}
	q := g.pos
	var buf [maxPinSteps]Step
	for i := range t.Steps {
		moves := orSkip(q.stepsFor(i, me, int(t.Faces[i]), buf[:0]))
		t.Steps[i] = moves[rng.IntN(len(moves))]
		q.move(t.Steps[i])
	}
	for t.played() < 3 {
		better, ok := g.pos.fuller(me, roll[0], roll[1], roll[2], t.played())
		if !ok {
			break
		}
		t = better
	}
	return t
}

// checkInvariants checks what every position must satisfy.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	var on [2]int
	games := 0
	for sq := range Square(N) {
		switch g.pos.board[sq] {
		case whitePin:
			on[0]++
		case blackPin:
			on[1]++
		case gamePiece:
			games++
			if sq != g.pos.gamePin {
				t.Fatalf("ply %d: the game pin stands on %s but is recorded on %s", g.Plies(), sq, g.pos.gamePin)
			}
		case empty:
		default:
			t.Fatalf("ply %d: %s holds an unknown piece %d", g.Plies(), sq, g.pos.board[sq])
		}
	}
	if games != 1 {
		t.Fatalf("ply %d: %d game pins on the board", g.Plies(), games)
	}
	for s := range 2 {
		if off := int(g.pos.off[s]); on[s]+off != pinsPerSeat || off < 0 || off > maxOff {
			t.Fatalf("ply %d: %s has %d pins on the board and %d off", g.Plies(), seatNames[s], on[s], off)
		}
	}
	if _, set := g.Roll(); set {
		t.Fatalf("ply %d: the roll is still set", g.Plies())
	}
	if g.quiet > g.limit {
		t.Fatalf("ply %d: %d plies without progress, beyond the limit %d", g.Plies(), g.quiet, g.limit)
	}
}

// TestRandomGames plays a thousand seeded games per faces option, one in
// twenty drawing every turn from Legal: none panics, every position keeps the
// invariants, a clone is independent, the record of each game replays to
// the same end without rolls, and a game ends by a win or the no-progress
// draw.
func TestRandomGames(t *testing.T) {
	games, everyLegal := 1000, 20 // every 20th game draws from Legal
	if testing.Short() {
		games = 100
	}
	for _, faces := range []string{"3", "6"} {
		opts := rules.Options{"faces": faces}
		var wins, draws, plies int
		for seed := range uint64(games) {
			g := randomGame(t, opts, seed, seed%uint64(everyLegal) == 0, func(g *Game) {
				checkInvariants(t, g)
				if g.Plies()%50 == 25 && !g.Outcome().Over {
					checkClone(t, g)
				}
			})
			plies += g.Plies()
			checkBoardLines(t, english(g.Board()))
			o := g.Outcome()
			switch {
			case o.Over && o.Reason == rules.BaseLine:
				wins++
			case o.Over && o.Reason == rules.NoProgress:
				draws++
			case o.Over:
				t.Fatalf("faces=%s seed %d: ended by %q", faces, seed, o.Reason)
			}
			if seed%10 == 0 {
				checkReplay(t, opts, g)
			}
		}
		t.Logf("faces=%s: %d games of %d plies on average: %d won, %d drawn, %d at the cap of %d plies",
			faces, games, plies/games, wins, draws, games-wins-draws, plyCap)
		if wins == 0 {
			t.Errorf("faces=%s: no random game was won", faces)
		}
	}
}

// checkClone plays a ply on a clone and checks that the original did not
// change.
func checkClone(t testing.TB, g *Game) {
	t.Helper()
	board, plies := english(g.Board()), g.Plies()
	c := g.Clone().(*Game)
	_, faces := c.Dice()
	if err := c.SetRoll(RollFor(0, plies+1, faces)); err != nil {
		t.Fatal(err)
	}
	legal := c.Legal()
	if err := c.Play(legal[len(legal)-1]); err != nil {
		t.Fatalf("clone refused its own legal ply: %v", err)
	}
	if english(g.Board()) != board || g.Plies() != plies {
		t.Fatalf("playing on a clone changed the original at ply %d", plies)
	}
}

// checkReplay replays g's record from its tokens without rolls, as a record
// reader does, and expects the same position and outcome.
func checkReplay(t testing.TB, opts rules.Options, g *Game) {
	t.Helper()
	r0, err := Kind.NewGame(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range g.History() {
		if err := rules.PlayToken(r0, p.String()); err != nil {
			t.Fatalf("replaying %s: %v", p, err)
		}
	}
	r := r0.(*Game)
	if english(r.Board()) != english(g.Board()) || !slices.Equal(r.Outcome().Winners, g.Outcome().Winners) || r.Outcome().Reason != g.Outcome().Reason {
		t.Fatalf("the replay ends elsewhere:\n%s\nwant\n%s", english(r.Board()), english(g.Board()))
	}
}
