package pinuid

import (
	"fmt"
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
		return rules.Errorf(n, p.String(), "game over", "the game is over: %s", g.describeEnd())
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
			return rules.Errorf(n, p.String(), "notation", "%s is off the %dx%d board", s, geo.files, geo.ranks)
		}
	}
	if p.action == step {
		if msg, suggest := g.stepShape(p.from, p.to); msg != "" {
			e := rules.Errorf(n, p.String(), "diagonal step", "%s", msg)
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
			Detail: strings.Join(g.pinNames(s), " ")}
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
		return rules.Errorf(n, tok, "own pin", "%s is empty; step one of your own pins", p.from)
	case who != mark:
		return rules.Errorf(n, tok, "own pin", "%s is %s; step one of your own pins", p.from, g.pinOf(p.from))
	}
	if g.board[p.to] != 0 {
		return rules.Errorf(n, tok, "empty square", "%s is taken by %s; a pin steps only onto an empty square", p.to, g.pinOf(p.to))
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
		return rules.Errorf(n, tok, "forgot rule", "%s leaves %s %s without %s removal; the owed turn takes one pin from every row still owed (forgot rule)",
			tok, l.rowWord(true), l.names(true), itsOrTheir(uint8(l.owing())))
	}
	g.owed[s] = rowList{}
	return nil
}

// takeOff removes the pins on squares in order, each from a row of l that
// has not had its removal yet and never the pin that made the rows.
// owed says the rows are from the seat's previous step.
func (g *Game) takeOff(n int, tok string, s rules.Seat, l *rowList, squares []Square, owed bool) error {
	mark := int8(s) + 1
	fail := func(format string, args ...any) error {
		return rules.Errorf(n, tok, "removal", format, args...)
	}
	for i, q := range squares {
		switch who := g.board[q]; {
		case l.n == 0:
			return fail("%s-%s makes no row of three, so it removes no pin", tokFrom(tok), l.moved)
		case hasSquare(squares[:i], q):
			return fail("%s is named twice; each removal takes a different pin", q)
		case l.owing() == 0:
			return fail("%s is one removal too many: %s already had %s removal", q, l.rowWord(false)+" "+l.spentNames(), itsOrTheir(l.n))
		case who == 0:
			return fail("%s is empty; a removal takes one of your pins from a row of three", q)
		case who != mark:
			return fail("%s is %s; you remove only your own pins", q, g.pinOf(q))
		case q == l.moved:
			mover := "your pin that just moved"
			if owed {
				mover = "the pin whose step made the row"
			}
			if i, ok := l.openWith(q); ok {
				return fail("%s is %s; remove another pin of the row %s", q, mover, l.rows[i])
			}
			return fail("%s is %s; remove a pin of %s %s instead", q, mover, l.rowWord(true), l.names(true))
		}
		if _, ok := l.openWith(q); !ok {
			for i := range int(l.n) {
				if l.rows[i].has(q) {
					return fail("%s is only in the row %s, which already had its removal (%s); remove a pin of %s %s instead",
						q, l.rows[i], l.by[i], l.rowWord(true), l.names(true))
				}
			}
			return fail("%s is not in %s %s; a removal takes a pin of a row of three the step made", q, l.rowWord(true), l.names(true))
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

func itsOrTheir(rows uint8) string {
	if rows == 1 {
		return "its"
	}
	return "their"
}

// playEnter puts a removed pin back on an empty square of the base line.
func (g *Game) playEnter(n int, s rules.Seat, p Ply) error {
	tok := p.String()
	base := g.setup.seats[s].base
	switch {
	case p.to.Rank() != base-1:
		return rules.Errorf(n, tok, "re-entry", "%s is not on your base line; a pin comes back onto an empty square of rank %d, such as +%s",
			p.to, base, g.firstBaseRoom(s))
	case g.board[p.to] != 0:
		return rules.Errorf(n, tok, "re-entry", "%s is taken by %s; a pin comes back onto an empty square of rank %d, such as +%s",
			p.to, g.pinOf(p.to), base, g.firstBaseRoom(s))
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
		return rules.Errorf(n, tok, "forgot rule", "you still owe %s (forgot rule): this turn is only the owed removal, such as %s",
			l.owedText(), example)
	case turnEnter:
		return rules.Errorf(n, tok, "stagnation", "all your pins stand on one colour of square and can never make a row (stagnation): this turn puts a removed pin back on an empty square of rank %d, such as %s",
			g.setup.seats[s].base, example)
	case turnPass:
		return rules.Errorf(n, tok, "blocked", "none of your pins can step diagonally onto an empty square, so this turn is a pass")
	}
	switch p.action {
	case remove:
		return rules.Errorf(n, tok, "forgot rule", "you owe no removal; a turn of removals alone pays those forgotten on your previous step (forgot rule)")
	case pass:
		return rules.Errorf(n, tok, "pass", "you can still step, such as %s; pass is only for a player who cannot act", example)
	}
	// A re-entry on a turn that steps.
	switch {
	case g.quatro:
		return rules.Errorf(n, tok, "stagnation", "Pinuid Quatro has no re-entry: a player whose pins all stand on one colour of square is eliminated instead")
	case !g.oneColour(s):
		return rules.Errorf(n, tok, "stagnation", "your pins stand on both colours of square, so you step; a pin comes back only when all your pins share one colour (stagnation)")
	case g.off[s] == 0:
		return rules.Errorf(n, tok, "stagnation", "you have no removed pin to put back, so you step, such as %s", example)
	}
	return rules.Errorf(n, tok, "stagnation", "your base line, rank %d, has no empty square, so you step instead, such as %s",
		g.setup.seats[s].base, example)
}

// pinOf names the pin on s for messages: "your own pin", "Black's pin",
// "Seat 2's pin (eliminated, an obstacle now)".
func (g *Game) pinOf(s Square) string {
	who := rules.Seat(g.board[s] - 1)
	switch {
	case who == g.toMove:
		return "your own pin"
	case g.eliminated[who]:
		return g.SeatName(who) + "'s pin (eliminated, an obstacle now)"
	}
	return g.SeatName(who) + "'s pin"
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

// describeEnd says how the game ended, for messages and the board.
func (g *Game) describeEnd() string {
	o := g.outcome
	switch o.Reason {
	case rules.TwoPins:
		return fmt.Sprintf("%s won with two pins left (%s)", g.SeatName(o.Winners[0]), o.Detail)
	case rules.LastStanding:
		return fmt.Sprintf("%s won as the last seat in play; every other seat is eliminated", g.SeatName(o.Winners[0]))
	case rules.Stalemate:
		return "drawn, as no seat can act"
	}
	return "drawn after " + o.Detail
}
