package pente

import (
	"strconv"
	"strings"

	"pbem/rules"
)

// Size is the board's width and height in points.
const Size = 19

// N is the number of points on the board.
const N = Size * Size

// files are the column letters, left to right; Pente skips I.
const files = "ABCDEFGHJKLMNOPQRST"

// Point is an intersection, numbered rank by rank from A1 (0) to T19 (360).
type Point int16

// Centre is K10, where White's first stone goes.
const Centre = Point(9*Size + 9)

// At is the point in 0-based column f and row r.
func At(f, r int) Point { return Point(r*Size + f) }

// File is the 0-based column.
func (p Point) File() int { return int(p) % Size }

// Rank is the 0-based row (row 1 is 0).
func (p Point) Rank() int { return int(p) / Size }

func (p Point) String() string {
	if p >= 0 && p < N {
		return pointNames[p]
	}
	return string(files[p.File()]) + strconv.Itoa(p.Rank()+1)
}

// pointNames are the names of the points, made once: writing a record or
// a message names a point for every ply.
var pointNames = func() (t [N]string) {
	var all strings.Builder
	ends := make([]int, N)
	for p := range Point(N) {
		all.WriteString(string(files[p.File()]) + strconv.Itoa(p.Rank()+1))
		ends[p] = all.Len()
	}
	s, start := all.String(), 0
	for p, end := range ends {
		t[p], start = s[start:end], end
	}
	return t
}()

// plies holds every point boxed once as a rules.Ply, so that listing legal
// plies does not allocate per point. It is never written after start-up.
var plies = func() (t [N]rules.Ply) {
	for i := range t {
		t[i] = Point(i)
	}
	return t
}()

// ParsePoint reads a point such as K10 or k10. The error is an *rules.Error
// for ply n that says what is wrong and suggests what was likely meant.
func ParsePoint(n int, tok string) (Point, error) {
	if p, ok := plainPoint(tok); ok {
		return p, nil
	}
	return parsePoint(n, tok)
}

// parsePoint is ParsePoint's full reading, with its advice.
func parsePoint(n int, tok string) (Point, error) {
	s := strings.ToUpper(strings.TrimSpace(tok))
	bad := func(code rules.Code, args rules.Args, suggest ...string) (Point, error) {
		if args == nil {
			args = rules.Args{}
		}
		args["Token"] = tok
		e := rules.Fail(n, tok, "rule.notation", code, args)
		e.Suggest = suggest
		return 0, e
	}
	if s == "" {
		return bad("pente.empty_ply", nil)
	}
	// Digits first ("10K") is a common slip.
	if s[0] >= '0' && s[0] <= '9' {
		i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
		if i > 0 && i == len(s)-1 {
			if p, err := ParsePoint(n, s[i:]+s[:i]); err == nil {
				return bad("pente.letter_first", nil, p.String())
			}
		}
		return bad("pente.not_a_point", nil)
	}
	col, digits := s[0], s[1:]
	row, err := strconv.Atoi(digits)
	if err != nil || digits == "" || digits[0] == '+' || digits[0] == '-' {
		return bad("pente.not_a_point", nil)
	}
	if row < 1 || row > Size {
		var near []string
		if f := strings.IndexByte(files, col); f >= 0 {
			if row < 1 {
				near = append(near, At(f, 0).String())
			} else {
				near = append(near, At(f, Size-1).String())
			}
		}
		return bad("pente.no_row", rules.Args{"Row": digits}, near...)
	}
	f := strings.IndexByte(files, col)
	if col == 'I' {
		return bad("pente.no_i_column", nil, At(7, row-1).String(), At(8, row-1).String())
	}
	if f < 0 {
		args := rules.Args{"Column": string(col)}
		if col > 'T' && col <= 'Z' {
			return bad("pente.no_column", args, At(Size-1, row-1).String())
		}
		return bad("pente.no_column", args)
	}
	return At(f, row-1), nil
}

// plainPoint reads the common form quickly: a column letter in either case
// and a row of 1-19 without leading zeros, nothing else. ParsePoint reads
// everything else, with the same results.
func plainPoint(tok string) (Point, bool) {
	if len(tok) < 2 || len(tok) > 3 || tok[1] < '1' || tok[1] > '9' {
		return 0, false
	}
	c := tok[0] &^ 0x20 // upper case
	if c < 'A' || c > 'T' || c == 'I' {
		return 0, false
	}
	f := int(c - 'A')
	if c > 'I' {
		f--
	}
	row := int(tok[1] - '0')
	if len(tok) == 3 {
		if tok[2] < '0' || tok[2] > '9' {
			return 0, false
		}
		row = 10*row + int(tok[2]-'0')
	}
	if row > Size {
		return 0, false
	}
	return At(f, row-1), true
}
