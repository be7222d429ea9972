package pente

// vcf looks for a win by continuous fours for the side to move: every
// attacking ply threatens five, so the other side may only block it or
// capture (which may break the four or win on captures). depth bounds the
// attacker's plies. It returns the first ply of a win.
func (s *searcher) vcf(depth int) (int, bool) {
	b := s.b
	c := b.side
	opp := 3 - c
	if s.tick() {
		return -1, false
	}
	var fours [24]int
	n := 0
	oppWins := false
	for _, i := range onBoard {
		if b.cell[i] != empty || b.near[i] == 0 {
			continue
		}
		if b.makesFive(i, c) || b.captureValue(b.caps[c], b.captureCount(i, c)) >= valueWin {
			b.make(i)
			won := b.winner == c
			b.unmake()
			if won {
				return i, true
			}
		}
		if b.makesFive(i, opp) {
			oppWins = true
		}
		if b.makesFour(i, c) && n < len(fours) {
			fours[n] = i
			n++
		}
	}
	if depth == 0 || oppWins || b.pending != 0 {
		return -1, false
	}
	for _, i := range fours[:n] {
		b.make(i)
		ok := b.winner == c || (b.winner == 0 && s.vcfDefend(depth))
		b.unmake()
		if s.abort {
			return -1, false
		}
		if ok {
			return i, true
		}
	}
	return -1, false
}

// vcfDefend reports whether the attacker (who just made a four) wins
// against every reply: each block of the five and each capture.
func (s *searcher) vcfDefend(depth int) bool {
	b := s.b
	d := b.side
	a := 3 - d
	var replies [32]int
	n := 0
	blocks := 0
	for _, i := range onBoard {
		if b.cell[i] != empty || b.near[i] == 0 {
			continue
		}
		if b.makesFive(i, d) {
			return false
		}
		k := b.captureCount(i, d)
		if k > 0 && b.caps[d]+k >= b.rules.need {
			return false
		}
		block := b.makesFive(i, a)
		if block {
			blocks++
		}
		if (block || k > 0) && n < len(replies) {
			replies[n] = i
			n++
		}
	}
	if blocks == 0 {
		return false
	}
	for _, r := range replies[:n] {
		b.make(r)
		ok := false
		if b.winner == 0 {
			_, ok = s.vcf(depth - 1)
		} else {
			ok = b.winner == a
		}
		b.unmake()
		if !ok || s.abort {
			return false
		}
	}
	return true
}
