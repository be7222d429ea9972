// Package yardstick is the floor pbem's reading of records is measured
// against: a minimal validator of Pente records that works straight on the
// bytes, with no rules engine and no parser library. It reads the export
// form of records.md (tags, movetext with move numbers, comments, NAGs and
// variations, one result per game), replays each game's main line on a
// flat board (captures of pairs, five in a row, the tournament rule) and
// gives the same verdict as `pbem review`: valid or not, and the result by
// the rules. It knows plain Pente only, the game of the real data set;
// it is a benchmark's yardstick, not a reader players depend on.
package yardstick

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Verdict is what the yardstick makes of one game.
type Verdict struct {
	Valid bool
	// Outcome is the result by the rules at the end of the main line:
	// 1-0, 0-1, or * while they decide none.
	Outcome string
}

// ErrNotPente is returned for a game of another kind than Pente.
var ErrNotPente = errors.New("yardstick: only plain Pente is known")

const (
	size    = 19
	points  = size * size
	centre  = 9*size + 9
	capWin  = 10 // captured stones that win
	bufSize = 64 << 10
)

var dirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// game is the state of the game being read.
type game struct {
	board      [points]int8 // 0 empty, 1 White, 2 Black
	captured   [3]int
	plies      int
	over       bool
	winner     int8
	bad        bool // a ply was refused: later plies are not played
	tournament bool
	notPente   bool
	resultTag  string
}

func (g *game) reset() { *g = game{tournament: true} }

// Check reads the records r gives and calls verdict for each game, in
// order. It holds one game's state and one block of text at a time.
func Check(r io.Reader, verdict func(Verdict)) error {
	br := bufio.NewReaderSize(r, bufSize)
	var g game
	g.reset()
	inComment, depth, started := false, 0, false
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return errors.New("yardstick: a line longer than 64 KB")
		}
		i := 0
		for i < len(line) {
			c := line[i]
			switch {
			case inComment:
				j := bytes.IndexByte(line[i:], '}')
				if j < 0 {
					i = len(line)
					continue
				}
				i += j + 1
				inComment = false
			case c == ' ' || c == '\n' || c == '\r' || c == '\t':
				i++
			case c == '{':
				inComment = true
				i++
			case c == ';':
				i = len(line)
			case c == '(':
				depth++
				i++
			case c == ')':
				depth--
				i++
			case c == '[':
				i += g.tag(line[i:])
				started = true
			default:
				j := i
				for j < len(line) && !isDelim(line[j]) {
					j++
				}
				if depth == 0 && g.word(line[i:j], verdict) {
					if g.notPente {
						return ErrNotPente
					}
					g.reset()
					started = false
				} else {
					started = true
				}
				i = j
			}
		}
		if err == io.EOF {
			if started {
				return errors.New("yardstick: the last game has no result")
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func isDelim(c byte) bool {
	switch c {
	case ' ', '\n', '\r', '\t', '{', '}', '(', ')', ';', '[':
		return true
	}
	return false
}

// tag reads [Name "value"] at the start of b and returns its length.
func (g *game) tag(b []byte) int {
	q := bytes.IndexByte(b, '"')
	e := bytes.IndexByte(b, ']')
	if q < 0 || e < 0 {
		g.bad = true
		return len(b)
	}
	v := b[q+1:]
	v = v[:bytes.IndexByte(v, '"')]
	name := bytes.TrimSpace(b[1:q])
	switch string(name) {
	case "Game":
		g.notPente = string(v) != "Pente"
	case "Variant":
		g.notPente = g.notPente || string(v) != "Pente"
	case "Options":
		for _, o := range bytes.Fields(v) {
			switch string(o) {
			case "tournament=off":
				g.tournament = false
			case "tournament=on", "variant=pente":
			default:
				g.notPente = true
			}
		}
	case "Result":
		g.resultTag = string(v)
	}
	return e + 1
}

// word takes one word of main-line movetext; it reports the end of the
// game (a result), after calling verdict.
func (g *game) word(w []byte, verdict func(Verdict)) bool {
	// A move number, "12." or "12...", maybe stuck to a ply.
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	if d > 0 && d < len(w) && w[d] == '.' {
		for d < len(w) && w[d] == '.' {
			d++
		}
		w = w[d:]
		if len(w) == 0 {
			return false
		}
	}
	switch string(w) {
	case "1-0", "0-1", "1/2-1/2", "*":
		verdict(g.end(string(w)))
		return true
	}
	if w[0] == '$' {
		return false
	}
	for len(w) > 0 && (w[len(w)-1] == '!' || w[len(w)-1] == '?') {
		w = w[:len(w)-1]
	}
	g.play(w)
	return false
}

// play plays one ply as written, unless a ply before was refused.
func (g *game) play(w []byte) {
	if g.bad {
		return
	}
	p, ok := point(w)
	if !ok || g.over || g.board[p] != 0 {
		g.bad = true
		return
	}
	g.plies++
	n := g.plies
	if n == 1 && p != centre {
		g.bad = true
		return
	}
	f, r := p%size, p/size
	if n == 3 && g.tournament && abs(f-9) < 3 && abs(r-9) < 3 {
		g.bad = true
		return
	}
	own := int8(2 - n%2)
	opp := 3 - own
	g.board[p] = own
	for _, d := range dirs {
		f1, r1 := f+d[0], r+d[1]
		f3, r3 := f+3*d[0], r+3*d[1]
		if f3 < 0 || f3 >= size || r3 < 0 || r3 >= size {
			continue
		}
		q1, q2, q3 := r1*size+f1, (r+2*d[1])*size+f+2*d[0], r3*size+f3
		if g.board[q1] == opp && g.board[q2] == opp && g.board[q3] == own {
			g.board[q1], g.board[q2] = 0, 0
			g.captured[own] += 2
		}
	}
	if g.captured[own] >= capWin {
		g.over, g.winner = true, own
		return
	}
	for _, d := range dirs[:4] {
		if 1+g.run(f, r, d[0], d[1], own)+g.run(f, r, -d[0], -d[1], own) >= 5 {
			g.over, g.winner = true, own
			return
		}
	}
}

// run counts the stones of own from (f, r) on in direction (df, dr).
func (g *game) run(f, r, df, dr int, own int8) int {
	n := 0
	for {
		f, r = f+df, r+dr
		if f < 0 || f >= size || r < 0 || r >= size || g.board[r*size+f] != own {
			return n
		}
		n++
	}
}

// point reads a point such as K10: columns A-T without I, rows 1-19.
func point(w []byte) (int, bool) {
	if len(w) < 2 || len(w) > 3 {
		return 0, false
	}
	c := w[0] | 0x20 // lower case
	if c < 'a' || c > 't' || c == 'i' {
		return 0, false
	}
	f := int(c - 'a')
	if c > 'i' {
		f--
	}
	r := 0
	for _, d := range w[1:] {
		if d < '0' || d > '9' {
			return 0, false
		}
		r = 10*r + int(d-'0')
	}
	if r < 1 || r > size || w[1] == '0' {
		return 0, false
	}
	return (r-1)*size + f, true
}

// end gives the game's verdict once its result is read.
func (g *game) end(result string) Verdict {
	v := Verdict{Valid: !g.bad, Outcome: "*"}
	if g.over {
		v.Outcome = [3]string{"", "1-0", "0-1"}[g.winner]
	}
	if g.resultTag != "" && g.resultTag != result {
		v.Valid = false
	}
	if !g.bad && g.over && result != "*" && result != v.Outcome {
		v.Valid = false
	}
	return v
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
