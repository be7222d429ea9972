package dobbal

import (
	"strings"

	"pbem/rules"
)

// View implements rules.Viewer. Dobbal's squares have colours on the
// board but no rule uses them, so the view is not checkered.
func (g *Game) View() rules.View {
	v := rules.View{
		Files:  strings.Split(files, ""),
		Ranks:  Size,
		ToMove: g.ToMove(),
		Over:   g.outcome.Over,
	}
	for sq := range Square(N) {
		switch pc := g.pos.board[sq]; pc {
		case whitePin, blackPin:
			v.Pieces = append(v.Pieces, rules.Placed{Coord: coord(sq), Kind: rules.Pin, Seat: rules.Seat(pc - 1)})
		case gamePiece:
			v.Pieces = append(v.Pieces, rules.Placed{Coord: coord(sq), Kind: rules.GamePin, Seat: rules.NoSeat})
		}
	}
	if n := len(g.history); n > 0 {
		t := g.history[n-1].(*Turn)
		var seen [N]bool
		for _, sq := range t.squares() {
			if !seen[sq] {
				seen[sq] = true
				v.Last = append(v.Last, coord(sq))
			}
		}
		a, b := t.moveDice()
		v.LastRoll = []int{int(a), int(b), int(t.gameDie())}
	}
	for _, p := range g.LastTaken() {
		sq, _ := ParseSquare(p.At)
		v.Taken = append(v.Taken, rules.Placed{Coord: coord(sq), Kind: rules.Pin, Seat: p.Seat})
	}
	if r, ok := g.Roll(); ok {
		v.Roll = r
	}
	for s := range rules.Seat(2) {
		v.Seats = append(v.Seats, rules.SeatView{Name: g.SeatName(s), Mark: string(pinLetters[s]), Off: int(g.pos.off[s])})
	}
	return v
}

func coord(sq Square) rules.Coord { return rules.Coord{File: sq.File(), Rank: sq.Rank()} }
