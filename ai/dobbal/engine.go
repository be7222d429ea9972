// Package dobbal is the computer player for Pinuid Dobbal: an
// expectiminimax search over the rules engine's own Clone, SetRoll, Legal
// and Play. The roll of the turn to play is known; every later turn is a
// chance node that averages the best reply of its mover over the distinct
// rolls, weighted by their probability. Deeper plies search only the turns
// that look best one ply deep.
package dobbal

import (
	"context"
	"errors"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/dobbal"
)

// Engine plays Pinuid Dobbal.
type Engine struct{}

// level is how one level thinks.
type level struct {
	nodes   int64  // node budget: turns looked at
	depth   int    // deepest iteration, in plies (1: the turn alone)
	root    [4]int // by depth, root turns searched that deep; 0 all
	width   int    // turns searched deeper at later decisions; 0 all
	noise   int    // root values are blurred by up to this
	second  int    // percent of moves that take the second-best turn
	ceiling time.Duration
}

// levels are indexed by level, 1..8. Level 1 sees only its own turn;
// from level 2 on the engine weighs the opponent's best reply to every
// roll, for more of its own candidate turns each level; from level 6 on it
// also looks at its own next roll and reply. The dice decide many games,
// so a level's edge over the one below must be large to show: the noise
// on the root turns' scores and the share of second-best turns grow
// steeply as the level falls.
var levels = [ai.MaxLevel + 1]level{
	1: {nodes: 2_000, depth: 1, noise: 250, second: 40, ceiling: time.Second},
	2: {nodes: 30_000, depth: 2, root: [4]int{2: 2}, noise: 120, second: 25, ceiling: time.Second},
	3: {nodes: 80_000, depth: 2, root: [4]int{2: 4}, noise: 70, second: 15, ceiling: 2 * time.Second},
	4: {nodes: 200_000, depth: 2, root: [4]int{2: 8}, noise: 40, second: 8, ceiling: 2 * time.Second},
	5: {nodes: 400_000, depth: 2, root: [4]int{2: 16}, noise: 20, second: 4, ceiling: 3 * time.Second},
	6: {nodes: 1_500_000, depth: 3, root: [4]int{2: 16, 3: 2}, width: 2, noise: 10, second: 2, ceiling: 4 * time.Second},
	7: {nodes: 2_400_000, depth: 3, root: [4]int{2: 24, 3: 3}, width: 2, noise: 5, ceiling: 6 * time.Second},
	8: {nodes: 3_400_000, depth: 3, root: [4]int{2: 32, 3: 4}, width: 2, ceiling: 8 * time.Second},
}

// Think implements ai.Engine. The roll of the turn must be set on g.
func (Engine) Think(ctx context.Context, rg rules.Game, set ai.Settings) (ai.Thought, error) {
	start := time.Now()
	g0, err := ai.Position[*dobbal.Game](rg, set, "Pinuid Dobbal")
	if err != nil {
		return ai.Thought{}, err
	}
	if _, ok := g0.Roll(); !ok {
		return ai.Thought{}, errors.New("the roll for the turn is not set")
	}
	g := g0.Clone().(*dobbal.Game)
	lv := levels[set.LevelOrDefault()]
	_, faces := g.Dice()
	s := &search{
		ctx:    ctx,
		me:     int(g.ToMove()),
		budget: lv.nodes,
		width:  lv.width,
		rolls:  rolls(faces),
		seed:   maphash.MakeSeed(),
	}
	if set.Nodes > 0 {
		s.budget = set.Nodes
	}
	ceiling := lv.ceiling
	if set.Time > 0 {
		ceiling = set.Time
	}
	s.deadline = start.Add(ceiling)
	rng := rand.New(rand.NewPCG(set.Seed, uint64(g.Plies())))

	budget := s.budget
	s.budget = math.MaxInt64 // one ply deep always finishes
	cands := s.candidates(g)
	s.budget = budget
	if len(cands) == 0 {
		return ai.Thought{}, errors.New("no legal ply")
	}
	noise := make([]float64, len(cands))
	if lv.noise > 0 {
		for i := range noise {
			noise[i] = float64(rng.IntN(2*lv.noise+1) - lv.noise)
		}
	}
	values := make([]float64, len(cands))
	for i, c := range cands {
		values[i] = c.value
	}
	depth := 1
	if !cands[0].win && len(cands) > 1 {
		for d := 2; d <= lv.depth; d++ {
			next, ok := s.deepen(g, cands, values, d, lv.root[d])
			if !ok {
				break
			}
			values, depth = next, d
		}
	}
	order := rankBy(values, noise)
	pick := order[0]
	if lv.second > 0 && len(order) > 1 && !cands[pick].win && rng.IntN(100) < lv.second {
		pick = order[1]
	}
	th := ai.Thought{Ply: cands[pick].turn, Line: []rules.Ply{cands[pick].turn}, Depth: depth,
		Nodes: s.nodes, Elapsed: time.Since(start)}
	th.Score = ai.Score(values[pick])
	if cands[pick].win {
		th.Score = ai.Win - 1
	}
	return th, nil
}

// deepen values the root candidates depth plies deep: the first root of
// them (in the order of the shallower values), all when root is 0; the rest
// are ranked below them. ok is false when the search ran out of nodes or
// time, and the shallower values stand.
func (s *search) deepen(g *dobbal.Game, cands []cand, shallow []float64, depth, root int) ([]float64, bool) {
	order := rankBy(shallow, nil)
	values := make([]float64, len(cands))
	floor := math.Inf(1)
	for n, i := range order {
		if root > 0 && n >= root {
			break
		}
		v := cands[i].value
		if !cands[i].win {
			v = s.after(g, cands[i].turn, depth-1)
			if s.stopped {
				return shallow, false
			}
		}
		values[i] = v
		floor = min(floor, v)
	}
	for n, i := range order {
		if root > 0 && n >= root {
			// Not searched deeper: below every searched turn, in their
			// shallow order.
			values[i] = floor - 1 - float64(n)
		}
	}
	return values, true
}

// rankBy lists the indexes of values from the best, each value plus its
// noise (none when noise is nil); ties keep their order.
func rankBy(values, noise []float64) []int {
	order := make([]int, len(values))
	for i := range order {
		order[i] = i
	}
	key := func(i int) float64 {
		if noise == nil {
			return values[i]
		}
		return values[i] + noise[i]
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpDesc(key(a), key(b)) })
	return order
}
