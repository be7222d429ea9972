package dobbal

import "pbem/rules"

// Legal implements rules.Game. With a roll set it lists the turns that roll
// allows; without one (a record replay) it lists the turns of every possible
// roll, roll by roll: movement dice from 1-1 up, then the game die. For each
// roll the doubles choices come first, then the step turns, both movement
// dice orders. Every ply is a *Turn; the list shares one backing array.
func (g *Game) Legal() []rules.Ply {
	if g.outcome.Over {
		return nil
	}
	var rolls [][3]int8
	if g.rollSet() {
		rolls = append(rolls, g.roll)
	} else {
		for a := int8(1); a <= g.faces; a++ {
			for b := a; b <= g.faces; b++ {
				for gd := int8(1); gd <= g.faces; gd++ {
					rolls = append(rolls, [3]int8{a, b, gd})
				}
			}
		}
	}
	// Counting first sizes the lists exactly: they run to hundreds or
	// thousands of turns, and growing them costs more than a second walk.
	n := 0
	for _, r := range rolls {
		n += g.countTurns(r)
	}
	turns := make([]Turn, 0, n)
	for _, r := range rolls {
		turns = g.appendTurns(r, turns)
	}
	out := make([]rules.Ply, len(turns))
	for i := range turns {
		out[i] = &turns[i]
	}
	return out
}

// orders are the dice of a roll [movement, movement, game] in the orders a
// turn may use them: first movement die, game die, second movement die. A
// roll with equal movement dice has one order, so only the first n count.
func orders(roll [3]int8) (all [2][3]int8, n int) {
	a, b, gd := roll[0], roll[1], roll[2]
	all = [2][3]int8{{a, gd, b}, {b, gd, a}}
	if a == b {
		return all, 1
	}
	return all, 2
}

// countTurns counts the legal turns of one roll.
func (g *Game) countTurns(roll [3]int8) int {
	me := g.ToMove()
	choices := 0
	if roll[0] == roll[1] {
		var buf [pinsPerSeat + Size]Turn
		choices = len(g.appendDoubles(me, roll, buf[:0]))
	}
	best, count := 0, 0
	tally := func(t Turn) bool {
		switch p := t.played(); {
		case p > best:
			best, count = p, 1
		case p == best:
			count++
		}
		return true
	}
	all, n := orders(roll)
	for _, dice := range all[:n] {
		g.pos.walk(me, dice, tally)
	}
	return choices + count
}

// appendTurns appends the legal turns of one roll, given as [movement,
// movement, game]: on doubles, every removal and re-entry; then the step
// turns that play the most steps the roll allows.
func (g *Game) appendTurns(roll [3]int8, out []Turn) []Turn {
	me := g.ToMove()
	if roll[0] == roll[1] {
		out = g.appendDoubles(me, roll, out)
	}
	start, best := len(out), 0
	collect := func(t Turn) bool {
		switch p := t.played(); {
		case p > best:
			best, out = p, append(out[:start], t)
		case p == best:
			out = append(out, t)
		}
		return true
	}
	all, n := orders(roll)
	for _, dice := range all[:n] {
		g.pos.walk(me, dice, collect)
	}
	return out
}

// appendDoubles appends the doubles choices of seat me: removing each
// opponent pin while fewer than maxOff of theirs are off, and re-entering on
// each empty base-line square while one of its own is off.
func (g *Game) appendDoubles(me rules.Seat, roll [3]int8, out []Turn) []Turn {
	p := &g.pos
	opp := 1 - me
	if p.off[opp] < maxOff {
		for sq := range Square(N) {
			if p.board[sq] == pinOf(opp) {
				out = append(out, Turn{Faces: roll, Action: Remove, Steps: noSteps, Square: sq})
			}
		}
	}
	if p.off[me] > 0 {
		for f := range Size {
			if sq := At(f, baseRank[me]); p.board[sq] == empty {
				out = append(out, Turn{Faces: roll, Action: Reenter, Steps: noSteps, Square: sq})
			}
		}
	}
	return out
}
