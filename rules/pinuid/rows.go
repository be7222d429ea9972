package pinuid

import "pbem/rules"

// row is three orthogonally consecutive squares holding one seat's pins:
// start and the two after it along the rank (across) or the file (up).
type row struct {
	start Square
	up    bool
}

// square is the row's i-th square, from 0.
func (r row) square(i int) Square {
	if r.up {
		return r.start + Square(i*maxSide)
	}
	return r.start + Square(i)
}

func (r row) has(s Square) bool {
	for i := range 3 {
		if r.square(i) == s {
			return true
		}
	}
	return false
}

// String names the row for players: "c1-c2-c3".
func (r row) String() string {
	return r.square(0).String() + "-" + r.square(1).String() + "-" + r.square(2).String()
}

// rowList is the fixed list of rows one step made, and which of them have
// had their removal. Removals are checked against this list, not against
// the board, so they never make new rows.
type rowList struct {
	rows [maxRemovals]row
	n    uint8
	// spent has bit i set once rows[i] lost a pin; by[i] is that pin.
	spent uint8
	by    [maxRemovals]Square
	// moved is the pin whose step made the rows; it is never removed.
	moved Square
}

// add appends a row; a step makes at most six (see maxRemovals), and the
// list holds that many.
func (l *rowList) add(r row) {
	l.rows[l.n] = r
	l.n++
}

// open reports whether row i still awaits its removal.
func (l *rowList) open(i int) bool { return l.spent&(1<<i) == 0 }

// owing is how many rows still await their removal.
func (l *rowList) owing() int {
	n := 0
	for i := range int(l.n) {
		if l.open(i) {
			n++
		}
	}
	return n
}

// openWith is the first open row that has s.
func (l *rowList) openWith(s Square) (int, bool) {
	for i := range int(l.n) {
		if l.open(i) && l.rows[i].has(s) {
			return i, true
		}
	}
	return 0, false
}

// spend records that the pin on s was removed: every open row with s has
// now had its removal.
func (l *rowList) spend(s Square) {
	for i := range int(l.n) {
		if l.open(i) && l.rows[i].has(s) {
			l.spent |= 1 << i
			l.by[i] = s
		}
	}
}

// rowNames lists the rows, the open ones only or all, for messages.
func (l *rowList) rowNames(openOnly bool) rules.AndList {
	var names rules.AndList
	for i := range int(l.n) {
		if !openOnly || l.open(i) {
			names = append(names, l.rows[i].String())
		}
	}
	return names
}

// owed is what the open rows are owed, as a message.
func (l *rowList) owed() rules.Msg {
	return rules.M("pinuid.owed", rules.Args{"Count": l.owing(), "Rows": l.rowNames(true)})
}

// spentNames tells which removals spent the rows: "c1-c2-c3 (with c2)".
func (l *rowList) spentNames() rules.AndList {
	var names rules.AndList
	for i := range int(l.n) {
		if !l.open(i) {
			names = append(names, rules.M("pinuid.spent_row", rules.Args{"Row": l.rows[i].String(), "By": l.by[i].String()}))
		}
	}
	return names
}

// move steps the pin marked mark from from to to on the board and returns
// the rows the step made: those present after it that were not present,
// on the same three squares, before it. A step changes only the four lines
// through from and to (a diagonal step puts them on different lines): the
// runs through to are new, and so are the runs beside from that its
// leaving split off a longer run, such as a row left behind by a pin that
// leaves a run of four. Every other run is as it was.
func (g *Game) move(mark int8, from, to Square) rowList {
	g.board[from], g.board[to] = 0, mark
	l := rowList{moved: to}
	for _, up := range [2]bool{false, true} {
		df, dr, stride := 1, 0, Square(1)
		if up {
			df, dr, stride = 0, 1, maxSide
		}
		back, ahead := g.reach(mark, to, -df, -dr), g.reach(mark, to, df, dr)
		if back+1+ahead == 3 {
			l.add(row{start: to - Square(back)*stride, up: up})
		}
		if g.reach(mark, from, -df, -dr) == 3 {
			l.add(row{start: from - 3*stride, up: up})
		}
		if g.reach(mark, from, df, dr) == 3 {
			l.add(row{start: from + stride, up: up})
		}
	}
	return l
}

// reach counts the pins marked mark in a line from s, not counting s, in
// the direction (df, dr).
func (g *Game) reach(mark int8, s Square, df, dr int) int {
	f, r, n := s.File()+df, s.Rank()+dr, 0
	for g.geo.on(f, r) && g.board[at(f, r)] == mark {
		f, r, n = f+df, r+dr, n+1
	}
	return n
}
