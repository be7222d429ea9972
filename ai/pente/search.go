package pente

import (
	"context"
	"pbem/rules"
	"time"
)

const (
	win      = 1_000_000
	proved   = win - 1000
	maxPly   = 48
	infinity = win + 1
)

// ttEntry is one transposition table slot.
type ttEntry struct {
	key   uint64
	score int32
	move  int16
	depth int8
	bound int8
}

const (
	exact int8 = iota + 1
	lower
	upper
)

// searcher holds one search's state.
type searcher struct {
	b        *board
	ctx      context.Context
	lv       level
	seed     uint64
	tt       []ttEntry
	ttMask   uint64
	nodes    int64
	budget   int64
	deadline time.Time
	abort    bool
	moves    [maxPly + 2][]move
	killers  [maxPly + 2]int
}

func newSearcher(ctx context.Context, b *board, lv level, seed uint64, budget int64, deadline time.Time) *searcher {
	// A table about four times the budget, between 4 Ki and 1 Mi entries
	// (64 KiB to 16 MiB).
	bits := 12
	for bits < 20 && int64(1)<<bits < 4*budget {
		bits++
	}
	s := &searcher{ctx: ctx, b: b, lv: lv, seed: seed, budget: budget, deadline: deadline,
		tt: make([]ttEntry, 1<<bits), ttMask: 1<<bits - 1}
	for i := range s.moves {
		s.moves[i] = make([]move, 0, 128)
	}
	return s
}

// tick counts a node and reports whether the search must stop: the node
// budget is spent, or (checked rarely) the time is up.
func (s *searcher) tick() bool {
	s.nodes++
	if s.nodes >= s.budget {
		s.abort = true
	} else if s.nodes&1023 == 0 && (time.Now().After(s.deadline) || s.ctx.Err() != nil) {
		s.abort = true
	}
	return s.abort
}

// over scores a finished position for the side to move.
func (s *searcher) over(ply int) int32 {
	switch s.b.winner {
	case 3:
		return 0
	case s.b.side:
		return win - int32(ply)
	}
	return -win + int32(ply)
}

// negamax is a principal-variation alpha-beta search. A ply that makes a
// four (a threat to win next) is searched a ply deeper, so forcing lines
// are read out well past the nominal depth.
func (s *searcher) negamax(depth, alpha, beta int32, ply int) int32 {
	b := s.b
	if b.winner != 0 {
		return s.over(ply)
	}
	if s.tick() {
		return 0
	}
	if depth <= 0 || ply >= maxPly {
		return s.leaf(ply)
	}
	e := &s.tt[b.hash&s.ttMask]
	ttMove := -1
	if e.key == b.hash {
		ttMove = int(e.move)
		if int32(e.depth) >= depth {
			v := fromTT(e.score, ply)
			switch {
			case e.bound == exact,
				e.bound == lower && v >= beta,
				e.bound == upper && v <= alpha:
				return v
			}
		}
	}
	ms, t := b.candidates(s.moves[ply])
	s.moves[ply] = ms
	if t.win {
		for _, m := range ms {
			if m.mine >= valueWin {
				b.make(m.at)
				won := b.winner == 3-b.side
				b.unmake()
				if won {
					return win - int32(ply) - 1
				}
			}
		}
	}
	ms = prune(ms, t, s.lv.width)
	if len(ms) == 0 {
		return s.leaf(ply)
	}
	s.order(ms, ttMove, ply)
	alpha0 := alpha
	best, bestMove := int32(-infinity), ms[0].at
	for n, m := range ms {
		next := depth - 1
		if m.four {
			next = depth // a four: the reply is forced
		}
		b.make(m.at)
		var v int32
		if n == 0 {
			v = -s.negamax(next, -beta, -alpha, ply+1)
		} else {
			v = -s.negamax(next, -alpha-1, -alpha, ply+1)
			if v > alpha && v < beta && !s.abort {
				v = -s.negamax(next, -beta, -alpha, ply+1)
			}
		}
		b.unmake()
		if s.abort {
			return 0
		}
		if v > best {
			best, bestMove = v, m.at
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			s.killers[ply] = m.at
			break
		}
	}
	bound := exact
	switch {
	case best <= alpha0:
		bound = upper
	case best >= beta:
		bound = lower
	}
	*e = ttEntry{key: b.hash, score: toTT(best, ply), move: int16(bestMove), depth: int8(min(depth, 127)), bound: bound}
	return best
}

