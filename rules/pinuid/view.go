package pinuid

import (
	"pbem/rules"
)

// View implements rules.Viewer. The pins a ply takes off are the mover's
// own: a row of three earns the removal of one of its pins.
func (g *Game) View() rules.View {
	v := rules.View{
		Ranks:     g.geo.ranks,
		Checkered: true,
		ToMove:    g.toMove,
		Over:      g.outcome.Over,
	}
	for f := range g.geo.files {
		v.Files = append(v.Files, fileLetters[f:f+1])
	}
	for r := range g.geo.ranks {
		for f := range g.geo.files {
			if m := g.board[at(f, r)]; m != 0 {
				v.Pieces = append(v.Pieces, rules.Placed{Coord: rules.Coord{File: f, Rank: r}, Kind: rules.Pin, Seat: rules.Seat(m - 1)})
			}
		}
	}
	if n := len(g.history); n > 0 {
		p, _ := plyOf(n, g.history[n-1])
		for r := range g.geo.ranks {
			for f := range g.geo.files {
				if p.touches(at(f, r)) {
					v.Last = append(v.Last, rules.Coord{File: f, Rank: r})
				}
			}
		}
		for _, q := range p.removals[:p.n] {
			v.Taken = append(v.Taken, rules.Placed{Coord: rules.Coord{File: q.File(), Rank: q.Rank()}, Kind: rules.Pin, Seat: g.lastMover})
		}
	}
	for s := range rules.Seat(g.Seats()) {
		v.Seats = append(v.Seats, rules.SeatView{
			Name: g.SeatName(s),
			Mark: string(g.setup.seats[s].mark),
			Off:  g.off[s],
			Out:  g.eliminated[s],
		})
	}
	return v
}
