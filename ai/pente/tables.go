package pente

import "sync"

// A line through a point is read as bit masks of its ten neighbours along
// one direction, five each side (bits 0-4 for offsets -5..-1, bits 5-9 for
// +1..+5): one mask of White's stones, one of Black's, one of walls. The
// board keeps the masks of every point up to date with a few bit operations
// per stone, and two tables turn them into what the search asks: the line
// shape a stone there would make, and the window score around it.

// bitOf is the mask bit of offset off (-5..5, not 0).
func bitOf(off int) uint32 {
	if off < 0 {
		return 1 << (off + 5)
	}
	return 1 << (off + 4)
}

// catTable maps own | blocked<<10 to the line shape of a stone on the
// centre, one table for "five or more wins" and one for "exactly five".
var (
	catOnce   [2]sync.Once
	catTables [2][]uint8
)

func catTable(exact bool) []uint8 {
	k := 0
	if exact {
		k = 1
	}
	catOnce[k].Do(func() {
		t := make([]uint8, 1<<20)
		var a [11]int8
		var fill func(pos int, own, blk uint32)
		fill = func(pos int, own, blk uint32) {
			if pos == 11 {
				t[own|blk<<10] = shapeOf(&a, exact)
				return
			}
			if pos == 5 {
				a[5] = empty
				fill(6, own, blk)
				return
			}
			bit := bitOf(pos - 5)
			a[pos] = empty
			fill(pos+1, own, blk)
			a[pos] = white
			fill(pos+1, own|bit, blk)
			a[pos] = black
			fill(pos+1, own, blk|bit)
		}
		fill(0, 0, 0)
		catTables[k] = t
	})
	return catTables[k]
}

// shapeOf reads a line of eleven points whose centre is empty for White:
// it counts, in every five-point window through the centre free of the
// other colour and walls, White's stones already there: a window with three
// more makes a four, two such windows an open four; likewise for threes.
func shapeOf(a *[11]int8, exact bool) uint8 {
	n := 1
	for k := 4; k >= 0 && a[k] == white; k-- {
		n++
	}
	for k := 6; k <= 10 && a[k] == white; k++ {
		n++
	}
	if n == 5 || (n > 5 && !exact) {
		return catFive
	}
	var w [5]int
	for s := 1; s <= 5; s++ {
		cnt := 0
		for k := s; k < s+5; k++ {
			if x := a[k]; x == white {
				cnt++
			} else if x != empty {
				cnt = -1
				break
			}
		}
		if cnt >= 0 {
			w[min(cnt, 4)]++
		}
	}
	switch {
	case w[3] >= 2:
		return catOpenFour
	case w[3] == 1:
		return catFour
	case w[2] >= 2:
		return catOpenThree
	case w[2] == 1:
		return catThree
	case w[1] >= 2:
		return catTwo
	}
	return catNone
}

// windowWeight scores a five-point window holding n stones of one colour
// and none of the other.
var windowWeight = [6]int32{0, 1, 6, 40, 300, 3000}

// winTable[centre][w | b<<8] is the summed score (White's view) of the five
// windows through a point holding centre, whose eight neighbours at
// offsets -4..4 are given as masks (a wall sets both bits). Built on first
// use: most runs of pbem never think.
var (
	winOnce  sync.Once
	winTable *[3][1 << 16]int32
)

func buildWinTable() *[3][1 << 16]int32 {
	t := new([3][1 << 16]int32)
	for centre := range int8(3) {
		for w := range uint32(1 << 8) {
			for bl := range uint32(1 << 8) {
				var a [9]int8 // 0 empty, 1 white, 2 black, 3 wall
				for k := range 8 {
					pos := k
					if k >= 4 {
						pos = k + 1
					}
					a[pos] = int8(w>>k&1) | int8(bl>>k&1)<<1
				}
				a[4] = centre
				var sum int32
				for s := range 5 {
					var n [4]int
					for k := s; k < s+5; k++ {
						n[a[k]]++
					}
					if n[3] == 0 && (n[1] == 0 || n[2] == 0) {
						sum += windowWeight[n[1]] - windowWeight[n[2]]
					}
				}
				t[centre][w|bl<<8] = sum
			}
		}
	}
	return t
}
