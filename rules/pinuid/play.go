package pinuid

import (
	"strings"

	"pbem/rules"
)

// Play implements rules.Game. It accepts a Ply or a *Ply.
func (g *Game) Play(ply rules.Ply) error {
	n := len(g.history) + 1
	p, err := plyOf(n, ply)
	if err != nil {
		return err
	}
	if g.outcome.Over {
		return rules.Fail(n, p.String(), "rule.game_over", "rules.game_over", rules.Args{"End": g.end()})
	}
	if p.action != leave {
		if err := g.check(n, p); err != nil {
			return err
		}
	}
	next := *g
	if err := next.apply(n, p); err != nil {
		return err
	}
	*g = next
	return nil
}

// check refuses squares off the board and steps of the wrong shape: what
// Parse refuses, for plies that did not come from Parse.
func (g *Game) check(n int, p Ply) error {
	geo := g.geo
	for i := -2; i < int(p.n); i++ {
		s := p.to
		switch {
		case i == -2 && p.action == step:
			s = p.from
		case i >= 0:
			s = p.removals[i]
		}
		if !geo.contains(s) {
			return rules.Fail(n, p.String(), "rule.notation", "pinuid.off_board", rules.Args{"Square": s.String(), "Files": geo.files, "Ranks": geo.ranks})
		}
	}
	if p.action == step {
		if msg, suggest, bad := g.stepShape(p.from, p.to); bad {
			e := rules.Fail(n, p.String(), "rule.diagonal_step", msg.Code, msg.Args)
			e.Suggest = suggest
			return e
		}
	}
	return nil
}

// apply plays p for the seat to move, or says which rule it breaks. It
// changes g even when it fails; Play applies it to a copy.
func (g *Game) apply(n int, p Ply) error {
	if p.action == leave {
		return g.playLeave(n, p)
	}
	s := g.toMove
	t := g.turn(s)
	var err error
	switch {
	case t == turnStep && p.action == step:
		err = g.playStep(n, s, p)
	case t == turnPay && p.action == remove:
		err = g.playOwed(n, s, p)
	case t == turnEnter && p.action == enter:
		err = g.playEnter(n, s, p)
	case t == turnPass && p.action == pass:
	default:
		err = g.wrongTurn(n, s, t, p)
	}
	if err != nil {
		return err
	}
	pp := p
	g.history = append(g.history, &pp)
	g.lastMover = s
	if p.n > 0 || p.action == enter {
		g.quiet = 0
	} else {
		g.quiet++
	}
	if g.pins[s] <= 2 {
		g.outcome = rules.Outcome{Over: true, Winners: []rules.Seat{s}, Reason: rules.TwoPins,
			Detail: rules.M("detail.squares", rules.Args{"Squares": strings.Join(g.pinNames(s), " ")})}
		return nil
	}
	g.begin(g.next(s))
	g.settle()
	return nil
}

// playStep moves the pin and takes off the pins named, one at a time,
// against the rows the step made. Rows left without their removal are owed
// on the seat's next turn (the forgot rule).
func (g *Game) playStep(n int, s rules.Seat, p Ply) error {
	mark := int8(s) + 1
	tok := p.String()
	switch who := g.board[p.from]; {
	case who == 0:
		return rules.Fail(n, tok, "rule.own_pin", "pinuid.from_empty", rules.Args{"Square": p.from.String()})
	case who != mark:
		return rules.Fail(n, tok, "rule.own_pin", "pinuid.from_other", rules.Args{"Square": p.from.String(), "Pin": g.pinOf(p.from)})
	}
	if g.board[p.to] != 0 {
		return rules.Fail(n, tok, "rule.empty_square", "pinuid.to_taken", rules.Args{"Square": p.to.String(), "Pin": g.pinOf(p.to)})
	}
	l := g.move(mark, p.from, p.to)
	if err := g.takeOff(n, tok, s, &l, p.removals[:p.n], false); err != nil {
		return err
	}
	g.owed[s] = l
	return nil
}

