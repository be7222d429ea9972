package dobbal

import (
	"strconv"
	"strings"
)

// Square is a square of the board, numbered rank by rank from a1 (0) to g7
// (48). None marks a skipped step or no square at all.
type Square int8

// None is no square.
const None Square = -1

// At is the square in 0-based file f and rank r.
func At(f, r int) Square { return Square(r*Size + f) }

// File is the 0-based file.
func (s Square) File() int { return int(s) % Size }

// Rank is the 0-based rank (rank 1 is 0).
func (s Square) Rank() int { return int(s) / Size }

// onBoard reports whether s names a square of the board.
func (s Square) onBoard() bool { return s >= 0 && s < N }

func (s Square) String() string {
	if !s.onBoard() {
		return "?"
	}
	return files[s.File():s.File()+1] + strconv.Itoa(s.Rank()+1)
}

// ParseSquare reads a square such as c2 (or C2).
func ParseSquare(s string) (Square, bool) {
	s = strings.ToLower(s)
	if len(s) != 2 {
		return None, false
	}
	f := strings.IndexByte(files, s[0])
	r := int(s[1] - '1')
	if f < 0 || r < 0 || r >= Size {
		return None, false
	}
	return At(f, r), true
}

// mustSquare reads a square of the data tables when the package starts; a
// bad one is a defect of the tables, caught by every test.
func mustSquare(s string) Square {
	sq, ok := ParseSquare(s)
	if !ok {
		panic("dobbal: bad square in the data tables: " + s)
	}
	return sq
}

// dirs are the 8 directions as (file, rank) steps.
var dirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// delta is each direction's step in square numbers.
var delta = func() (t [8]Square) {
	for d, v := range dirs {
		t[d] = Square(v[1]*Size + v[0])
	}
	return t
}()

// span is how many squares lie between each square and the edge in each
// direction: a move of k squares that way stays on the board when k <= span.
var span = func() (t [N][8]int8) {
	for s := range Square(N) {
		for d, v := range dirs {
			f, r := s.File(), s.Rank()
			for n := 0; ; n++ {
				f, r = f+v[0], r+v[1]
				if f < 0 || f >= Size || r < 0 || r >= Size {
					t[s][d] = int8(n)
					break
				}
			}
		}
	}
	return t
}()

// line says how from and to lie: the direction and the distance when they
// are on one rank, file or diagonal and differ; ok is false otherwise.
func line(from, to Square) (d, dist int, ok bool) {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if (df == 0 && dr == 0) || (df != 0 && dr != 0 && abs(df) != abs(dr)) {
		return 0, 0, false
	}
	dist = max(abs(df), abs(dr))
	unit := [2]int{sign(df), sign(dr)}
	for d, v := range dirs {
		if v == unit {
			return d, dist, true
		}
	}
	return 0, 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
