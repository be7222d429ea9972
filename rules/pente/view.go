package pente

import (
	"strings"

	"pbem/rules"
)

// View implements rules.Viewer.
func (g *Game) View() rules.View {
	v := rules.View{
		Files:  strings.Split(files, ""),
		Ranks:  Size,
		Points: true,
		ToMove: g.ToMove(),
		Over:   g.outcome.Over,
	}
	for p := range Point(N) {
		if g.board[p] != empty {
			v.Pieces = append(v.Pieces, rules.Placed{Coord: coord(p), Kind: rules.Stone, Seat: g.Stone(p)})
		}
	}
	if n := len(g.history); n > 0 {
		v.Last = []rules.Coord{coord(g.history[n-1].(Point))}
	}
	for _, t := range g.LastTaken() {
		p, _ := ParsePoint(0, t.At)
		v.Taken = append(v.Taken, rules.Placed{Coord: coord(p), Kind: rules.Stone, Seat: t.Seat})
	}
	for s := range rules.Seat(2) {
		v.Seats = append(v.Seats, rules.SeatView{Name: g.SeatName(s), Mark: string(pieces[s+1]), Captured: g.captured[s]})
	}
	return v
}

func coord(p Point) rules.Coord { return rules.Coord{File: p.File(), Rank: p.Rank()} }
