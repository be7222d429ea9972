package pinuid

import (
	"pbem/rules"
)

// Eliminate implements rules.Eliminator: in Quatro a seat that resigns or
// runs out of time is eliminated as the rules eliminate a seat (its pins
// stay as obstacles, it is skipped), and the others play on. The leaving
// is a ply of the history, written s3:resign or s3:time.
func (g *Game) Eliminate(s rules.Seat, why rules.Leaving) error {
	return g.Play(&Ply{action: leave, seat: s, why: why})
}

// playLeave takes a seat out of play. Any seat in play may leave, whoever
// is to move; when it was to move, the turn goes on to the next seat, and
// when one seat is left, that seat wins.
func (g *Game) playLeave(n int, p Ply) error {
	tok := p.String()
	switch {
	case !g.quatro:
		return rules.Fail(n, tok, "rule.leaving", "pinuid.classic_no_leave", nil)
	case p.seat < 0 || int(p.seat) >= g.Seats():
		return rules.Fail(n, tok, "rule.leaving", "pinuid.leave_no_seat", rules.Args{"Token": tok, "Seats": g.Seats()})
	case g.eliminated[p.seat]:
		return rules.Fail(n, tok, "rule.leaving", "pinuid.leave_already_out", rules.Args{"Seat": g.SeatMsg(p.seat)})
	}
	if p.why != rules.Resigned && p.why != rules.TimedOut {
		return rules.Fail(n, tok, "rule.leaving", "pinuid.leave_how", rules.Args{"Token": tok})
	}
	pp := p
	g.history = append(g.history, &pp)
	g.lastMover = p.seat
	g.eliminated[p.seat] = true
	g.eliminatedAt[p.seat] = len(g.history)
	g.left[p.seat] = p.why
	g.owed[p.seat] = rowList{}
	if last, ok := g.lastStanding(); ok {
		g.toMove = last
		g.outcome = rules.Outcome{Over: true, Winners: []rules.Seat{last}, Reason: rules.LastStanding,
			Detail: rules.M("detail.all_left", nil)}
		return nil
	}
	if p.seat == g.toMove {
		g.begin(g.next(p.seat))
	}
	g.settle()
	return nil
}
