package pinuid

import (
	"pbem/ai"
	"pbem/rules"
)

// weights of the evaluation, in hundredths of a pin.
const (
	// progress is the worth of having only n pins on the board: the goal is
	// two, and the last pins count more as each brings the win nearer.
	wFourPins  = 100
	wThreePins = 240
	// wStagnant is the cost of having every pin on one colour of square:
	// in Classic the next turn brings a pin back (a pin lost, and a turn);
	// in Quatro it is elimination, scored as a loss by the search.
	wStagnant = 130
	// wLone is the cost of having only one pin on one of the colours: a
	// row needs pins of both colours, and that pin cannot be the one taken.
	wLone = 15
	// wThreatToMove is a row the seat to move can make at once: nearly a
	// removal. wThreat is one a seat can make on its next turn, if nobody
	// blocks the square; the first two count.
	wThreatToMove = 70
	wThreat       = 22
	// wMobility is each empty square diagonally next to a pin.
	wMobility = 2
)

// seatScore is how well seat s stands, in hundredths of a pin, without
// regard to the others.
func (p *pos) seatScore(s int) ai.Score {
	var v ai.Score
	switch p.pins[s] {
	case 4:
		v += wFourPins
	case 3:
		v += wThreePins
	}
	c := p.colour[s]
	switch {
	case c[0] == 0 || c[1] == 0:
		v -= wStagnant
	case c[0] == 1 || c[1] == 1:
		v -= wLone
	}
	ft := p.features(s)
	if ft.threats > 0 && p.toMove == rules.Seat(s) {
		v += wThreatToMove
		if p.pins[s] == 3 {
			// A row with three pins left wins on the spot.
			v += wThreatToMove * 2
		}
	} else {
		v += wThreat * ai.Score(min(ft.threats, 2))
	}
	v += wMobility * ai.Score(ft.mobility)
	return v
}

// eval is the position's value for seat me: its own standing against the
// best of the others (paranoid: in Quatro the leader is the danger).
func (p *pos) eval(me int) ai.Score {
	mine := p.seatScore(me)
	best := ai.Score(-ai.Win)
	for s := range p.seats {
		if s == me || p.out[s] {
			continue
		}
		if v := p.seatScore(s); v > best {
			best = v
		}
	}
	if best == -ai.Win {
		return mine
	}
	return mine - best
}