// playOwed pays the removals owed from the seat's last step: the whole
// turn, and it must pay them all.
func (g *Game) playOwed(n int, s rules.Seat, p Ply) error {
	tok := p.String()
	l := g.owed[s]
	if err := g.takeOff(n, tok, s, &l, p.removals[:p.n], true); err != nil {
		return err
	}
	if l.owing() > 0 {
		return rules.Fail(n, tok, "rule.forgot", "pinuid.owed_unpaid", rules.Args{"Token": tok, "Count": l.owing(), "Rows": l.rowNames(true)})
	}
	g.owed[s] = rowList{}
	return nil
}

// takeOff removes the pins on squares in order, each from a row of l that
// has not had its removal yet and never the pin that made the rows.
// owed says the rows are from the seat's previous step.
func (g *Game) takeOff(n int, tok string, s rules.Seat, l *rowList, squares []Square, owed bool) error {
	mark := int8(s) + 1
	var q0 string
	fail := func(code rules.Code, args rules.Args) error {
		args["Square"] = q0
		return rules.Fail(n, tok, "rule.removal", code, args)
	}
	for i, q := range squares {
		q0 = q.String()
		switch who := g.board[q]; {
		case l.n == 0:
			return fail("pinuid.no_row", rules.Args{"From": tokFrom(tok), "To": l.moved.String()})
		case hasSquare(squares[:i], q):
			return fail("pinuid.named_twice", rules.Args{})
		case l.owing() == 0:
			return fail("pinuid.one_too_many", rules.Args{"Count": int(l.n), "Rows": l.spentNames()})
		case who == 0:
			return fail("pinuid.remove_empty", rules.Args{})
		case who != mark:
			return fail("pinuid.remove_other", rules.Args{"Pin": g.pinOf(q)})
		case q == l.moved:
			mover := rules.M("pinuid.mover_just_moved", nil)
			if owed {
				mover = rules.M("pinuid.mover_made_row", nil)
			}
			if i, ok := l.openWith(q); ok {
				return fail("pinuid.remove_mover_row", rules.Args{"Mover": mover, "Row": l.rows[i].String()})
			}
			return fail("pinuid.remove_mover", rules.Args{"Mover": mover, "Count": l.owing(), "Rows": l.rowNames(true)})
		}
		if _, ok := l.openWith(q); !ok {
			for i := range int(l.n) {
				if l.rows[i].has(q) {
					return fail("pinuid.row_spent", rules.Args{"Row": l.rows[i].String(), "By": l.by[i].String(), "Count": l.owing(), "Rows": l.rowNames(true)})
				}
			}
			return fail("pinuid.not_in_rows", rules.Args{"Count": l.owing(), "Rows": l.rowNames(true)})
		}
		g.board[q] = 0
		g.pins[s]--
		g.off[s]++
		l.spend(q)
	}
	return nil
}

func hasSquare(squares []Square, s Square) bool {
	for _, q := range squares {
		if q == s {
			return true
		}
	}
	return false
}

// tokFrom is the from-square of a step token, for messages.
func tokFrom(tok string) string {
	from, _, _ := strings.Cut(tok, "-")
	return from
}

// playEnter puts a removed pin back on an empty square of the base line.
func (g *Game) playEnter(n int, s rules.Seat, p Ply) error {
	tok := p.String()
	base := g.setup.seats[s].base
	switch {
	case p.to.Rank() != base-1:
		return rules.Fail(n, tok, "rule.reentry", "pinuid.enter_off_base", rules.Args{"Square": p.to.String(), "Rank": base, "Example": g.firstBaseRoom(s).String()})
	case g.board[p.to] != 0:
		return rules.Fail(n, tok, "rule.reentry", "pinuid.enter_taken", rules.Args{"Square": p.to.String(), "Pin": g.pinOf(p.to), "Rank": base, "Example": g.firstBaseRoom(s).String()})
	}
	g.board[p.to] = int8(s) + 1
	g.pins[s]++
	g.off[s]--
	return nil
}

