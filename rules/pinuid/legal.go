package pinuid

import (
	"slices"

	"pbem/rules"
)

// Legal implements rules.Game: the plies the seat to move may play, as
// *Ply values. Steps come in board order of the pin, then of the square it
// reaches. A step that makes rows comes first without removals (forgetting
// them is legal and owes them next turn), then with every choice of
// removals in search order; removals that give the same position in
// several orders are listed once, in the first valid order.
func (g *Game) Legal() []rules.Ply {
	if g.outcome.Over {
		return nil
	}
	s := g.toMove
	plies := make([]Ply, 0, 24)
	switch g.turn(s) {
	case turnPay:
		plies = appendRemovals(plies, Ply{action: remove}, g.owed[s], true)
	case turnEnter:
		base := g.setup.seats[s].base - 1
		for f := range g.geo.files {
			if q := at(f, base); g.board[q] == 0 {
				plies = append(plies, Ply{action: enter, to: q})
			}
		}
	case turnPass:
		plies = append(plies, Ply{action: pass})
	case turnStep:
		plies = g.appendSteps(plies, s)
	}
	out := make([]rules.Ply, len(plies))
	for i := range plies {
		out[i] = &plies[i]
	}
	return out
}

// appendSteps appends every step of seat s with its removal choices.
func (g *Game) appendSteps(plies []Ply, s rules.Seat) []Ply {
	mark := int8(s) + 1
	for r := range g.geo.ranks {
		for f := range g.geo.files {
			from := at(f, r)
			if g.board[from] != mark {
				continue
			}
			for d := range diagonals {
				to, ok := g.geo.neighbour(from, d)
				if !ok || g.board[to] != 0 {
					continue
				}
				l := g.move(mark, from, to)
				plies = appendRemovals(plies, Ply{action: step, from: from, to: to}, l, false)
				g.board[from], g.board[to] = mark, 0
			}
		}
	}
	return plies
}

// removalSearch walks the orders in which removals may be made against a
// row list. A position after removals depends only on the set of pins
// removed (a row is spent once any of its pins is gone), so each set is
// visited once, by the first order that reaches it.
type removalSearch struct {
	// cand are the removable squares, in board order: at most the 2x2 of
	// the two rows through the moved pin and the 4x3 of the rows beside
	// the square it left.
	cand    [3 * maxRemovals]Square
	nc      int
	visited []uint32 // sets of cand indexes seen
	full    bool     // only sets that pay every row (an owed turn)
	out     []Ply
}

// appendRemovals appends base followed by each set of removals that l
// allows: every set for a step, only complete ones for an owed turn.
func appendRemovals(out []Ply, base Ply, l rowList, full bool) []Ply {
	if l.n == 0 {
		return append(out, base)
	}
	var visited [64]uint32
	rs := removalSearch{full: full, out: out, visited: visited[:0]}
	for i := range int(l.n) {
		for k := range 3 {
			q := l.rows[i].square(k)
			if q != l.moved && !slices.Contains(rs.cand[:rs.nc], q) {
				rs.cand[rs.nc] = q
				rs.nc++
			}
		}
	}
	slices.Sort(rs.cand[:rs.nc])
	rs.walk(l, 0, base)
	return rs.out
}

func (rs *removalSearch) walk(l rowList, set uint32, p Ply) {
	if slices.Contains(rs.visited, set) {
		return
	}
	rs.visited = append(rs.visited, set)
	open := l.owing()
	if !rs.full || open == 0 {
		rs.out = append(rs.out, p)
	}
	if open == 0 {
		return
	}
	for i := range rs.nc {
		q := rs.cand[i]
		if set&(1<<i) != 0 {
			continue
		}
		if _, ok := l.openWith(q); !ok {
			continue
		}
		nl, np := l, p
		nl.spend(q)
		np.removals[np.n] = q
		np.n++
		rs.walk(nl, set|1<<i, np)
	}
}
