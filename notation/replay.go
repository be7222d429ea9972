package notation

import (
	"fmt"

	"pbem/grammar"
	"pbem/rules"
)

// turn is where numbering stands before a ply: the seat that played the ply
// before (-1 before the first) and the round it was in.
type turn struct {
	seat  rules.Seat
	round int
}

var firstTurn = turn{seat: -1}

// next numbers a ply by seat s: a new round starts when the turn comes
// round again to the same or an earlier seat.
func (t turn) next(s rules.Seat) (turn, bool) {
	starts := t.seat < 0 || s <= t.seat
	if starts {
		t.round++
	}
	t.seat = s
	return t, starts
}

// replay plays the main line through the engine from the game's setup. It
// stops playing at the first ply the rules refuse and returns that fault;
// the plies after it are still numbered, taking the seats in turn.
// Variations are played from the position they branch off, only to number
// their plies: their faults are not the game's.
func (g *Game) replay(s *grammar.Source) *Problem {
	var p *Problem
	replayLine(g.State, g.State.Seats(), &g.Main, firstTurn, func(m *Move, n int, err error) {
		if p == nil {
			p = plyProblem(s, m, n, err)
		}
	})
	return p
}

// replayLine plays l on state (nil once a ply failed), numbering its plies
// from t among the game's seats, and calls fail for a refused ply of l
// itself.
func replayLine(state rules.Game, seats int, l *Line, t turn, fail func(*Move, int, error)) {
	for _, m := range l.Moves {
		before, atBefore := state, t
		if state != nil && hasVariation(m) {
			before = state.Clone()
		}
		// A seat leaving (s3:resign) is no seat's turn: it takes no
		// move number and leaves the numbering as it was.
		var leaver rules.Seat
		if leaver, _, m.leave = rules.ParseLeaveToken(m.Token); m.leave {
			m.seat = leaver // a seat may leave out of turn
		} else {
			s := (t.seat + 1) % rules.Seat(seats)
			if state != nil {
				s = state.ToMove()
			}
			t, m.starts = t.next(s)
			m.seat = s
		}
		m.round = t.round
		if state != nil {
			n := state.Plies() + 1
			p, err := state.Parse(m.Token)
			if err == nil {
				err = state.Play(p)
			}
			if err != nil {
				if fail != nil {
					fail(m, n, err)
				}
				state = nil
			} else {
				m.ply = p
			}
		}
		for _, note := range m.After {
			if note.Variation == nil {
				continue
			}
			var v rules.Game
			if before != nil {
				v = before.Clone()
			}
			replayLine(v, seats, note.Variation, atBefore, nil)
		}
	}
}

func hasVariation(m *Move) bool {
	for _, n := range m.After {
		if n.Variation != nil {
			return true
		}
	}
	return false
}

// Position replays the first k plies of the main line from the setup: the
// board a reviewer asks for. It fails when the game cannot be set up, when
// the main line has fewer plies, or when one of them is refused.
func (g *Game) Position(k int) (rules.Game, error) {
	if g.Entry.Kind == nil {
		return nil, g.Problem
	}
	if k < 0 || k > len(g.Main.Moves) {
		return nil, fmt.Errorf("game %d has %d plies; ask for ply 0 to %d", g.Index, len(g.Main.Moves), len(g.Main.Moves))
	}
	state, err := g.Entry.Kind.NewGame(g.Options)
	if err != nil {
		return nil, err
	}
	for i, m := range g.Main.Moves[:k] {
		if err := rules.PlayToken(state, m.Token); err != nil {
			if g.Problem != nil && g.Problem.Ply == i+1 {
				return state, g.Problem
			}
			return state, fmt.Errorf("%s:%d:%d: %w", g.File, m.Line, m.Col, err)
		}
	}
	return state, nil
}
