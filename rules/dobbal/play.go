package dobbal

import (
	"fmt"

	"pbem/rules"
)

// Play implements rules.Game. It takes a *Turn (as Parse and Legal give) or
// a Turn.
func (g *Game) Play(ply rules.Ply) error {
	n := len(g.history) + 1
	var t Turn
	switch p := ply.(type) {
	case *Turn:
		if p == nil {
			return rules.Errorf(n, "", "notation", "the ply is empty; a turn reads like %s", example)
		}
		t = *p
	case Turn:
		t = p
	default:
		return rules.Errorf(n, fmt.Sprint(ply), "notation", "%v is not a Pinuid Dobbal ply; a turn reads like %s", ply, example)
	}
	if g.outcome.Over {
		return rules.Errorf(n, t.String(), "game over", "the game is over: %s", g.describeEnd())
	}
	if err := g.checkForm(n, &t); err != nil {
		return err
	}
	if err := g.checkRoll(n, &t); err != nil {
		return err
	}
	next, err := g.checkRules(n, &t)
	if err != nil {
		return err
	}
	g.apply(t, next)
	return nil
}

// checkRoll refuses a turn whose dice differ from the roll set, if any; the
// movement dice may be used in either order.
func (g *Game) checkRoll(n int, t *Turn) error {
	if !g.rollSet() {
		return nil
	}
	a, b := t.moveDice()
	r := g.roll
	if t.gameDie() == r[2] && (a == r[0] && b == r[1] || a == r[1] && b == r[0]) {
		return nil
	}
	tok := t.String()
	return rules.Errorf(n, tok, "roll rule", "the roll is %s, but %s uses %s (roll rule)",
		rollText(r), tok, rollText([3]int8{a, b, t.gameDie()}))
}

// rollText describes a roll given as [movement, movement, game].
func rollText(r [3]int8) string {
	return fmt.Sprintf("movement dice %d and %d, game die %d", r[0], r[1], r[2])
}

// checkRules checks a well-formed turn against the position and returns the
// position it leads to.
func (g *Game) checkRules(n int, t *Turn) (position, error) {
	me := g.ToMove()
	q := g.pos
	bad := func(rule, format string, args ...any) (position, error) {
		return q, rules.Errorf(n, t.String(), rule, format, args...)
	}
	switch t.Action {
	case Remove:
		opp := 1 - me
		switch {
		case q.off[opp] >= maxOff:
			return bad("doubles rule", "%s already has %d pins off the board, so no more of them may be removed (doubles rule)", g.SeatName(opp), q.off[opp])
		case q.board[t.Square] != pinOf(opp):
			return bad("doubles rule", "there is no %s pin on %s to remove: %s (doubles rule)", g.SeatName(opp), t.Square, g.holds(t.Square))
		}
		q.board[t.Square] = empty
		q.off[opp]++
		return q, nil
	case Reenter:
		rank := baseRank[me]
		switch {
		case q.off[me] == 0:
			return bad("doubles rule", "%s has no pins off the board to put back (doubles rule)", g.SeatName(me))
		case t.Square.Rank() != rank:
			return bad("doubles rule", "%s is not on %s's base line: a pin goes back on an empty square of rank %d (doubles rule)", t.Square, g.SeatName(me), rank+1)
		case q.board[t.Square] != empty:
			return bad("doubles rule", "%s is not empty: %s, and a pin goes back only on an empty square (doubles rule)", t.Square, g.holds(t.Square))
		}
		q.board[t.Square] = pinOf(me)
		q.off[me]--
		return q, nil
	}
	for i, s := range t.Steps {
		k := int(t.Faces[i])
		if s.Skipped() {
			var buf [maxPinSteps]Step
			if moves := q.stepsFor(i, me, k, buf[:0]); len(moves) > 0 {
				return bad("obligation to play", "the %s is skipped, but %s can be played, and a step that can be played must be played (obligation to play)", stepNames[i], moves[0])
			}
			continue
		}
		if err := g.checkStep(n, t, &q, me, i, s); err != nil {
			return q, err
		}
		q.move(s)
	}
	if played := t.played(); played < 3 {
		a, b := t.moveDice()
		if better, ok := g.pos.fuller(me, a, b, t.gameDie(), played); ok {
			return bad("obligation to play", "%s plays %d of the 3 steps, but %s plays %d, and a turn must play as many steps as the roll allows (obligation to play)",
				t, played, better, better.played())
		}
	}
	return q, nil
}

