package pinuid

import (
	"pbem/rules"
	"strconv"
	"strings"
)

// maxSide is the most files or ranks a setup may have (files a to p).
const maxSide = 16

// fileLetters name the files from the left.
const fileLetters = "abcdefghijklmnop"

// Square is one square of the board, its file and rank counted from 0 and
// packed as rank*16+file, so that a square prints itself without knowing the
// board's size (which comes from the setup table).
type Square uint8

// at is the square in 0-based file f and rank r.
func at(f, r int) Square { return Square(r*maxSide + f) }

// File is the 0-based file: a is 0.
func (s Square) File() int { return int(s) % maxSide }

// Rank is the 0-based rank: rank 1 is 0.
func (s Square) Rank() int { return int(s) / maxSide }

// String is the square as records write it: "c2".
func (s Square) String() string {
	return fileLetters[s.File():s.File()+1] + strconv.Itoa(s.Rank()+1)
}

// colour is the square's parity, (file + rank) mod 2: a diagonal step never
// changes it, and three squares in an orthogonal row have colours a-b-a.
func (s Square) colour() int { return (s.File() + s.Rank()) % 2 }

// diagonals are the four diagonal steps as (file, rank) offsets, in the
// order Legal lists them: down-left, down-right, up-left, up-right.
var diagonals = [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}

// geometry is the board's size, as the setup table gives it.
type geometry struct {
	files, ranks int
}

func (g geometry) on(f, r int) bool { return f >= 0 && f < g.files && r >= 0 && r < g.ranks }

func (g geometry) contains(s Square) bool { return g.on(s.File(), s.Rank()) }

// neighbour is the square one diagonal step d from s, if it is on the board.
func (g geometry) neighbour(s Square, d int) (Square, bool) {
	f, r := s.File()+diagonals[d][0], s.Rank()+diagonals[d][1]
	if !g.on(f, r) {
		return 0, false
	}
	return at(f, r), true
}

// lastFile is the letter of the rightmost file.
func (g geometry) lastFile() string { return fileLetters[g.files-1 : g.files] }

// parseSquare reads a square such as c2; text is lower case. The error says
// what is wrong in a player's words; suggest holds what was likely meant.
func (g geometry) parseSquare(text string) (s Square, suggest []string, err *rules.Msg) {
	fail := func(code rules.Code, args rules.Args, suggest ...string) (Square, []string, *rules.Msg) {
		if args == nil {
			args = rules.Args{}
		}
		args["Text"], args["Last"], args["Ranks"] = text, g.lastFile(), g.ranks
		m := rules.M(code, args)
		return 0, suggest, &m
	}
	if text == "" {
		return fail("pinuid.square_missing", nil)
	}
	if c := text[0]; c >= '0' && c <= '9' {
		// Rank first ("2c") is a common slip.
		i := strings.IndexFunc(text, func(r rune) bool { return r < '0' || r > '9' })
		if i > 0 {
			if t, _, err := g.parseSquare(text[i:] + text[:i]); err == nil {
				return fail("pinuid.file_first", nil, t.String())
			}
		}
		return fail("pinuid.not_a_square", nil)
	}
	letter, digits := text[0], text[1:]
	if letter < 'a' || letter > 'z' {
		return fail("pinuid.not_a_square", nil)
	}
	if digits == "" || strings.TrimLeft(digits, "0123456789") != "" {
		return fail("pinuid.not_a_square", nil)
	}
	f := int(letter - 'a')
	if f >= g.files {
		return fail("pinuid.no_file", rules.Args{"File": string(letter)})
	}
	r, aerr := strconv.Atoi(digits)
	if aerr != nil || r < 1 || r > g.ranks {
		return fail("pinuid.no_rank", rules.Args{"Rank": digits})
	}
	return at(f, r-1), nil, nil
}
