package notation

import (
	"fmt"
	"strings"

	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// resultForm says what is wrong with result r for a game of n seats, or
// returns "". Besides * and ?, a result gives each seat a score: one seat
// 1 and the others 0 (a win), every seat 1/2 (a draw), or every seat 0
// (pente.org's 0-0: no result).
func resultForm(r string, n int) string {
	if r == "*" || r == "?" {
		return ""
	}
	ones, halves, zeros, fields := 0, 0, 0, 0
	for rest, more := r, true; more; fields++ { // the fields between "-", without splitting
		var x string
		x, rest, more = strings.Cut(rest, "-")
		switch x {
		case "1":
			ones++
		case "1/2":
			halves++
		case "0":
			zeros++
		}
	}
	if fields == n && (ones == 1 && zeros == n-1 || halves == n || zeros == n) {
		return ""
	}
	win := make([]string, n)
	draw := make([]string, n)
	for i := range win {
		win[i], draw[i] = "0", "1/2"
	}
	win[0] = "1"
	return fmt.Sprintf("%s is not a result of a game of %d seats: write a win of seat 1 as %s, a draw as %s, or * while it goes on",
		r, n, strings.Join(win, "-"), strings.Join(draw, "-"))
}

// decided reports a result that names a winner or a draw.
func decided(r string) bool {
	return r != "*" && r != "?" && strings.Trim(r, "0-") != ""
}

// exported is the result as the writer writes it for a game of n seats: ?
// and the all-zero result, which name no winner, become *, and so does a
// result that is no result of the game.
func exported(r string, n int) string {
	if !decided(r) || resultForm(r, n) != "" {
		return "*"
	}
	return r
}

// checkResult checks the recorded result: its form, that the movetext and
// the Result tag agree, that Resign agrees, and that it agrees with the
// rules when they decide the game.
func (g *Game) checkResult(s *grammar.Source) *Problem {
	n := g.State.Seats()
	at := func(format string, args ...any) *Problem {
		line, col := g.resultLine, g.resultCol
		if !g.written && g.GaveUp == "" && g.resultTag != nil {
			line, col = g.resultTag.Line, g.resultTag.Col
		}
		if line == 0 {
			line, col = g.Line, g.Col
		}
		p := problemAt(s, line, col, format, args...)
		p.Ply, p.Token = len(g.Main.Moves), g.Result
		return p
	}
	tag := ""
	if g.resultTag != nil {
		tag = g.resultTag.Value
		if msg := resultForm(tag, n); msg != "" {
			return at("Result tag: %s", msg)
		}
	}
	if g.written {
		if msg := resultForm(g.Result, n); msg != "" {
			return at("%s", msg)
		}
		if tag != "" && tag != g.Result {
			return at("the moves end with %s but the Result tag says %s", g.Result, tag)
		}
	}
	if g.Problem != nil {
		return nil // the rules' view of the end is unknown
	}
	if g.GaveUp != "" && n == 2 {
		loser := g.State.ToMove()
		o := rules.Outcome{Over: true, Winners: []rules.Seat{1 - loser}}
		implied := o.Result(n)
		if !g.written && tag == "" {
			g.Result = implied
		}
		if decided(g.Result) && g.Result != implied {
			return at("%s means %s gave up, so the result is %s, not %s", g.GaveUp, g.State.SeatName(loser), implied, g.Result)
		}
	}
	o := g.State.Outcome()
	if o.Over && decided(g.Result) && g.Result != o.Result(n) {
		return at("the result is recorded as %s, but by the rules %s", g.Result, describeOutcome(g.State))
	}
	return nil
}

// describeOutcome says how the rules ended a game: "White won by five in a
// row, K10 to O10".
func describeOutcome(state rules.Game) string {
	o := state.Outcome()
	why := string(o.Reason)
	if o.Detail.Code != "" {
		why += ", " + i18n.Render(i18n.English, o.Detail)
	}
	if o.Draw() {
		return "it is drawn: " + why
	}
	names := make([]string, len(o.Winners))
	for i, w := range o.Winners {
		names[i] = state.SeatName(w)
	}
	return strings.Join(names, " and ") + " won by " + why
}
