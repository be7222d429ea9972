// Package pinuid is the computer player for Pinuid Classic and Pinuid
// Quatro: an iterative-deepening alpha-beta search with a transposition
// table over the rules engine's own Clone, Legal and Play. In Quatro it
// searches paranoid: every other seat is assumed to play against it, which
// keeps alpha-beta's cut-offs with three or four seats.
package pinuid

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// Engine plays Pinuid Classic and Pinuid Quatro.
type Engine struct{}

// level is how one level thinks.
type level struct {
	nodes   int64         // node budget
	depth   int           // deepest iteration
	noise   ai.Score      // root plies' scores are blurred by up to this
	second  int           // percent of moves that take the second-best ply
	ceiling time.Duration // default time ceiling
}

// levels are indexed by level, 1..8. Budgets rise about threefold a level.
// Classic is a short race: two plies in, level 8 proves the result within
// five to seven plies, and a search three plies deep with the evaluation's
// threats already plays most races right. So budgets alone make no ladder.
// Every level below 8 caps its depth (a ply less every level or two, so
// that the lower levels miss more of the race's end) and, as the level
// falls, blurs its judgement more: seeded noise on the root plies' scores
// and, more and more often, the second-best ply when its search has proved
// nothing; in a race one lost tempo is often the game. A beginner sees its
// own rows but not its opponent's; a middling player looks a few plies
// ahead and sometimes misjudges.
var levels = [ai.MaxLevel + 1]level{
	1: {nodes: 100, depth: 1, noise: 200, second: 50, ceiling: time.Second},
	2: {nodes: 300, depth: 2, noise: 150, second: 46, ceiling: time.Second},
	3: {nodes: 1_000, depth: 2, noise: 100, second: 42, ceiling: time.Second},
	4: {nodes: 3_000, depth: 3, noise: 70, second: 36, ceiling: 2 * time.Second},
	5: {nodes: 10_000, depth: 3, noise: 50, second: 30, ceiling: 3 * time.Second},
	6: {nodes: 30_000, depth: 4, noise: 30, second: 22, ceiling: 4 * time.Second},
	7: {nodes: 100_000, depth: 5, noise: 15, second: 15, ceiling: 6 * time.Second},
	8: {nodes: 450_000, depth: 64, ceiling: 8 * time.Second},
}

// quatroLevels are Quatro's levels. In Quatro neither depth nor slips
// make a ladder: three or four seats get in each other's way, a search
// three plies deep (the seat and the next two) plays as well as one four
// deep at ten times the cost, two clean searches mostly shuffle to a draw,
// and a second choice now and then costs nothing, as the others are
// shuffling too. What costs games is misjudging every ply a little: seeded
// noise on the root plies' scores makes a player miss a threat to block
// or a row to make. So levels 3 to 8 read the same three plies and differ
// only by their noise, spaced by its measured cost: nothing below about
// 15 (less than a threat is worth), steep from there to about 60, flat
// beyond about one pin (100); levels 2 and 1 read
// one ply. Level 1 blurs by up to six pins: enough to miss most plans,
// not so much that it plays at random (it still beats the greedy player,
// which does, about 64% of the time; noise of ten pins and more did not).
var quatroLevels = [ai.MaxLevel + 1]level{
	1: {nodes: 300, depth: 1, noise: 600, ceiling: time.Second},
	2: {nodes: 1_000, depth: 1, noise: 400, ceiling: time.Second},
	3: {nodes: 20_000, depth: 3, noise: 150, ceiling: 2 * time.Second},
	4: {nodes: 20_000, depth: 3, noise: 90, ceiling: 2 * time.Second},
	5: {nodes: 20_000, depth: 3, noise: 60, ceiling: 3 * time.Second},
	6: {nodes: 20_000, depth: 3, noise: 40, ceiling: 4 * time.Second},
	7: {nodes: 20_000, depth: 3, noise: 24, ceiling: 6 * time.Second},
	8: {nodes: 20_000, depth: 3, ceiling: 8 * time.Second},
}

// missable tells whether a weaker level may pass the best ply by: when its
// search proved nothing, or proved a win three plies or more away (a win
// in a race a human can overlook); never a win at once or a loss.
func missable(th ai.Thought) bool {
	return !th.Score.Proved() || th.Score > 0 && th.Depth >= 3
}

// Think implements ai.Engine.
func (Engine) Think(ctx context.Context, rg rules.Game, set ai.Settings) (ai.Thought, error) {
	start := time.Now()
	g0, err := ai.Position[*pinuid.Game](rg, set, "Pinuid")
	if err != nil {
		return ai.Thought{}, err
	}
	g := g0.Clone().(*pinuid.Game)
	lv := levels[set.LevelOrDefault()]
	if g.Kind() == pinuid.Quatro {
		lv = quatroLevels[set.LevelOrDefault()]
	}
	s := &search{
		ctx:    ctx,
		root:   int(g.ToMove()),
		budget: lv.nodes,
	}
	if set.Nodes > 0 {
		s.budget = set.Nodes
	}
	s.tt = make([]ttEntry, ttSize(s.budget))
	ceiling := lv.ceiling
	if set.Time > 0 {
		ceiling = set.Time
	}
	s.deadline = start.Add(ceiling)
	if d, ok := ctx.Deadline(); ok && d.Before(s.deadline) {
		s.deadline = d
	}
	rng := rand.New(rand.NewPCG(set.Seed, uint64(g.Plies())<<8|uint64(s.root)))
	kids := s.plies(g, -1)
	if len(kids) == 0 {
		return ai.Thought{}, errors.New("no legal ply")
	}
	s.rootNoise = make([]ai.Score, len(g.Legal()))
	if lv.noise > 0 {
		for i := range s.rootNoise {
			s.rootNoise[i] = ai.Score(rng.IntN(int(2*lv.noise+1))) - lv.noise
		}
	}
	th := ai.Thought{Ply: kids[0].ply, Line: []rules.Ply{kids[0].ply}}
	if len(kids) == 1 {
		th.Depth, th.Nodes, th.Elapsed = 1, 1, time.Since(start)
		return th, nil
	}
	budget := s.budget
	bestIndex := -1
	for depth := 1; depth <= lv.depth; depth++ {
		if depth == 1 {
			// The first iteration always finishes, whatever the budget.
			s.budget = 1 << 62
		} else {
			s.budget = budget
		}
		r, i, done := s.searchRoot(g, kids, depth, -1)
		if ctx.Err() != nil || !done {
			break
		}
		th.Ply, th.Score, th.Line, th.Depth = r.ply, r.score, r.line, depth
		bestIndex = 0
		// The best ply goes first for the next iteration.
		k := kids[i]
		copy(kids[1:i+1], kids[:i])
		kids[0] = k
		if r.score.Proved() || s.nodes >= budget {
			break
		}
	}
	if lv.second > 0 && bestIndex == 0 && missable(th) && rng.IntN(100) < lv.second {
		// Now and then a weaker player settles for its second choice,
		// though never for one that loses at once.
		s.stopped, s.budget = false, s.nodes+budget/2+int64(len(kids))
		// The second choice is read only two plies deep: the slip is a
		// human's, who sees a reply that wins at once but not a lost race.
		if r, _, done := s.searchRoot(g, kids, min(max(th.Depth-1, 1), 2), 0); done && !r.score.Proved() {
			th.Ply, th.Score, th.Line = r.ply, r.score, r.line
		}
	}
	th.Nodes, th.Elapsed = s.nodes, time.Since(start)
	return th, nil
}