// checkStep checks step i of turn t (well formed) on q, the position after
// the steps before it.
func (g *Game) checkStep(n int, t *Turn, q *position, me rules.Seat, i int, s Step) error {
	bad := func(rule, format string, args ...any) error {
		return rules.Errorf(n, t.String(), rule, format, args...)
	}
	if i == 1 {
		if s.From != q.gamePin {
			return bad("turn order", "%s does not start on the game pin, which stands on %s: the middle step always moves the game pin (turn order)", s, q.gamePin)
		}
		if !q.besideOwn(me) {
			return bad("game pin rule", "the game pin on %s is not next to any of your pins, so it cannot move (game pin rule)", q.gamePin)
		}
	} else {
		switch q.board[s.From] {
		case pinOf(me):
		case empty:
			return bad("own pin", "there is no pin on %s to move in the %s (own pin)", s.From, stepNames[i])
		case gamePiece:
			return bad("turn order", "%s holds the game pin, which moves only in the middle step; the %s moves one of your own pins (turn order)", s.From, stepNames[i])
		default:
			return bad("own pin", "%s holds a %s pin, and you move only your own %s pins (own pin)", s.From, g.SeatName(1-me), g.SeatName(me))
		}
	}
	d, dist, _ := line(s.From, s.To)
	for j := 1; j < dist; j++ {
		if sq := s.From + Square(j)*delta[d]; q.board[sq] != empty {
			return bad("no jumping", "%s passes over %s, where %s stands, and pins never jump (no jumping)", s, sq, g.pieceName(q.board[sq]))
		}
	}
	if q.board[s.To] != empty {
		return bad("occupied square", "%s ends on %s, where %s stands, and a pin moves only onto an empty square (occupied square)", s, s.To, g.pieceName(q.board[s.To]))
	}
	return nil
}

// fuller finds a turn with these dice, in either order, that plays more than
// played steps while skipping only steps that cannot be played.
func (p *position) fuller(me rules.Seat, a, b, gd int8, played int) (Turn, bool) {
	var found Turn
	ok := false
	look := func(t Turn) bool {
		if t.played() > played {
			found, ok = t, true
			return false
		}
		return true
	}
	all, n := orders([3]int8{a, b, gd})
	for _, dice := range all[:n] {
		if !p.walk(me, dice, look) {
			break
		}
	}
	return found, ok
}

// pieceName names what stands on a square for messages.
func (g *Game) pieceName(pc piece) string {
	switch pc {
	case whitePin, blackPin:
		return "a " + g.SeatName(rules.Seat(pc-1)) + " pin"
	case gamePiece:
		return "the game pin"
	}
	return "nothing"
}

// holds says what stands on sq of the current position.
func (g *Game) holds(sq Square) string {
	if g.pos.board[sq] == empty {
		return sq.String() + " is empty"
	}
	return g.pieceName(g.pos.board[sq]) + " stands there"
}

// apply plays a checked turn that leads to position next, then decides the
// outcome: the mover's win only after all three steps were played, else the
// no-progress draw.
func (g *Game) apply(t Turn, next position) {
	me := g.ToMove()
	g.pos = next
	if t.Action == Move {
		g.quiet++
	} else {
		g.quiet = 0
	}
	g.history = append(g.history, &t)
	g.roll = [3]int8{}
	if t.Action == Move && t.played() == 3 {
		if pin, ok := g.pos.win(me); ok {
			g.outcome = rules.Outcome{Over: true, Winners: []rules.Seat{me}, Reason: rules.BaseLine,
				Detail: fmt.Sprintf("game pin %s beside %s", g.pos.gamePin, pin)}
			return
		}
	}
	if g.quiet >= g.limit {
		g.outcome = rules.Outcome{Over: true, Reason: rules.NoProgress,
			Detail: fmt.Sprintf("%d plies without a removal or re-entry", g.quiet)}
	}
}

// describeEnd says how the game ended, short enough for a board line.
func (g *Game) describeEnd() string {
	o := g.outcome
	if o.Draw() {
		return "drawn: " + o.Detail
	}
	return fmt.Sprintf("%s won: %s on the base line", g.SeatName(o.Winners[0]), o.Detail)
}