// firstBaseRoom is the first empty square of seat s's base line.
func (g *Game) firstBaseRoom(s rules.Seat) Square {
	base := g.setup.seats[s].base
	for f := range g.geo.files {
		if q := at(f, base-1); g.board[q] == 0 {
			return q
		}
	}
	return at(0, base-1)
}

// wrongTurn explains why a ply of p's kind is not this turn's kind.
func (g *Game) wrongTurn(n int, s rules.Seat, t turn, p Ply) error {
	tok := p.String()
	example := ""
	if legal := g.Legal(); len(legal) > 0 {
		example = legal[0].String()
	}
	switch t {
	case turnPay:
		l := &g.owed[s]
		return rules.Fail(n, tok, "rule.forgot", "pinuid.still_owe", rules.Args{"Owed": l.owed(), "Example": example})
	case turnEnter:
		return rules.Fail(n, tok, "rule.stagnation", "pinuid.must_enter", rules.Args{"Rank": g.setup.seats[s].base, "Example": example})
	case turnPass:
		return rules.Fail(n, tok, "rule.blocked", "pinuid.must_pass", nil)
	}
	switch p.action {
	case remove:
		return rules.Fail(n, tok, "rule.forgot", "pinuid.owe_nothing", nil)
	case pass:
		return rules.Fail(n, tok, "rule.pass", "pinuid.can_step", rules.Args{"Example": example})
	}
	// A re-entry on a turn that steps.
	switch {
	case g.quatro:
		return rules.Fail(n, tok, "rule.stagnation", "pinuid.quatro_no_reentry", nil)
	case !g.oneColour(s):
		return rules.Fail(n, tok, "rule.stagnation", "pinuid.both_colours", nil)
	case g.off[s] == 0:
		return rules.Fail(n, tok, "rule.stagnation", "pinuid.none_off", rules.Args{"Example": example})
	}
	return rules.Fail(n, tok, "rule.stagnation", "pinuid.base_full", rules.Args{"Rank": g.setup.seats[s].base, "Example": example})
}

// pinOf names the pin on s for messages: "your own pin", "Black's pin",
// "Seat 2's pin (eliminated, an obstacle now)".
func (g *Game) pinOf(s Square) rules.Msg {
	who := rules.Seat(g.board[s] - 1)
	switch {
	case who == g.toMove:
		return rules.M("pinuid.pin_own", nil)
	case g.eliminated[who]:
		return rules.M("pinuid.pin_eliminated", rules.Args{"Seat": g.SeatMsg(who)})
	}
	return rules.M("pinuid.pin_of", rules.Args{"Seat": g.SeatMsg(who)})
}

// pinNames lists seat s's squares in board order.
func (g *Game) pinNames(s rules.Seat) []string {
	var names []string
	for r := range g.geo.ranks {
		for f := range g.geo.files {
			if q := at(f, r); g.board[q] == int8(s)+1 {
				names = append(names, q.String())
			}
		}
	}
	return names
}

// end says how the game ended, for messages.
func (g *Game) end() rules.Msg {
	o := g.outcome
	switch o.Reason {
	case rules.TwoPins:
		return rules.M("pinuid.end_two_pins", rules.Args{"Seat": g.SeatMsg(o.Winners[0]), "Pins": o.Detail})
	case rules.LastStanding:
		return rules.M("pinuid.end_last", rules.Args{"Seat": g.SeatMsg(o.Winners[0])})
	case rules.Stalemate:
		return rules.M("pinuid.end_stalemate", nil)
	}
	return rules.M("pinuid.end_quiet", rules.Args{"Count": g.quiet, "Progress": g.progressMsg()})
}
