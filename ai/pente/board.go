package pente

import (
	"math/rand/v2"
	"sync"

	"pbem/rules/pente"
)

// The board is a padded one-dimensional array: five wall points on every
// side, so that any step of up to five points from a board point stays in
// the array and lands on a wall instead of wrapping to another row.
const (
	size  = pente.Size
	pad   = 5
	width = size + pad
	// one spare row: a step of five along the rising diagonal from the
	// top-right point goes one past the last padded row.
	cells = (size+2*pad)*width + width + pad
)

// Point contents.
const (
	empty int8 = iota
	white
	black
	wall
)

// dir4 are the four line directions; dir8 adds their opposites.
var (
	dir4 = [4]int{1, width, width + 1, width - 1}
	dir8 = [8]int{1, width, width + 1, width - 1, -1, -width, -width - 1, -width + 1}
)

// idx is the array index of a rules point; point the inverse.
func idx(p pente.Point) int { return (p.Rank()+pad)*width + p.File() + pad }

func point(i int) pente.Point { return pente.At(i%width-pad, i/width-pad) }

// onBoard lists the array indices of the 361 points, in rules order.
var onBoard = func() (t [size * size]int) {
	for p := range pente.Point(size * size) {
		t[p] = idx(p)
	}
	return t
}()

// zobristKeys are the hash keys: stone keys per point and colour, the
// side to move, the captured counts and a standing Boat-Pente five.
type zobristKeys struct {
	stone   [cells][3]uint64
	side    uint64
	caps    [3][32]uint64
	pending [cells]uint64
}

// The tables below are filled when the first board is made (newBoard):
// most runs of pbem never think, and building them at start-up was a
// sixth of what a review of records spent before its first game. They are
// never written after.
var (
	tablesOnce sync.Once
	zobrist    zobristKeys
	wallMask   [cells][4]uint32 // the walls among each point's line neighbours
	valueTable [7 * 7 * 7 * 7]int32
)

func fillTables() {
	zobrist = newZobrist()
	wallMask = newWallMask()
	valueTable = newValueTable()
}

// newZobrist makes the hash keys from a fixed seed: hashes are the same in
// every run.
func newZobrist() (z zobristKeys) {
	r := rand.New(rand.NewPCG(0x70656e7465, 0x7a6f62))
	for i := range z.stone {
		z.stone[i][1], z.stone[i][2] = r.Uint64(), r.Uint64()
		z.pending[i] = r.Uint64()
	}
	z.side = r.Uint64()
	for c := range z.caps {
		for n := range z.caps[c] {
			z.caps[c][n] = r.Uint64()
		}
	}
	return z
}

// rulesOf are the variant's rules as the board needs them.
type rulesOf struct {
	pairs, triples bool // which runs are captured
	need           int  // captured stones that win
	exact          bool // only exactly five wins (Gomoku)
	boat, poof     bool
}

func rulesFor(v pente.Variant) rulesOf {
	r := rulesOf{pairs: true, need: 10}
	switch v {
	case pente.Gomoku:
		r.pairs, r.exact = false, true
	case pente.Keryo:
		r.triples, r.need = true, 15
	case pente.Boat:
		r.boat = true
	case pente.Poof:
		r.poof = true
	}
	return r
}

// undo is what make changed, for unmake.
type undo struct {
	at        int
	removed   [32]int16 // index<<2 | colour
	nRemoved  int
	caps      [3]int
	pending   int8
	pendingAt int
	winner    int8
	hash      uint64
}

// board is a position with its own make and unmake, far cheaper than
// cloning a rules.Game. winner is 0 while the game goes on, else the
// winning colour, or 3 for a full-board draw.
type board struct {
	rules     rulesOf
	cell      [cells]int8
	near      [cells]int8 // stones within two points (either colour)
	caps      [3]int      // stones captured by each colour
	side      int8        // colour to move
	plies     int
	empties   int
	pending   int8 // colour whose Boat-Pente five stands, 0 if none
	pendingAt int  // a stone of that five
	winner    int8
	hash      uint64
	lines     int32 // sum of window scores, White's view
	stack     []undo
	// cat is, for each empty point, colour and direction, the line shape a
	// stone there would make (see lineShape); val sums a point's four
	// lines into a move value per colour. Both are kept up to date by set,
	// so that listing and valuing candidates reads them instead of
	// scanning lines at every node.
	cat [cells][2][4]uint8
	val [2][cells]int32
	// mask holds, per point and direction, the White and Black stones
	// among its ten neighbours on the line; walls are fixed (wallMask).
	mask   [cells][4][2]uint32
	shapes []uint8 // catTable for the variant
}

