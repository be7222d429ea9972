package pinuid

import (
	"context"
	"slices"
	"strings"
	"time"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// ttSize is the number of transposition table entries for a node budget:
// a power of two, about one per node up to a quarter million.
func ttSize(budget int64) int {
	n := 1 << 10
	for int64(n) < budget && n < 1<<18 {
		n <<= 1
	}
	return n
}

// bound says what a stored score is.
type bound uint8

const (
	exact bound = iota + 1
	lower       // the score is at least this (a cut-off)
	upper       // the score is at most this
)

// ttEntry is one stored search result.
type ttEntry struct {
	key   uint64
	score ai.Score
	depth int8
	flag  bound
	best  int16 // index of the best ply in the position's Legal list, -1 none
}

// search is one Think's state. Scores are always for the root seat: it
// maximizes on its turns and every other seat minimizes (paranoid search,
// which is plain minimax in Classic).
type search struct {
	ctx      context.Context
	root     int
	budget   int64
	nodes    int64
	deadline time.Time
	stopped  bool
	tt       []ttEntry
	history  [cells * cells]int32
	// rootNoise is added to each root ply's score (low levels' misjudgement).
	rootNoise []ai.Score
}

// child is a ply prepared for the search: the ply, its index in Legal, and
// the key it sorts by.
type child struct {
	ply   rules.Ply
	index int
	from  int // square index of the step's pin, -1 for other plies
	to    int
	order int32
}

// plies lists the plies the search tries in g, best first by a guess: the
// table's best, then more removals, then those that cut off most often.
// A step that leaves removals owed (the forgot rule) is left out whenever
// the same step with all its removals is there: paying later only loses a
// turn.
func (s *search) plies(g rules.Game, ttBest int) []child {
	legal := g.Legal()
	out := make([]child, 0, len(legal))
	toks := make([]string, len(legal))
	removals := make([]int, len(legal))
	for i, p := range legal {
		toks[i] = p.String()
		removals[i] = strings.Count(toks[i], "x")
	}
	// Legal lists the removal choices of a step right after the step
	// without them, so each step's plies are one run.
	for i := 0; i < len(legal); {
		j, most := i, 0
		for j < len(legal) && sameStep(toks[i], toks[j]) {
			most = max(most, removals[j])
			j++
		}
		if j == i {
			j++
		}
		for k := i; k < j; k++ {
			if removals[k] < most {
				continue
			}
			tok := toks[k]
			c := child{ply: legal[k], index: k, from: -1, to: -1}
			if isStep(tok) {
				c.from = squareIndex(tok[0:2])
				c.to = squareIndex(tok[3:5])
				c.order = s.history[c.from*cells+c.to]
			}
			c.order += int32(removals[k]) << 24
			if k == ttBest {
				c.order = 1 << 30
			}
			out = append(out, c)
		}
		i = j
	}
	slices.SortStableFunc(out, func(a, b child) int { return int(b.order) - int(a.order) })
	return out
}

// isStep reports whether tok is a step, such as b1-c2 or b1-c2xc1.
func isStep(tok string) bool { return len(tok) >= 5 && tok[2] == '-' }

// sameStep reports whether two tokens are the same step, with or without
// removals.
func sameStep(a, b string) bool { return isStep(a) && isStep(b) && a[:5] == b[:5] }

// squareIndex reads "c2" as an index of pos.cell.
func squareIndex(t string) int { return int(t[1]-'1')*side + int(t[0]-'a') }

// tick counts a node and reports whether the search must stop: its node
// budget is spent or, checked every 512 nodes, its time is up or its
// context ended.
func (s *search) tick() bool {
	s.nodes++
	if s.nodes >= s.budget {
		s.stopped = true
	} else if s.nodes&511 == 0 && (s.ctx.Err() != nil || time.Now().After(s.deadline)) {
		s.stopped = true
	}
	return s.stopped
}

// terminal scores a finished game for the root seat; a win or loss sooner
// is worth more.
func (s *search) terminal(o rules.Outcome, ply int) ai.Score {
	switch {
	case o.Won(rules.Seat(s.root)):
		return ai.Win - ai.Score(ply)
	case o.Draw():
		return 0
	}
	return -ai.Win + ai.Score(ply)
}

// alphaBeta is the value of g for the root seat, searched depth plies deep.
// ply counts the plies from the root.
func (s *search) alphaBeta(g *pinuid.Game, depth, ply int, alpha, beta ai.Score) ai.Score {
	if s.tick() {
		return 0
	}
	if o := g.Outcome(); o.Over {
		return s.terminal(o, ply)
	}
	if g.Eliminated(rules.Seat(s.root)) {
		return -ai.Win + ai.Score(ply)
	}
	var p pos
	p.read(g)
	if depth <= 0 {
		return p.eval(s.root)
	}
	kids := s.plies(g, -1)
	key := p.hash(len(kids) > 0 && strings.HasPrefix(kids[0].ply.String(), "x"))
	e := &s.tt[key&uint64(len(s.tt)-1)]
	ttBest := -1
	if e.key == key {
		ttBest = int(e.best)
		if int(e.depth) >= depth {
			switch {
			case e.flag == exact,
				e.flag == lower && e.score >= beta,
				e.flag == upper && e.score <= alpha:
				return e.score
			}
		}
		if ttBest >= 0 {
			for i := range kids {
				if kids[i].index == ttBest {
					c := kids[i]
					copy(kids[1:i+1], kids[:i])
					kids[0] = c
					break
				}
			}
		}
	}
	maximize := int(g.ToMove()) == s.root
	a0, b0 := alpha, beta
	best := ai.Score(ai.Win + 1)
	if maximize {
		best = -ai.Win - 1
	}
	bestIndex := -1
	for _, k := range kids {
		c := g.Clone().(*pinuid.Game)
		if err := c.Play(k.ply); err != nil {
			continue
		}
		v := s.alphaBeta(c, depth-1, ply+1, alpha, beta)
		if s.stopped {
			return 0
		}
		if maximize && v > best || !maximize && v < best {
			best, bestIndex = v, k.index
		}
		if maximize {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			if k.from >= 0 {
				s.history[k.from*cells+k.to] += int32(depth * depth)
			}
			break
		}
	}
	flag := exact
	switch {
	case best <= a0:
		flag = upper
	case best >= b0:
		flag = lower
	}
	*e = ttEntry{key: key, score: best, depth: int8(depth), flag: flag, best: int16(bestIndex)}
	return best
}

// rootResult is one completed iteration at the root.
type rootResult struct {
	ply   rules.Ply
	score ai.Score // without the noise
	line  []rules.Ply
}

// searchRoot searches every root ply to depth, skipping the one at skip
// (-1 for none), and returns the best by score plus its noise. ok is false
// when the search was stopped before it finished.
func (s *search) searchRoot(g *pinuid.Game, kids []child, depth int, skip int) (best rootResult, bestIndex int, ok bool) {
	alpha, beta := ai.Score(-ai.Win-1), ai.Score(ai.Win+1)
	bestIndex = -1
	for i, k := range kids {
		if i == skip {
			continue
		}
		c := g.Clone().(*pinuid.Game)
		if err := c.Play(k.ply); err != nil {
			continue
		}
		noise := s.rootNoise[k.index]
		v := s.alphaBeta(c, depth-1, 1, alpha-noise, beta-noise)
		if s.stopped {
			return best, bestIndex, false
		}
		if bestIndex < 0 || v+noise > alpha {
			alpha = v + noise
			best, bestIndex = rootResult{ply: k.ply, score: v}, i
		}
	}
	if bestIndex >= 0 {
		best.line = s.line(g, best.ply, depth)
	}
	return best, bestIndex, bestIndex >= 0
}

// line follows the transposition table from the root's best ply.
func (s *search) line(g *pinuid.Game, first rules.Ply, depth int) []rules.Ply {
	line := []rules.Ply{first}
	c := g.Clone().(*pinuid.Game)
	if c.Play(first) != nil {
		return line
	}
	for len(line) < depth && !c.Outcome().Over {
		var p pos
		p.read(c)
		legal := c.Legal()
		key := p.hash(len(legal) > 0 && strings.HasPrefix(legal[0].String(), "x"))
		e := s.tt[key&uint64(len(s.tt)-1)]
		if e.key != key || e.best < 0 || int(e.best) >= len(legal) {
			break
		}
		ply := legal[e.best]
		if c.Play(ply) != nil {
			break
		}
		line = append(line, ply)
	}
	return line
}
