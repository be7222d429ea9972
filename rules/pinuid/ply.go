package pinuid

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"pbem/rules"
)

// action is what kind of turn a ply is. The zero value is no ply at all.
type action uint8

const (
	step   action = iota + 1 // a pin steps diagonally; removals may follow
	remove                   // only the owed removals (forgot rule)
	enter                    // a removed pin back on the base line (stagnation)
	pass                     // a blocked seat sits out
	leave                    // a seat resigns or runs out of time (Quatro)
)

// maxRemovals bounds the removals of one ply. A step makes at most six new
// rows: two through the square it reaches, and at most two on each line
// through the square it leaves, where a longer run falls apart. An owed
// turn pays at most those.
const maxRemovals = 6

// Ply is one turn of a Pinuid game. Its String is the canonical token of
// records.md: "b1-c2", "b1-c2xc1xe3", "xc1", "+c1" or "pass". Parse and
// Legal make them; Play accepts a Ply or a *Ply.
type Ply struct {
	action   action
	from, to Square // step: both; enter: to
	n        uint8  // removals in use
	removals [maxRemovals]Square
	seat     rules.Seat    // leave: the seat that leaves
	why      rules.Leaving // leave: why
}

// String implements rules.Ply.
func (p Ply) String() string {
	var b strings.Builder
	switch p.action {
	case pass:
		return "pass"
	case leave:
		return rules.LeaveToken(p.seat, p.why)
	case enter:
		return "+" + p.to.String()
	case step:
		b.WriteString(p.from.String() + "-" + p.to.String())
	}
	for _, s := range p.removals[:p.n] {
		b.WriteString("x" + s.String())
	}
	return b.String()
}

// plyOf unboxes a rules.Ply of this engine.
func plyOf(n int, ply rules.Ply) (Ply, error) {
	switch p := ply.(type) {
	case Ply:
		if p.action != 0 {
			return p, nil
		}
	case *Ply:
		if p != nil && p.action != 0 {
			return *p, nil
		}
	}
	tok := fmt.Sprint(ply)
	if tok == "" {
		return Ply{}, rules.Fail(n, tok, "rule.notation", "pinuid.empty_step", nil)
	}
	return Ply{}, rules.Fail(n, tok, "rule.notation", "pinuid.not_a_ply", rules.Args{"Token": tok})
}