func newWallMask() (t [cells][4]uint32) {
	var cell [cells]bool
	for _, i := range onBoard {
		cell[i] = true
	}
	for _, i := range onBoard {
		for k, d := range dir4 {
			for off := -5; off <= 5; off++ {
				if off != 0 && !cell[i+off*d] {
					t[i][k] |= bitOf(off)
				}
			}
		}
	}
	return t
}

// winIndex is the index into winTable of point i's line k.
func (b *board) winIndex(i, k int) uint32 {
	x := wallMask[i][k]
	w := (b.mask[i][k][0] | x) >> 1 & 0xff
	bl := (b.mask[i][k][1] | x) >> 1 & 0xff
	return w | bl<<8
}

// reshape recomputes the shapes of empty point j along line k.
func (b *board) reshape(j, k int) {
	x := wallMask[j][k]
	m := &b.mask[j][k]
	b.cat[j][0][k] = b.shapes[m[0]|(m[1]|x)<<10]
	b.cat[j][1][k] = b.shapes[m[1]|(m[0]|x)<<10]
	b.val[0][j] = lineValue(&b.cat[j][0])
	b.val[1][j] = lineValue(&b.cat[j][1])
}

func newBoard(r rulesOf) *board {
	b := &board{rules: r, side: white, empties: size * size}
	for i := range b.cell {
		b.cell[i] = wall
	}
	for _, i := range onBoard {
		b.cell[i] = empty
	}
	tablesOnce.Do(fillTables)
	b.shapes = catTable(r.exact)
	winOnce.Do(func() { winTable = buildWinTable() })
	for _, i := range onBoard {
		for k := range dir4 {
			b.reshape(i, k)
		}
	}
	b.hash = zobrist.caps[1][0] ^ zobrist.caps[2][0]
	b.stack = make([]undo, 0, 128)
	return b
}

// set changes one point, keeping the window sum, the hash, the line masks
// and shapes of the points around it, and the near counts.
func (b *board) set(i int, c int8) {
	old := b.cell[i]
	for k := range dir4 {
		b.lines += winTable[c][b.winIndex(i, k)] - winTable[old][b.winIndex(i, k)]
	}
	if old == white || old == black {
		b.hash ^= zobrist.stone[i][old]
	}
	b.cell[i] = c
	if c != empty {
		b.hash ^= zobrist.stone[i][c]
	}
	for k, d := range dir4 {
		for off := -5; off <= 5; off++ {
			if off == 0 {
				continue
			}
			j := i - off*d
			if b.cell[j] == wall {
				continue
			}
			bit := bitOf(off)
			m := &b.mask[j][k]
			m[0] &^= bit
			m[1] &^= bit
			if c == white || c == black {
				m[c-1] |= bit
			}
			if b.cell[j] == empty {
				b.reshape(j, k)
			}
		}
		if c == empty {
			b.reshape(i, k)
		}
	}
	delta := int8(1)
	if c == empty {
		delta = -1
	}
	for dr := -2; dr <= 2; dr++ {
		for df := -2; df <= 2; df++ {
			b.near[i+dr*width+df] += delta
		}
	}
}

func (b *board) setCaps(c int8, n int) {
	b.hash ^= zobrist.caps[c][min(b.caps[c], 31)] ^ zobrist.caps[c][min(n, 31)]
	b.caps[c] = n
}

// captures appends to out the stones of the other colour that a stone of c
// on i encloses.
func (b *board) captures(i int, c int8, out []int16) []int16 {
	opp := 3 - c
	for _, d := range dir8 {
		if b.cell[i+d] != opp {
			continue
		}
		if b.rules.pairs && b.cell[i+2*d] == opp && b.cell[i+3*d] == c {
			out = append(out, int16(i+d), int16(i+2*d))
		}
		if b.rules.triples && b.cell[i+2*d] == opp && b.cell[i+3*d] == opp && b.cell[i+4*d] == c {
			out = append(out, int16(i+d), int16(i+2*d), int16(i+3*d))
		}
	}
	return out
}

// captureCount is len(captures) without the list.
func (b *board) captureCount(i int, c int8) int {
	if !b.rules.pairs {
		return 0
	}
	opp := 3 - c
	n := 0
	for _, d := range dir8 {
		if b.cell[i+d] != opp || b.cell[i+2*d] != opp {
			continue
		}
		if b.cell[i+3*d] == c {
			n += 2
		} else if b.rules.triples && b.cell[i+3*d] == opp && b.cell[i+4*d] == c {
			n += 3
		}
	}
	return n
}

