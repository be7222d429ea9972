package dobbal

import (
	"context"
	"hash/maphash"
	"slices"
	"time"

	"pbem/rules"
	"pbem/rules/dobbal"
)

// winValue is a win inside the search. Chance nodes average it with the
// evaluation, so it is a large but finite number of pins: a 1-in-27 chance
// of losing weighs like about one pin.
const winValue = 2500

// roll is one distinct roll and its probability.
type roll struct {
	faces  []int
	weight float64
}

// rolls lists the distinct rolls of three dice with faces 1..faces, as
// [movement, movement, game]: the movement dice are unordered (a turn may
// use them in either order), so a-b and b-a are one roll of twice the
// weight. With faces=3 that is 18 rolls standing for the 27.
func rolls(faces int) []roll {
	var out []roll
	total := float64(faces * faces * faces)
	for a := 1; a <= faces; a++ {
		for b := a; b <= faces; b++ {
			w := 2.0
			if a == b {
				w = 1
			}
			for gd := 1; gd <= faces; gd++ {
				out = append(out, roll{faces: []int{a, b, gd}, weight: w / total})
			}
		}
	}
	return out
}

// search is one Think's state. Values are for seat me: decision nodes of
// me maximize, the other seat's minimize, and chance nodes average over the
// rolls of the turn to come (expectiminimax).
type search struct {
	ctx      context.Context
	me       int
	budget   int64
	nodes    int64
	deadline time.Time
	stopped  bool
	width    int // turns a decision node inside the tree searches deeper
	rolls    []roll
	seed     maphash.Seed
}

// tick counts n nodes and reports whether the search must stop.
func (s *search) tick(n int) bool {
	before := s.nodes
	s.nodes += int64(n)
	if s.nodes >= s.budget {
		s.stopped = true
	} else if before>>9 != s.nodes>>9 && (s.ctx.Err() != nil || !s.deadline.IsZero() && time.Now().After(s.deadline)) {
		s.stopped = true
	}
	return s.stopped
}

// cand is a turn with its value one ply deep.
type cand struct {
	turn  *dobbal.Turn
	value float64
	win   bool
}

// candidates are the distinct results of the legal turns of g (the roll
// set), each valued statically for seat me, best for the mover first.
// Turns that leave the same board are one candidate (the first listed).
func (s *search) candidates(g *dobbal.Game) []cand {
	legal := g.Legal()
	mover := int(g.ToMove())
	var b0 board
	b0.read(g)
	seen := make(map[uint64]bool, len(legal))
	out := make([]cand, 0, len(legal))
	for _, p := range legal {
		t := p.(*dobbal.Turn)
		b := b0
		win := b.play(t, mover)
		h := maphash.Bytes(s.seed, b.bytes())
		if seen[h] {
			continue
		}
		seen[h] = true
		c := cand{turn: t, win: win}
		switch {
		case win && mover == s.me:
			c.value = winValue
		case win:
			c.value = -winValue
		default:
			c.value = float64(b.eval(s.me, rules.Seat(1-mover)))
		}
		out = append(out, c)
	}
	s.tick(len(legal))
	if mover == s.me {
		slices.SortStableFunc(out, func(a, b cand) int { return cmpDesc(a.value, b.value) })
	} else {
		slices.SortStableFunc(out, func(a, b cand) int { return cmpDesc(b.value, a.value) })
	}
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// bytes is the board as bytes, for hashing.
func (b *board) bytes() []byte {
	out := make([]byte, 0, len(b.cell)+2)
	for _, c := range b.cell {
		out = append(out, byte(c))
	}
	return append(out, byte(b.off[0]), byte(b.off[1]))
}

// decide is the value for me of g, whose roll is set, with the mover
// choosing its turn, depth plies deep (1: the turn and a static value).
func (s *search) decide(g *dobbal.Game, depth, width int) float64 {
	cands := s.candidates(g)
	if len(cands) == 0 || s.stopped {
		return 0
	}
	if depth <= 1 || cands[0].win {
		return cands[0].value
	}
	maximize := int(g.ToMove()) == s.me
	best := 0.0
	for i, c := range cands {
		if width > 0 && i >= width {
			break
		}
		v := c.value
		if !c.win {
			v = s.after(g, c.turn, depth-1)
			if s.stopped {
				return 0
			}
		}
		if i == 0 || maximize && v > best || !maximize && v < best {
			best = v
		}
	}
	return best
}

// after is the value for me of playing turn t in g, then depth more plies
// with the dice rolled for each.
func (s *search) after(g *dobbal.Game, t *dobbal.Turn, depth int) float64 {
	c := g.Clone().(*dobbal.Game)
	if err := c.Play(t); err != nil {
		return 0
	}
	if o := c.Outcome(); o.Over {
		switch {
		case o.Won(rules.Seat(s.me)):
			return winValue
		case o.Draw():
			return 0
		}
		return -winValue
	}
	return s.chance(c, depth)
}

// chance is the value for me of g before its roll: the mean of decide over
// every roll, weighted by its probability.
func (s *search) chance(g *dobbal.Game, depth int) float64 {
	sum := 0.0
	for _, r := range s.rolls {
		c := g.Clone().(*dobbal.Game)
		if err := c.SetRoll(r.faces); err != nil {
			return 0
		}
		sum += r.weight * s.decide(c, depth, s.width)
		if s.stopped {
			return 0
		}
	}
	return sum
}
