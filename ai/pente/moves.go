package pente

import (
	"slices"

	"pbem/rules/pente"
)

// move is a candidate point with its ordering value and what it makes.
type move struct {
	at    int
	value int
	mine  int  // what it makes for the mover (shape and captures)
	their int  // what it would make for the other side
	taken int  // stones it captures
	four  bool // it threatens five next ply
}

// threats sums up a node's candidates: whether the mover wins at once, and
// what the other side threatens to do next.
type threats struct {
	win      bool // the mover has a five or a capture win
	oppFive  bool // the other side has a point that wins at once
	oppForce bool // the other side has a point that makes an open four
}

// candidates lists the empty points within two of a stone, valued for the
// side to move, best first.
func (b *board) candidates(out []move) ([]move, threats) {
	c := b.side
	opp := 3 - c
	var t threats
	out = out[:0]
	for _, i := range onBoard {
		if b.cell[i] != empty || b.near[i] == 0 {
			continue
		}
		m := move{at: i}
		m.taken = b.captureCount(i, c)
		m.mine = int(b.val[c-1][i]) + b.captureValue(b.caps[c], m.taken)
		m.their = int(b.val[opp-1][i]) + b.captureValue(b.caps[opp], b.captureCount(i, opp))
		m.four = b.makesFour(i, c)
		m.value = m.mine + m.their*3/4 + b.pairSafety(i, c)
		if m.mine >= valueWin {
			t.win = true
		}
		if m.their >= valueWin {
			t.oppFive = true
		} else if m.their >= valueForce {
			t.oppForce = true
		}
		out = append(out, m)
	}
	if b.pending != 0 {
		// A Boat-Pente five of the other side stands: only a capture that
		// breaks it saves the game.
		t.win, t.oppFive = false, true
	}
	if len(out) == 0 && b.cell[idx(pente.Centre)] == empty {
		out = append(out, move{at: idx(pente.Centre)})
	}
	slices.SortFunc(out, func(x, y move) int { return y.value - x.value })
	return out, t
}

// prune keeps the moves worth searching: against a threat to win at once
// only the blocks and captures, against an open four to be only the
// defences, fours and captures; else the width best.
func prune(ms []move, t threats, width int) []move {
	switch {
	case t.win:
		for _, m := range ms {
			if m.mine >= valueWin {
				return []move{m}
			}
		}
	case t.oppFive:
		out := ms[:0:0]
		for _, m := range ms {
			if m.their >= valueWin || m.taken > 0 {
				out = append(out, m)
			}
		}
		return out
	case t.oppForce:
		out := ms[:0:0]
		for _, m := range ms {
			if m.their >= valueFour || m.mine >= valueFour || m.taken > 0 {
				out = append(out, m)
			}
		}
		if len(out) > 0 {
			return out[:min(len(out), width+6)]
		}
	}
	return ms[:min(len(ms), width)]
}

// makesFour reports whether a stone of c on i threatens five (and does not
// make it).
func (b *board) makesFour(i int, c int8) bool {
	f := false
	for _, x := range b.cat[i][c-1] {
		if x == catFive {
			return false
		}
		f = f || x == catFour || x == catOpenFour
	}
	return f
}
