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
		return Ply{}, rules.Errorf(n, tok, "notation", "the ply is empty; a ply is a diagonal step such as b1-c2")
	}
	return Ply{}, rules.Errorf(n, tok, "notation", "%s is not a Pinuid ply; a ply is a diagonal step such as b1-c2", tok)
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

func (sc *plyScanner) fail(rule, format string, args ...any) *rules.Error {
	return rules.Errorf(sc.n, sc.tok, rule, format, args...)
}

func (sc *plyScanner) suggest(e *rules.Error, suggest []string) *rules.Error {
	if len(suggest) > 0 {
		e.Suggest = suggest
		e.Msg += "; " + rules.DidYouMean(suggest)
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
			return 0, sc.fail("notation", "%s is not a ply: it cannot start with %q; a ply is a diagonal step such as b1-c2", sc.s, sc.next())
		}
		if sc.i == len(sc.s) {
			return 0, sc.fail("notation", "%s: a square is missing at the end; a square is a file letter and a rank number, such as c2", sc.s)
		}
		return 0, sc.fail("notation", "%s: %q cannot start a square; a square is a file letter and a rank number, such as c2", sc.s, sc.next())
	}
	s, suggest, err := sc.geo.parseSquare(text)
	if err != nil {
		return 0, sc.suggest(sc.fail("notation", "%v", err), suggest)
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
			return sc.fail("notation", "%s: unexpected %q after %s; a removal is written x and the square, as in b1-c2xc1",
				sc.s, sc.next(), sc.s[:sc.i])
		}
		sc.i++
		if sc.i == len(sc.s) {
			return sc.fail("notation", "%s: x needs the square of the pin to remove, as in xc1", sc.s)
		}
		s, err := sc.square()
		if err != nil {
			return err
		}
		if p.n == maxRemovals {
			return sc.fail("notation", "%s removes more than %d pins; one turn removes at most one pin for each of the at most %d rows a step can make", sc.s, maxRemovals, maxRemovals)
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
		return Ply{}, sc.fail("notation", "the ply is empty; a ply is a diagonal step such as b1-c2, with removals such as b1-c2xc1, or xc1, +c1 or pass")
	case sc.s == "pass":
		return Ply{action: pass}, nil
	case strings.HasPrefix(sc.s, "s") && strings.Contains(sc.s, ":"):
		seat, why, ok := rules.ParseLeaveToken(sc.s)
		if !ok {
			return Ply{}, sc.fail("notation", "%s is not a ply; a seat leaving the game is written s3:resign or s3:time", sc.s)
		}
		return Ply{action: leave, seat: seat, why: why}, nil
	case sc.s[0] == '+':
		sc.i = 1
		if len(sc.s) == 1 {
			return Ply{}, sc.fail("notation", "+ needs the square where the pin comes back, as in +c1")
		}
		s, err := sc.square()
		if err != nil {
			return Ply{}, err
		}
		if sc.i < len(sc.s) {
			return Ply{}, sc.fail("notation", "%s: a re-entry is the whole turn; nothing may follow +%s", sc.s, s)
		}
		return Ply{action: enter, to: s}, nil
	case sc.s[0] == 'x':
		p := Ply{action: remove}
		if err := sc.removalsInto(&p); err != nil {
			return Ply{}, err
		}
		return p, nil
	case !strings.ContainsAny(sc.s, "0123456789"):
		e := sc.fail("notation", "%s is not a ply; a ply is a diagonal step such as b1-c2, with removals such as b1-c2xc1, or xc1, +c1 or pass", sc.s)
		return Ply{}, sc.suggest(e, rules.Nearest(sc.s, []string{"pass"}, 2))
	}
	from, err := sc.square()
	if err != nil {
		return Ply{}, err
	}
	if sc.i == len(sc.s) {
		return Ply{}, sc.fail("notation", "%s is a square, not a ply; a step names the pin's square and where it goes: %s-%s",
			sc.s, from, g.firstNeighbour(from))
	}
	if c := sc.s[sc.i]; c != '-' {
		e := sc.fail("notation", "%s: put a - between the pin's square and where it steps, as in b1-c2", sc.s)
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
	if msg, suggest := g.stepShape(from, to); msg != "" {
		return Ply{}, sc.suggest(sc.fail("diagonal step", "%s", msg), suggest)
	}
	if sc.i < len(sc.s) && sc.s[sc.i] == '-' {
		return Ply{}, sc.fail("notation", "%s: a turn is one step of one square; removals follow it with x, as in %s-%sx...", sc.s, from, to)
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
func (g *Game) stepShape(from, to Square) (msg string, suggest []string) {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if abs(df) == 1 && abs(dr) == 1 {
		return "", nil
	}
	where := fmt.Sprintf("every square diagonally next to %s is taken now", from)
	if open := g.openNeighbours(from); len(open) > 0 {
		where = fmt.Sprintf("from %s a pin may go to %s", from, orList(open))
	}
	switch {
	case df == 0 && dr == 0:
		return fmt.Sprintf("%s-%s goes nowhere; a pin steps one square diagonally: %s", from, to, where), nil
	case abs(df) != abs(dr):
		return fmt.Sprintf("%s-%s is not diagonal; a pin steps one square diagonally, forward or backward: %s", from, to, where), nil
	}
	msg = fmt.Sprintf("%s-%s goes %d squares; a pin steps just one square diagonally and never jumps: %s", from, to, abs(df), where)
	if one := at(from.File()+sign(df), from.Rank()+sign(dr)); g.board[one] == 0 {
		suggest = []string{from.String() + "-" + one.String()}
	}
	return msg, suggest
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
