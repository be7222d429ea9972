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
			return rules.Fail(n, "", "rule.notation", "dobbal.empty_turn", rules.Args{"Example": example})
		}
		t = *p
	case Turn:
		t = p
	default:
		return rules.Fail(n, fmt.Sprint(ply), "rule.notation", "dobbal.not_a_ply", rules.Args{"Ply": fmt.Sprint(ply), "Example": example})
	}
	if g.outcome.Over {
		return rules.Fail(n, t.String(), "rule.game_over", "rules.game_over", rules.Args{"End": g.end()})
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
	return rules.Fail(n, tok, "rule.roll", "dobbal.wrong_roll", rules.Args{"Roll": rollMsg(r), "Token": tok, "Used": rollMsg([3]int8{a, b, t.gameDie()})})
}

// rollMsg describes a roll given as [movement, movement, game].
func rollMsg(r [3]int8) rules.Msg {
	return rules.M("dobbal.roll", rules.Args{"A": int(r[0]), "B": int(r[1]), "Game": int(r[2])})
}

// checkRules checks a well-formed turn against the position and returns the
// position it leads to.
func (g *Game) checkRules(n int, t *Turn) (position, error) {
	me := g.ToMove()
	q := g.pos
	bad := func(rule, code rules.Code, args rules.Args) (position, error) {
		return q, rules.Fail(n, t.String(), rule, code, args)
	}
	switch t.Action {
	case Remove:
		opp := 1 - me
		switch {
		case q.off[opp] >= maxOff:
			return bad("rule.doubles", "dobbal.max_off", rules.Args{"Seat": g.SeatMsg(opp), "Count": int(q.off[opp])})
		case q.board[t.Square] != pinOf(opp):
			return bad("rule.doubles", "dobbal.nothing_to_remove", rules.Args{"Seat": g.SeatMsg(opp), "Square": t.Square.String(), "Holds": g.holds(t.Square)})
		}
		q.board[t.Square] = empty
		q.off[opp]++
		return q, nil
	case Reenter:
		rank := baseRank[me]
		switch {
		case q.off[me] == 0:
			return bad("rule.doubles", "dobbal.none_off", rules.Args{"Seat": g.SeatMsg(me)})
		case t.Square.Rank() != rank:
			return bad("rule.doubles", "dobbal.enter_off_base", rules.Args{"Square": t.Square.String(), "Seat": g.SeatMsg(me), "Rank": int(rank) + 1})
		case q.board[t.Square] != empty:
			return bad("rule.doubles", "dobbal.enter_taken", rules.Args{"Square": t.Square.String(), "Holds": g.holds(t.Square)})
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
				return bad("rule.obligation", "dobbal.skipped", rules.Args{"Step": stepNames[i], "Move": moves[0].String()})
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
			return bad("rule.obligation", "dobbal.fuller", rules.Args{"Turn": t.String(), "Count": played, "Better": better.String(), "BetterCount": better.played()})
		}
	}
	return q, nil
}

// checkStep checks step i of turn t (well formed) on q, the position after
// the steps before it.
func (g *Game) checkStep(n int, t *Turn, q *position, me rules.Seat, i int, s Step) error {
	bad := func(rule, code rules.Code, args rules.Args) error {
		return rules.Fail(n, t.String(), rule, code, args)
	}
	if i == 1 {
		if s.From != q.gamePin {
			return bad("rule.turn_order", "dobbal.middle_step", rules.Args{"Step": s.String(), "Square": q.gamePin.String()})
		}
		if !q.besideOwn(me) {
			return bad("rule.game_pin", "dobbal.game_pin_alone", rules.Args{"Square": q.gamePin.String()})
		}
	} else {
		switch q.board[s.From] {
		case pinOf(me):
		case empty:
			return bad("rule.own_pin", "dobbal.from_empty", rules.Args{"Square": s.From.String(), "Step": stepNames[i]})
		case gamePiece:
			return bad("rule.turn_order", "dobbal.game_pin_outer", rules.Args{"Square": s.From.String(), "Step": stepNames[i]})
		default:
			return bad("rule.own_pin", "dobbal.from_other", rules.Args{"Square": s.From.String(), "Other": g.SeatMsg(1 - me), "Seat": g.SeatMsg(me)})
		}
	}
	d, dist, _ := line(s.From, s.To)
	for j := 1; j < dist; j++ {
		if sq := s.From + Square(j)*delta[d]; q.board[sq] != empty {
			return bad("rule.no_jumping", "dobbal.jump", rules.Args{"Step": s.String(), "Square": sq.String(), "Piece": g.pieceName(q.board[sq])})
		}
	}
	if q.board[s.To] != empty {
		return bad("rule.occupied_square", "dobbal.occupied", rules.Args{"Step": s.String(), "Square": s.To.String(), "Piece": g.pieceName(q.board[s.To])})
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
func (g *Game) pieceName(pc piece) rules.Msg {
	switch pc {
	case whitePin, blackPin:
		return rules.M("dobbal.piece_pin", rules.Args{"Seat": g.SeatMsg(rules.Seat(pc - 1))})
	case gamePiece:
		return rules.M("dobbal.piece_game", nil)
	}
	return rules.M("dobbal.piece_none", nil)
}

// holds says what stands on sq of the current position.
func (g *Game) holds(sq Square) rules.Msg {
	if g.pos.board[sq] == empty {
		return rules.M("dobbal.holds_empty", rules.Args{"Square": sq.String()})
	}
	return rules.M("dobbal.holds", rules.Args{"Piece": g.pieceName(g.pos.board[sq])})
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
				Detail: rules.M("detail.base_line", rules.Args{"GamePin": g.pos.gamePin.String(), "Pin": pin.String()})}
			return
		}
	}
	if g.quiet >= g.limit {
		g.outcome = rules.Outcome{Over: true, Reason: rules.NoProgress,
			Detail: rules.M("detail.quiet", rules.Args{"Count": g.quiet, "Progress": rules.M("pinuid.progress_removal_reentry", nil)})}
	}
}

// end says how the game ended, as a message.
func (g *Game) end() rules.Msg {
	o := g.outcome
	if o.Draw() {
		return rules.M("dobbal.end_draw", rules.Args{"Count": g.quiet})
	}
	args := rules.Args{"Seat": g.SeatMsg(o.Winners[0]), "GamePin": g.pos.gamePin.String(), "Pin": ""}
	if pin, ok := g.pos.win(o.Winners[0]); ok {
		args["Pin"] = pin.String()
	}
	return rules.M("dobbal.end_win", args)
}