// run is the length of the line of c through i along d (i counted as c).
func (b *board) run(i, d int, c int8) int {
	n := 1
	for j := i + d; b.cell[j] == c; j += d {
		n++
	}
	for j := i - d; b.cell[j] == c; j -= d {
		n++
	}
	return n
}

func (b *board) wins(n int) bool {
	if b.rules.exact {
		return n == 5
	}
	return n >= 5
}

// fiveThrough reports a winning line of c through the stone on i.
func (b *board) fiveThrough(i int, c int8) bool {
	if b.cell[i] != c {
		return false
	}
	for _, d := range dir4 {
		if b.wins(b.run(i, d, c)) {
			return true
		}
	}
	return false
}

// makesFive reports whether a stone of c on empty i makes a winning line.
func (b *board) makesFive(i int, c int8) bool {
	return b.val[c-1][i] >= valueWin
}

// breakable reports whether the other colour can, with one capture, leave
// c without the five through i (Boat-Pente).
func (b *board) breakable(i int, c int8) bool {
	opp := 3 - c
	var buf [32]int16
	for _, q := range onBoard {
		if b.cell[q] != empty {
			continue
		}
		taken := b.captures(q, opp, buf[:0])
		if len(taken) == 0 {
			continue
		}
		// Only the cells matter to fiveThrough: change them directly.
		b.cell[q] = opp
		for _, t := range taken {
			b.cell[t] = empty
		}
		broken := !b.fiveThrough(i, c)
		b.cell[q] = empty
		for _, t := range taken {
			b.cell[t] = c
		}
		if broken {
			return true
		}
	}
	return false
}

// make plays a stone for the side to move on empty point i.
func (b *board) make(i int) {
	own := b.side
	opp := 3 - own
	u := undo{at: i, caps: b.caps, pending: b.pending, pendingAt: b.pendingAt, winner: b.winner, hash: b.hash}
	b.set(i, own)
	b.empties--
	var buf [32]int16
	taken := b.captures(i, own, buf[:0])
	nTaken := len(taken)
	if b.rules.poof {
		first := true
		for _, d := range dir8 {
			if b.cell[i-d] == opp && b.cell[i+d] == own && b.cell[i+2*d] == opp {
				if first {
					taken = append(taken, int16(i))
					first = false
				}
				taken = append(taken, int16(i+d))
			}
		}
	}
	for _, t := range taken {
		u.removed[u.nRemoved] = t<<2 | int16(b.cell[t])
		u.nRemoved++
		b.set(int(t), empty)
	}
	b.empties += len(taken)
	if nTaken > 0 {
		b.setCaps(own, b.caps[own]+nTaken)
	}
	if poofed := len(taken) - nTaken; poofed > 0 {
		b.setCaps(opp, b.caps[opp]+poofed)
	}
	if b.pending != 0 {
		b.hash ^= zobrist.pending[b.pendingAt]
	}
	b.winner = b.decide(i, own, opp)
	if b.pending != 0 {
		b.hash ^= zobrist.pending[b.pendingAt]
	}
	b.side = opp
	b.hash ^= zobrist.side
	b.plies++
	b.stack = append(b.stack, u)
}

// decide is rules/pente's order: the mover's capture win (both in
// Poof-Pente), a standing Boat-Pente five left unbroken, the mover's five.
func (b *board) decide(i int, own, opp int8) int8 {
	need := b.rules.need
	if b.rules.poof {
		if b.caps[own] >= need && b.caps[own] > b.caps[opp] {
			return own
		}
		if b.caps[opp] >= need && b.caps[opp] > b.caps[own] {
			return opp
		}
	} else if b.caps[own] >= need {
		return own
	}
	if b.pending == opp {
		b.pending = 0
		if b.fiveThrough(b.pendingAt, opp) {
			return opp
		}
	}
	if b.fiveThrough(i, own) {
		if b.rules.boat && b.breakable(i, own) {
			b.pending, b.pendingAt = own, i
		} else {
			return own
		}
	}
	if b.empties == 0 {
		return 3
	}
	return 0
}

// unmake takes back the last make.
func (b *board) unmake() {
	u := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	b.plies--
	b.side = 3 - b.side
	for k := u.nRemoved - 1; k >= 0; k-- {
		r := u.removed[k]
		b.set(int(r>>2), int8(r&3))
	}
	b.empties += 1 - u.nRemoved
	b.set(u.at, empty)
	b.caps, b.pending, b.pendingAt, b.winner = u.caps, u.pending, u.pendingAt, u.winner
	b.hash = u.hash
}