// Parse implements rules.Game: it reads a token such as b1-c2xc1xe3 (any
// case) and checks its form, its squares and the diagonal shape of a step.
func (g *Game) Parse(tok string) (rules.Ply, error) {
	p, err := g.parsePly(len(g.history)+1, tok)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// plyScanner reads one ply token left to right.
type plyScanner struct {
	geo geometry
	n   int    // ply number, for errors
	tok string // the token as given
	s   string // lower case, trimmed
	i   int
}

func (sc *plyScanner) fail(rule, code rules.Code, args rules.Args) *rules.Error {
	if args == nil {
		args = rules.Args{}
	}
	args["Token"] = sc.s
	return rules.Fail(sc.n, sc.tok, rule, code, args)
}

func (sc *plyScanner) suggest(e *rules.Error, suggest []string) *rules.Error {
	if len(suggest) > 0 {
		e.Suggest = suggest
	}
	return e
}

// square reads the square at the scanner's position: a letter and digits.
func (sc *plyScanner) square() (Square, error) {
	j := sc.i
	for j < len(sc.s) && sc.s[j] >= '0' && sc.s[j] <= '9' {
		j++
	}
	if j < len(sc.s) && sc.s[j] >= 'a' && sc.s[j] <= 'z' {
		j++
	}
	for j < len(sc.s) && sc.s[j] >= '0' && sc.s[j] <= '9' {
		j++
	}
	text := sc.s[sc.i:j]
	if text == "" {
		if sc.i == 0 {
			return 0, sc.fail("rule.notation", "pinuid.bad_start", rules.Args{"Char": sc.next()})
		}
		if sc.i == len(sc.s) {
			return 0, sc.fail("rule.notation", "pinuid.square_missing_end", nil)
		}
		return 0, sc.fail("rule.notation", "pinuid.bad_square_start", rules.Args{"Char": sc.next()})
	}
	s, suggest, err := sc.geo.parseSquare(text)
	if err != nil {
		return 0, sc.suggest(rules.Fail(sc.n, sc.tok, "rule.notation", err.Code, err.Args), suggest)
	}
	sc.i = j
	return s, nil
}

// next is the character at the scanner's position, for messages.
func (sc *plyScanner) next() string {
	r, _ := utf8.DecodeRuneInString(sc.s[sc.i:])
	return string(r)
}

// removalsInto reads "xc1xe3" to the end of the token.
func (sc *plyScanner) removalsInto(p *Ply) error {
	for sc.i < len(sc.s) {
		if sc.s[sc.i] != 'x' {
			return sc.fail("rule.notation", "pinuid.unexpected", rules.Args{"Char": sc.next(), "Before": sc.s[:sc.i]})
		}
		sc.i++
		if sc.i == len(sc.s) {
			return sc.fail("rule.notation", "pinuid.x_needs_square", nil)
		}
		s, err := sc.square()
		if err != nil {
			return err
		}
		if p.n == maxRemovals {
			return sc.fail("rule.notation", "pinuid.too_many_removals", rules.Args{"Count": maxRemovals})
		}
		p.removals[p.n] = s
		p.n++
	}
	return nil
}

// parsePly reads a ply token for ply number n. The position serves only
// the hints of its messages (where a pin may step).
func (g *Game) parsePly(n int, tok string) (Ply, error) {
	geo := g.geo
	sc := &plyScanner{geo: geo, n: n, tok: tok, s: strings.ToLower(strings.TrimSpace(tok))}
	switch {
	case sc.s == "":
		return Ply{}, sc.fail("rule.notation", "pinuid.empty_ply", nil)
	case sc.s == "pass":
		return Ply{action: pass}, nil
	case strings.HasPrefix(sc.s, "s") && strings.Contains(sc.s, ":"):
		seat, why, ok := rules.ParseLeaveToken(sc.s)
		if !ok {
			return Ply{}, sc.fail("rule.notation", "pinuid.bad_leave", nil)
		}
		return Ply{action: leave, seat: seat, why: why}, nil
	case sc.s[0] == '+':
		sc.i = 1
		if len(sc.s) == 1 {
			return Ply{}, sc.fail("rule.notation", "pinuid.plus_needs_square", nil)
		}
		s, err := sc.square()
		if err != nil {
			return Ply{}, err
		}
		if sc.i < len(sc.s) {
			return Ply{}, sc.fail("rule.notation", "pinuid.reentry_alone", rules.Args{"Square": s.String()})
		}
		return Ply{action: enter, to: s}, nil
	case sc.s[0] == 'x':
		p := Ply{action: remove}
		if err := sc.removalsInto(&p); err != nil {
			return Ply{}, err
		}
		return p, nil
	case !strings.ContainsAny(sc.s, "0123456789"):
		e := sc.fail("rule.notation", "pinuid.not_a_ply_long", nil)
		return Ply{}, sc.suggest(e, rules.Nearest(sc.s, []string{"pass"}, 2))
	}
	from, err := sc.square()
	if err != nil {
		return Ply{}, err
	}
	if sc.i == len(sc.s) {
		return Ply{}, sc.fail("rule.notation", "pinuid.square_not_ply", rules.Args{"From": from.String(), "To": g.firstNeighbour(from).String()})
	}
	if c := sc.s[sc.i]; c != '-' {
		e := sc.fail("rule.notation", "pinuid.dash", nil)
		if c == 'x' || (c >= 'a' && c <= 'z') {
			rest := sc.s[sc.i:]
			if c == 'x' {
				rest = rest[1:]
			}
			if to, _, err := geo.parseSquare(rest); err == nil {
				return Ply{}, sc.suggest(e, []string{from.String() + "-" + to.String()})
			}
		}
		return Ply{}, e
	}
	sc.i++
	to, err := sc.square()
	if err != nil {
		return Ply{}, err
	}
	if msg, suggest, bad := g.stepShape(from, to); bad {
		return Ply{}, sc.suggest(rules.Fail(sc.n, sc.tok, "rule.diagonal_step", msg.Code, msg.Args), suggest)
	}
	if sc.i < len(sc.s) && sc.s[sc.i] == '-' {
		return Ply{}, sc.fail("rule.notation", "pinuid.one_step", rules.Args{"From": from.String(), "To": to.String()})
	}
	p := Ply{action: step, from: from, to: to}
	if err := sc.removalsInto(&p); err != nil {
		return Ply{}, err
	}
	return p, nil
}

// firstNeighbour is a diagonal neighbour of s to show in an example: an
// empty one when there is one.
func (g *Game) firstNeighbour(s Square) Square {
	taken := s
	for d := len(diagonals) - 1; d >= 0; d-- {
		if t, ok := g.geo.neighbour(s, d); ok {
			if g.board[t] == 0 {
				return t
			}
			taken = t
		}
	}
	return taken
}

// stepShape says why from-to is not one diagonal step (the diagonal rule),
// or "" when it is, naming the empty squares a pin on from may step to.
// For a longer diagonal it suggests the one-square step in the same
// direction when that square is empty.
func (g *Game) stepShape(from, to Square) (msg rules.Msg, suggest []string, bad bool) {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if abs(df) == 1 && abs(dr) == 1 {
		return rules.Msg{}, nil, false
	}
	where := rules.M("pinuid.where_none", rules.Args{"From": from.String()})
	if open := g.openNeighbours(from); len(open) > 0 {
		where = rules.M("pinuid.where", rules.Args{"From": from.String(), "Open": rules.OrList(open)})
	}
	args := rules.Args{"From": from.String(), "To": to.String(), "Where": where}
	switch {
	case df == 0 && dr == 0:
		return rules.M("pinuid.nowhere", args), nil, true
	case abs(df) != abs(dr):
		return rules.M("pinuid.not_diagonal", args), nil, true
	}
	args["Count"] = abs(df)
	if one := at(from.File()+sign(df), from.Rank()+sign(dr)); g.board[one] == 0 {
		suggest = []string{from.String() + "-" + one.String()}
	}
	return rules.M("pinuid.too_far", args), suggest, true
}

// openNeighbours lists the empty diagonal neighbours of s, in the order
// Legal tries them.
func (g *Game) openNeighbours(s Square) []string {
	var names []string
	for d := range diagonals {
		if t, ok := g.geo.neighbour(s, d); ok && g.board[t] == 0 {
			names = append(names, t.String())
		}
	}
	return names
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
