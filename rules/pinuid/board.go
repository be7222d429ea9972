package pinuid

import (
	"fmt"
	"strings"

	"pbem/rules"
)

// width is the widest line Board writes, as mail allows.
const width = 72

// Board implements rules.Game: the board with each seat's letter (W and B,
// or the seat numbers 1 to 4), the squares the last ply changed in
// parentheses, then a legend with each seat's pins on and off the board,
// its base line or elimination, the last ply, removals owed, and whose
// turn it is and what that turn must be, or how the game ended.
func (g *Game) Board() string {
	var b strings.Builder
	b.WriteString(g.Position())
	for s := range rules.Seat(g.Seats()) {
		if l := &g.owed[s]; l.owing() > 0 {
			wrap(&b, fmt.Sprintf("%s owes %s (forgot rule).", g.SeatName(s), l.owedText()))
		}
	}
	if g.outcome.Over {
		wrap(&b, fmt.Sprintf("Game over: %s.", g.describeEnd()))
		return b.String()
	}
	wrap(&b, g.toPlay())
	if g.limit > 0 && 2*g.quiet >= g.limit {
		wrap(&b, fmt.Sprintf("No %s for %d plies; the game is drawn at %d.", g.progress(), g.quiet, g.limit))
	}
	return b.String()
}

// Position implements rules.Game: Board up to the last ply and the seats
// it eliminated; removals owed belong to the turns to come.
func (g *Game) Position() string {
	var last *Ply
	if n := len(g.history); n > 0 {
		p, _ := plyOf(n, g.history[n-1])
		last = &p
	}
	files := make([]string, g.geo.files)
	for f := range files {
		files[f] = fileLetters[f : f+1]
	}
	var b strings.Builder
	b.WriteString(rules.Frame(files, g.geo.ranks, func(f, r int) rules.Cell {
		q := at(f, r)
		c := rules.Cell{Char: '.', Marked: last != nil && last.touches(q)}
		if m := g.board[q]; m != 0 {
			c.Char = g.setup.seats[m-1].mark
		}
		return c
	}))
	b.WriteString("\n")
	for s := range rules.Seat(g.Seats()) {
		line := fmt.Sprintf("%c %s: %d pins on the board, %d removed", g.setup.seats[s].mark, g.SeatName(s), g.pins[s], g.off[s])
		switch {
		case g.eliminated[s] && g.left[s] != "":
			line += "; " + g.leftWords(s)
		case g.eliminated[s] && g.eliminatedAt[s] == 0:
			line += "; eliminated at the start"
		case g.eliminated[s]:
			line += fmt.Sprintf("; eliminated after ply %d", g.eliminatedAt[s])
		case g.setup.seats[s].base > 0:
			line += fmt.Sprintf("; base line rank %d", g.setup.seats[s].base)
		}
		wrap(&b, line)
	}
	if last != nil {
		n := len(g.history)
		wrap(&b, fmt.Sprintf("Last: ply %d, %s %s%s.", n, g.SeatName(g.lastMover), last, last.note()))
	}
	for s := range rules.Seat(g.Seats()) {
		if g.eliminated[s] && g.left[s] == "" && g.eliminatedAt[s] == len(g.history) && len(g.history) > 0 {
			wrap(&b, fmt.Sprintf("%s is eliminated: all its pins stand on one colour of square; they stay on the board as obstacles.", g.SeatName(s)))
		}
	}
	return b.String()
}

// toPlay says whose turn it is and what the turn must be.
func (g *Game) toPlay() string {
	s := g.toMove
	head := fmt.Sprintf("%s to play, ply %d", g.SeatName(s), len(g.history)+1)
	example := func() string { return g.Legal()[0].String() }
	switch g.turn(s) {
	case turnPay:
		return fmt.Sprintf("%s: only the owed removal, such as %s.", head, example())
	case turnEnter:
		return fmt.Sprintf("%s: all %s's pins share one colour of square, so a removed pin comes back on rank %d, such as %s (stagnation).",
			head, g.SeatName(s), g.setup.seats[s].base, example())
	case turnPass:
		return head + ": no pin can step, so the turn is pass."
	}
	return head + "."
}

// touches reports whether the ply changed square q.
func (p *Ply) touches(q Square) bool {
	if (p.action == step || p.action == enter) && p.to == q || p.action == step && p.from == q {
		return true
	}
	return hasSquare(p.removals[:p.n], q)
}

// note explains a ply whose token says little to a newcomer.
func (p *Ply) note() string {
	switch p.action {
	case pass:
		return " (blocked)"
	case enter:
		return " (re-entry)"
	case remove:
		return " (owed removal)"
	case leave:
		if p.why == rules.TimedOut {
			return " (out on time; its pins stay as obstacles)"
		}
		return " (resigned; its pins stay as obstacles)"
	}
	return ""
}

// wrap writes text as lines of at most width columns, breaking at spaces.
func wrap(b *strings.Builder, text string) {
	for len(text) > width {
		cut := strings.LastIndexByte(text[:width+1], ' ')
		if cut <= 0 {
			break
		}
		b.WriteString(text[:cut] + "\n")
		text = text[cut+1:]
	}
	b.WriteString(text + "\n")
}
