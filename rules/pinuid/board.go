package pinuid

import (
	"pbem/rules"
)

// Board implements rules.Game: the board with each seat's letter (W and B,
// or the seat numbers 1 to 4), the squares the last ply changed in
// parentheses, then a legend with each seat's pins on and off the board,
// its base line or elimination, the last ply, removals owed, and whose
// turn it is and what that turn must be, or how the game ended.
func (g *Game) Board() rules.Text {
	t := g.Position()
	for s := range rules.Seat(g.Seats()) {
		if l := &g.owed[s]; l.owing() > 0 {
			t.Lines = append(t.Lines, rules.M("board.pinuid.owes", rules.Args{"Seat": g.SeatMsg(s), "Owed": l.owed()}))
		}
	}
	if g.outcome.Over {
		t.Lines = append(t.Lines, rules.M("board.game_over", rules.Args{"End": g.end()}))
		return t
	}
	t.Lines = append(t.Lines, g.toPlay())
	if g.limit > 0 && 2*g.quiet >= g.limit {
		t.Lines = append(t.Lines, rules.M("board.pinuid.quiet", rules.Args{"Progress": g.progressMsg(), "Count": g.quiet, "Limit": g.limit}))
	}
	return t
}

// Position implements rules.Game: Board up to the last ply and the seats
// it eliminated; removals owed belong to the turns to come.
func (g *Game) Position() rules.Text {
	var last *Ply
	if n := len(g.history); n > 0 {
		p, _ := plyOf(n, g.history[n-1])
		last = &p
	}
	files := make([]string, g.geo.files)
	for f := range files {
		files[f] = fileLetters[f : f+1]
	}
	t := rules.Text{Grid: rules.Frame(files, g.geo.ranks, func(f, r int) rules.Cell {
		q := at(f, r)
		c := rules.Cell{Char: '.', Marked: last != nil && last.touches(q)}
		if m := g.board[q]; m != 0 {
			c.Char = g.setup.seats[m-1].mark
		}
		return c
	})}
	for s := range rules.Seat(g.Seats()) {
		args := rules.Args{"Mark": string(g.setup.seats[s].mark), "Seat": g.SeatMsg(s), "On": g.pins[s], "Off": g.off[s]}
		var state rules.Msg
		switch {
		case g.eliminated[s] && g.left[s] == rules.TimedOut:
			state = rules.M("board.pinuid.state_timed_out", rules.Args{"Ply": g.eliminatedAt[s]})
		case g.eliminated[s] && g.left[s] != "":
			state = rules.M("board.pinuid.state_resigned", rules.Args{"Ply": g.eliminatedAt[s]})
		case g.eliminated[s] && g.eliminatedAt[s] == 0:
			state = rules.M("board.pinuid.state_out_at_start", nil)
		case g.eliminated[s]:
			state = rules.M("board.pinuid.state_out", rules.Args{"Ply": g.eliminatedAt[s]})
		case g.setup.seats[s].base > 0:
			state = rules.M("board.pinuid.state_base", rules.Args{"Rank": g.setup.seats[s].base})
		}
		if state.Code == "" {
			t.Lines = append(t.Lines, rules.M("board.pinuid.seat", args))
		} else {
			args["State"] = state
			t.Lines = append(t.Lines, rules.M("board.pinuid.seat_state", args))
		}
	}
	if last != nil {
		args := rules.Args{"Ply": len(g.history), "Seat": g.SeatMsg(g.lastMover), "Token": last.String()}
		if note := last.note(); note.Code != "" {
			args["Note"] = note
			t.Lines = append(t.Lines, rules.M("board.pinuid.last_note", args))
		} else {
			t.Lines = append(t.Lines, rules.M("board.pinuid.last", args))
		}
	}
	for s := range rules.Seat(g.Seats()) {
		if g.eliminated[s] && g.left[s] == "" && g.eliminatedAt[s] == len(g.history) && len(g.history) > 0 {
			t.Lines = append(t.Lines, rules.M("board.pinuid.eliminated", rules.Args{"Seat": g.SeatMsg(s)}))
		}
	}
	return t
}

// toPlay says whose turn it is and what the turn must be.
func (g *Game) toPlay() rules.Msg {
	s := g.toMove
	args := rules.Args{"Seat": g.SeatMsg(s), "Ply": len(g.history) + 1}
	example := func() string { return g.Legal()[0].String() }
	switch g.turn(s) {
	case turnPay:
		args["Example"] = example()
		return rules.M("board.pinuid.to_pay", args)
	case turnEnter:
		args["Rank"], args["Example"] = g.setup.seats[s].base, example()
		return rules.M("board.pinuid.to_enter", args)
	case turnPass:
		return rules.M("board.pinuid.to_pass", args)
	}
	return rules.M("board.to_play", args)
}

// touches reports whether the ply changed square q.
func (p *Ply) touches(q Square) bool {
	if (p.action == step || p.action == enter) && p.to == q || p.action == step && p.from == q {
		return true
	}
	return hasSquare(p.removals[:p.n], q)
}

// note explains a ply whose token says little to a newcomer; the zero Msg
// for a plain step.
func (p *Ply) note() rules.Msg {
	switch p.action {
	case pass:
		return rules.M("board.pinuid.note_blocked", nil)
	case enter:
		return rules.M("board.pinuid.note_reentry", nil)
	case remove:
		return rules.M("board.pinuid.note_owed", nil)
	case leave:
		if p.why == rules.TimedOut {
			return rules.M("board.pinuid.note_timed_out", nil)
		}
		return rules.M("board.pinuid.note_resigned", nil)
	}
	return rules.Msg{}
}
