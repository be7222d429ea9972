package pente

import (
	"math/rand/v2"

	"pbem/rules/pente"
)

// The opening book covers the first three plies, where a search has nothing
// to read: White's first stone on the centre, Black's answer next to it, and
// White's second stone, which the tournament rule keeps at least three
// points from the centre. The seed picks among equally good choices, so
// that games differ.
var (
	// blackReplies are Black's usual answers: adjacent, straight or
	// diagonal, and now and then a knight's step.
	blackReplies = [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1},
		{1, 0}, {0, 1}, {1, 1}, {-1, -1}, {2, 1}, {1, -2}}
	// whiteTournament are White's second stones under the tournament rule,
	// in one octant; symmetries give the rest.
	whiteTournament = [][2]int{{3, 0}, {3, 1}, {3, 2}, {3, 3}, {4, 1}}
	// whiteFree are White's second stones without the rule.
	whiteFree = [][2]int{{1, 0}, {1, 1}, {2, 0}, {2, 1}, {2, 2}}
)

// book returns the book's ply for the first three plies.
func (b *board) book(rng *rand.Rand, tournament, gPente bool) (int, bool) {
	c := idx(pente.Centre)
	switch b.plies {
	case 0:
		return c, true
	case 1:
		for range 8 {
			o := blackReplies[rng.IntN(len(blackReplies))]
			if i := c + o[0] + o[1]*width; b.cell[i] == empty {
				return i, true
			}
		}
	case 2:
		list := whiteFree
		if tournament {
			list = whiteTournament
		}
		for range 16 {
			o := list[rng.IntN(len(list))]
			df, dr := o[0], o[1]
			if rng.IntN(2) == 1 {
				df, dr = dr, df
			}
			if rng.IntN(2) == 1 {
				df = -df
			}
			if rng.IntN(2) == 1 {
				dr = -dr
			}
			if gPente && (df == 0 || dr == 0) && max(abs(df), abs(dr)) <= 4 {
				continue
			}
			if i := c + df + dr*width; b.cell[i] == empty {
				return i, true
			}
		}
	}
	return 0, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