// order moves the table's move and the killer to the front.
func (s *searcher) order(ms []move, ttMove, ply int) {
	front := 0
	for _, want := range [2]int{ttMove, s.killers[ply]} {
		for k := front; k < len(ms); k++ {
			if ms[k].at == want {
				m := ms[k]
				copy(ms[front+1:k+1], ms[front:k])
				ms[front] = m
				front++
				break
			}
		}
	}
}

func toTT(v int32, ply int) int32 {
	switch {
	case v >= proved:
		return v + int32(ply)
	case v <= -proved:
		return v - int32(ply)
	}
	return v
}

func fromTT(v int32, ply int) int32 {
	switch {
	case v >= proved:
		return v - int32(ply)
	case v <= -proved:
		return v + int32(ply)
	}
	return v
}

// leaf scores a position at the search horizon for the side to move: a win
// now if it has one, else line windows, captures made and capture chances,
// plus a level's seeded noise.
func (s *searcher) leaf(ply int) int32 {
	b := s.b
	c := b.side
	opp := 3 - c
	sign := int32(1)
	if c == black {
		sign = -1
	}
	v := sign*b.lines + s.capScore(c) - s.capScore(opp) + 20
	bestTake, threats := 0, 0
	oppFives := 0
	for _, i := range onBoard {
		if b.cell[i] != empty || b.near[i] == 0 {
			continue
		}
		if b.makesFive(i, c) && b.pending == 0 {
			return win - int32(ply) - 1
		}
		if b.makesFive(i, opp) {
			oppFives++
		}
		if b.rules.pairs {
			if n := b.captureCount(i, c); n > 0 {
				cv := b.captureValue(b.caps[c], n)
				if cv >= valueWin && b.pending == 0 {
					return win - int32(ply) - 1
				}
				bestTake = max(bestTake, cv)
			}
			if n := b.captureCount(i, opp); n > 0 {
				threats += min(b.captureValue(b.caps[opp], n), 20000)
			}
		}
	}
	if oppFives >= 2 && bestTake == 0 {
		v -= 5000 // an open four the mover cannot break by a capture
	}
	v += int32(min(bestTake, 20000))*3/5 - int32(threats)/4
	if s.lv.noise > 0 {
		h := (b.hash ^ s.seed) * 0x9e3779b97f4a7c15
		v += int32(h>>40%uint64(2*s.lv.noise+1)) - s.lv.noise
	}
	return v
}

// capScore values a colour's captured stones, rising as five pairs near.
func (s *searcher) capScore(c int8) int32 {
	n := s.b.caps[c]
	if n == 0 {
		return 0
	}
	frac := n * 10 / s.b.rules.need
	return int32(n*150 + frac*frac*40)
}

// pvLength bounds the line a thought reports: enough to show why a ply
// is better, short enough to read in a comment.
const pvLength = 6

// line is the expected continuation after first: first, then the table's
// best move in each position that follows, as long as the table knows the
// position, the move is on an empty point and the game goes on. The board
// is left as it was.
func (s *searcher) line(first int) []rules.Ply {
	b := s.b
	out := []rules.Ply{point(first)}
	b.make(first)
	made := 1
	for len(out) < pvLength && b.winner == 0 && s.tt != nil {
		e := &s.tt[b.hash&s.ttMask]
		if e.key != b.hash || e.move < 0 || int(e.move) >= len(b.cell) || b.cell[e.move] != empty {
			break
		}
		out = append(out, point(int(e.move)))
		b.make(int(e.move))
		made++
	}
	for range made {
		b.unmake()
	}
	return out
}
