package pinuid

import (
	"pbem/rules"
)

// turn is what a seat's turn must be, by the rules in their order.
type turn uint8

const (
	turnStep  turn = iota // a diagonal step, with removals for the rows it makes
	turnPay               // rule 1: only the removals owed from the last step
	turnEnter             // rule 2 (Classic): a removed pin back on the base line
	turnPass              // rule 3: blocked, the seat sits out
)

// turn works out seat s's turn. In Quatro a seat whose pins share one
// colour is eliminated before its turn (begin), so only Classic re-enters.
func (g *Game) turn(s rules.Seat) turn {
	if g.owed[s].owing() > 0 {
		return turnPay
	}
	if g.mustEnter(s) {
		return turnEnter
	}
	if g.canStep(s) {
		return turnStep
	}
	return turnPass
}

// oneColour reports whether all of seat s's pins stand on squares of one
// colour, so that they can never form a row (the texts' "all pins on the
// same diagonal line").
func (g *Game) oneColour(s rules.Seat) bool {
	mark := int8(s) + 1
	seen := [2]bool{}
	for r := range g.geo.ranks {
		for f := range g.geo.files {
			if q := at(f, r); g.board[q] == mark {
				seen[q.colour()] = true
			}
		}
	}
	return seen[0] != seen[1]
}

// mustEnter reports whether Classic's stagnation rule makes seat s's turn
// a re-entry: its pins share one colour, it has a removed pin to bring
// back, and its base line has an empty square. Otherwise the seat steps.
func (g *Game) mustEnter(s rules.Seat) bool {
	return !g.quatro && g.off[s] > 0 && g.baseRoom(s) && g.oneColour(s)
}

// baseRoom reports whether seat s's base line has an empty square.
func (g *Game) baseRoom(s rules.Seat) bool {
	base := g.setup.seats[s].base
	if base == 0 {
		return false
	}
	for f := range g.geo.files {
		if g.board[at(f, base-1)] == 0 {
			return true
		}
	}
	return false
}

// canStep reports whether any of seat s's pins has an empty diagonal
// neighbour.
func (g *Game) canStep(s rules.Seat) bool {
	mark := int8(s) + 1
	for r := range g.geo.ranks {
		for f := range g.geo.files {
			q := at(f, r)
			if g.board[q] != mark {
				continue
			}
			for d := range diagonals {
				if t, ok := g.geo.neighbour(q, d); ok && g.board[t] == 0 {
					return true
				}
			}
		}
	}
	return false
}

// next is the first seat after s in turn order still in play.
func (g *Game) next(s rules.Seat) rules.Seat {
	n := g.Seats()
	for i := 1; i <= n; i++ {
		t := rules.Seat((int(s) + i) % n)
		if !g.eliminated[t] {
			return t
		}
	}
	return s
}

// begin starts seat s's turn. In Quatro a seat whose pins share one colour
// is eliminated here, at the start of its turn, and the turn goes on to the
// next seat; elimination is not a ply. The last seat in play wins.
func (g *Game) begin(s rules.Seat) {
	g.toMove = s
	for g.quatro && g.oneColour(g.toMove) {
		g.eliminated[g.toMove] = true
		g.eliminatedAt[g.toMove] = len(g.history)
		if last, ok := g.lastStanding(); ok {
			g.toMove = last
			g.outcome = rules.Outcome{Over: true, Winners: []rules.Seat{last}, Reason: rules.LastStanding,
				Detail: rules.M("detail.all_eliminated", nil)}
			return
		}
		g.toMove = g.next(g.toMove)
	}
}

// lastStanding is the only seat still in play, if just one is.
func (g *Game) lastStanding() (rules.Seat, bool) {
	var last rules.Seat
	n := 0
	for s := range rules.Seat(g.Seats()) {
		if !g.eliminated[s] {
			last, n = s, n+1
		}
	}
	return last, n == 1
}

// canAct reports whether seat s, in play, would do anything but pass on
// its turn. A Quatro seat whose pins share one colour counts: its turn will
// eliminate it, and that may decide the game.
func (g *Game) canAct(s rules.Seat) bool {
	if g.quatro && g.oneColour(s) {
		return true
	}
	return g.turn(s) != turnPass
}

// settle ends the game by draw when no seat in play can act (passing
// changes nothing, so they never could again) or when the no-progress
// limit is reached.
func (g *Game) settle() {
	if g.outcome.Over {
		return
	}
	stuck := true
	for s := range rules.Seat(g.Seats()) {
		if !g.eliminated[s] && g.canAct(s) {
			stuck = false
			break
		}
	}
	switch {
	case stuck:
		g.outcome = rules.Outcome{Over: true, Reason: rules.Stalemate,
			Detail: rules.M("detail.stalemate", nil)}
	case g.limit > 0 && g.quiet >= g.limit:
		g.outcome = rules.Outcome{Over: true, Reason: rules.NoProgress,
			Detail: rules.M("detail.quiet", rules.Args{"Count": g.quiet, "Progress": g.progressMsg()})}
	}
}

// progressMsg names what restarts the no-progress count, as a message.
func (g *Game) progressMsg() rules.Msg {
	if g.quatro {
		return rules.M("pinuid.progress_removal", nil)
	}
	return rules.M("pinuid.progress_removal_reentry", nil)
}
