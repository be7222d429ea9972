package pente

// Line shapes: what a stone on an empty point would make along one line.
const (
	catNone uint8 = iota
	catTwo
	catThree
	catOpenThree
	catFour
	catOpenFour
	catFive
)

// lineValue sums a point's four line shapes into a move value.
func lineValue(cats *[4]uint8) int32 {
	return valueTable[((int(cats[0])*7+int(cats[1]))*7+int(cats[2]))*7+int(cats[3])]
}

// newValueTable is lineValue for every four shapes (valueTable).
func newValueTable() (t [7 * 7 * 7 * 7]int32) {
	for i := range t {
		cats := [4]uint8{uint8(i / 343), uint8(i / 49 % 7), uint8(i / 7 % 7), uint8(i % 7)}
		t[i] = valueOf(&cats)
	}
	return t
}

func valueOf(cats *[4]uint8) int32 {
	var n [7]int32
	for _, c := range cats {
		n[c]++
	}
	switch {
	case n[catFive] > 0:
		return valueWin
	case n[catOpenFour] > 0 || n[catFour] >= 2:
		return valueForce
	case n[catFour] == 1 && n[catOpenThree] > 0:
		return valueFourOpen
	case n[catOpenThree] >= 2:
		return valueDouble3
	}
	return n[catFour]*valueFour + n[catOpenThree]*valueOpen3 + n[catThree]*300 + n[catTwo]*60
}

// Move values: the rank of what a ply makes. Above valueWin the ply wins at
// once; above valueForce it wins by force unless the other side has a
// capture or a faster threat.
const (
	valueWin      = 1 << 24
	valueForce    = 1 << 18
	valueFourOpen = 1 << 16
	valueDouble3  = 1 << 15
	valueFour     = 4000
	valueOpen3    = 3000
)

// captureValue is what taking n stones is worth to a colour that has
// captured had: rising as the capture win nears, valueWin when it comes.
func (b *board) captureValue(had, n int) int {
	if n == 0 {
		return 0
	}
	if had+n >= b.rules.need {
		return valueWin
	}
	frac := (had + n) * 10 / b.rules.need // 0..9, pairs out of five
	return n * (500 + 250*frac*frac/2)
}

// pairSafety scores the capture threats and weak pairs a stone of c on i
// makes: it threatens to take a pair (good), or it forms a pair the other
// side could take next (bad).
func (b *board) pairSafety(i int, c int8) int {
	if !b.rules.pairs {
		return 0
	}
	opp := 3 - c
	v := 0
	for _, d := range dir8 {
		x1, x2, x3 := b.cell[i+d], b.cell[i+2*d], b.cell[i+3*d]
		switch {
		case x1 == opp && x2 == opp && x3 == empty:
			v += 350
		case x1 == c && x2 == opp && b.cell[i-d] == empty:
			v -= 450
		case x1 == c && x2 == empty && b.cell[i-d] == opp:
			v -= 450
		}
	}
	return v
}
