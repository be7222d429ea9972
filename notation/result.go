package notation

import (
	"strings"

	"pbem/grammar"
	"pbem/rules"
)

// resultForm says what is wrong with result r for a game of n seats, or
// returns the zero Msg. Besides * and ?, a result gives each seat a score:
// one seat 1 and the others 0 (a win), every seat 1/2 (a draw), or every
// seat 0 (pente.org's 0-0: no result).
func resultForm(r string, n int) rules.Msg {
	if r == "*" || r == "?" {
		return rules.Msg{}
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
		return rules.Msg{}
	}
	win := make([]string, n)
	draw := make([]string, n)
	for i := range win {
		win[i], draw[i] = "0", "1/2"
	}
	win[0] = "1"
	return rules.M("notation.result_form", rules.Args{"Result": r, "Seats": n,
		"Win": strings.Join(win, "-"), "Draw": strings.Join(draw, "-")})
}

// decided reports a result that names a winner or a draw.
func decided(r string) bool {
	return r != "*" && r != "?" && strings.Trim(r, "0-") != ""
}

// exported is the result as the writer writes it for a game of n seats: ?
// and the all-zero result, which name no winner, become *, and so does a
// result that is no result of the game.
func exported(r string, n int) string {
	if !decided(r) || resultForm(r, n).Code != "" {
		return "*"
	}
	return r
}

// checkResult checks the recorded result: its form, that the movetext and
// the Result tag agree, that Resign agrees, and that it agrees with the
// rules when they decide the game.
func (g *Game) checkResult(s *grammar.Source) *Problem {
	n := g.State.Seats()
	at := func(why rules.Msg) *Problem {
		line, col := g.resultLine, g.resultCol
		if !g.written && g.GaveUp == "" && g.resultTag != nil {
			line, col = g.resultTag.Line, g.resultTag.Col
		}
		if line == 0 {
			line, col = g.Line, g.Col
		}
		p := problemAt(s, line, col, why)
		p.Ply, p.Token = len(g.Main.Moves), g.Result
		return p
	}
	tag := ""
	if g.resultTag != nil {
		tag = g.resultTag.Value
		if msg := resultForm(tag, n); msg.Code != "" {
			return at(rules.M("notation.in_tag", rules.Args{"Tag": "Result", "Problem": msg}))
		}
	}
	if g.written {
		if msg := resultForm(g.Result, n); msg.Code != "" {
			return at(msg)
		}
		if tag != "" && tag != g.Result {
			return at(rules.M("notation.result_differs", rules.Args{"Moves": g.Result, "Tag": tag}))
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
			return at(rules.M("notation.gave_up", rules.Args{"GaveUp": g.GaveUp, "Seat": g.State.SeatMsg(loser),
				"Implied": implied, "Result": g.Result}))
		}
	}
	o := g.State.Outcome()
	if o.Over && decided(g.Result) && g.Result != o.Result(n) {
		return at(rules.M("notation.result_rules", rules.Args{"Result": g.Result, "Outcome": describeOutcome(g.State)}))
	}
	return nil
}

// describeOutcome says how the rules ended a game: "White won by five in a
// row, K10 to O10".
func describeOutcome(state rules.Game) rules.Msg {
	o := state.Outcome()
	var detail any
	if o.Detail.Code != "" {
		detail = o.Detail
	}
	return outcomeMsg(state, o, detail)
}

// outcomeMsg says how outcome o ended state's game, with detail (a
// rules.Msg or a string; nil for none) as its particulars.
func outcomeMsg(state rules.Game, o rules.Outcome, detail any) rules.Msg {
	why := rules.M(o.Reason.Code(), nil)
	if detail != nil {
		why = rules.M("notation.reason_detail", rules.Args{"Reason": why, "Detail": detail})
	}
	if o.Draw() {
		return rules.M("notation.drawn", rules.Args{"Why": why})
	}
	names := make(rules.AndList, len(o.Winners))
	for i, w := range o.Winners {
		names[i] = state.SeatMsg(w)
	}
	return rules.M("notation.won", rules.Args{"Seats": names, "Why": why})
}
