// Package pente is the computer player for the Pente family (Pente,
// Keryo-Pente, Gomoku, G-Pente, Boat-Pente, Poof-Pente): a search for wins
// by continuous fours, then an iterative-deepening principal-variation
// alpha-beta search with a transposition table, over its own compact board.
// docs/ai.md tells how it works.
package pente

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"pbem/ai"
	"pbem/rules"
	"pbem/rules/pente"
)

// Engine plays the Pente family.
type Engine struct{}

// level is how one level thinks.
type level struct {
	nodes int64         // node budget
	time  time.Duration // default time ceiling
	depth int32         // deepest iteration
	width int           // moves searched at a quiet node
	noise int32         // seeded evaluation noise, +-
	slip  int           // percent chance of the second-best ply
	vcf   int           // attacker plies of the fours search; 0 skips it
}

// levels: node budgets rise two- to threefold a level; level 8's takes
// about 1.8 s of one core (some 125,000 nodes a second). Doubling the nodes
// alone gains too little for a clear step at the top (level 7 at half of
// level 8's budget won about half its games), so from level 7 down each
// level also reads fewer fours, searches narrower, blurs its evaluation a
// little more and now and then plays a close second-best. The time
// ceilings are some fifteen times the budgets' usual times, so that even
// on a heavily loaded machine the nodes, not the clock, end a search and
// the ply is the same on every run.
var levels = [ai.MaxLevel + 1]level{
	1: {nodes: 300, time: 2 * time.Second, depth: 1, width: 6, noise: 300, slip: 35},
	2: {nodes: 1_000, time: 2 * time.Second, depth: 2, width: 8, noise: 150, slip: 20, vcf: 1},
	3: {nodes: 3_000, time: 3 * time.Second, depth: 3, width: 8, noise: 90, slip: 12, vcf: 2},
	4: {nodes: 9_000, time: 4 * time.Second, depth: 4, width: 10, noise: 50, slip: 8, vcf: 3},
	5: {nodes: 25_000, time: 5 * time.Second, depth: 6, width: 10, noise: 40, slip: 7, vcf: 5},
	6: {nodes: 70_000, time: 10 * time.Second, depth: 10, width: 11, noise: 12, slip: 2, vcf: 7},
	7: {nodes: 100_000, time: 15 * time.Second, depth: 12, width: 12, noise: 6, slip: 1, vcf: 9},
	8: {nodes: 220_000, time: 30 * time.Second, depth: 24, width: 14, vcf: 12},
}

// Budget is the node budget of a level (1..8), for tools that scale a
// match down (pbem arena --nodes-scale).
func (Engine) Budget(level int) int64 {
	return levels[min(max(level, ai.MinLevel), ai.MaxLevel)].nodes
}

// Think implements ai.Engine.
func (Engine) Think(ctx context.Context, g rules.Game, st ai.Settings) (ai.Thought, error) {
	start := time.Now()
	pg, err := ai.Position[*pente.Game](g, st, "Pente")
	if err != nil {
		return ai.Thought{}, err
	}
	b, err := fromGame(pg)
	if err != nil {
		return ai.Thought{}, err
	}
	lv := levels[st.LevelOrDefault()]
	budget := lv.nodes
	if st.Nodes > 0 {
		budget = st.Nodes
	}
	limit := lv.time
	if st.Time > 0 {
		limit = st.Time
	}
	deadline := start.Add(limit)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	rng := rand.New(rand.NewPCG(st.Seed, uint64(b.plies)))
	tournament := g.Options()["tournament"] != "off" && pg.Variant() != pente.Gomoku
	done := func(i int, score int32, depth int, nodes int64) (ai.Thought, error) {
		p := point(i)
		return ai.Thought{Ply: p, Score: ai.Score(score), Line: []rules.Ply{p}, Depth: depth,
			Nodes: nodes, Elapsed: time.Since(start)}, nil
	}
	legal := func(i int) bool { return g.Clone().Play(point(i)) == nil }
	if i, ok := b.book(rng, tournament, pg.Variant() == pente.GPente); ok && legal(i) {
		return done(i, 0, 0, 0)
	}
	s := newSearcher(ctx, b, lv, st.Seed, budget, deadline)
	ms, t := b.candidates(nil)
	if t.win {
		for _, m := range ms {
			if m.mine >= valueWin {
				b.make(m.at)
				won := b.winner == 3-b.side
				b.unmake()
				if won {
					return done(m.at, win-1, 1, 1)
				}
			}
		}
	}
	if lv.vcf > 0 && !t.oppFive {
		s.budget = budget / 4
		if i, ok := s.vcf(lv.vcf); ok {
			return done(i, win-2, lv.vcf*2, s.nodes)
		}
		s.abort, s.budget = false, budget
	}
	ms = prune(ms, t, lv.width+4)
	if b.plies == 2 {
		// The opening rules bar points near the centre on ply 3: search
		// only the points they allow.
		ms = ms[:0]
		for _, p := range g.Legal() {
			i := idx(p.(pente.Point))
			if b.near[i] > 0 || max(abs(p.(pente.Point).File()-9), abs(p.(pente.Point).Rank()-9)) <= 4 {
				ms = append(ms, move{at: i})
			}
		}
	}
	best, score, depth := s.root(ms, lv, rng)
	if best < 0 {
		return ai.Thought{}, errors.New("no legal ply")
	}
	th, err := done(best, score, depth, s.nodes)
	th.Line = s.line(best)
	return th, err
}

// fromGame builds the board by replaying the game's plies, which also sets
// the captures and any standing Boat-Pente five exactly as the rules did.
func fromGame(g *pente.Game) (*board, error) {
	b := newBoard(rulesFor(g.Variant()))
	for _, p := range g.History() {
		pt, ok := p.(pente.Point)
		if !ok || b.cell[idx(pt)] != empty {
			return nil, fmt.Errorf("ply %d: %v cannot be replayed", b.plies+1, p)
		}
		b.make(idx(pt))
	}
	for _, i := range onBoard {
		if int(b.cell[i])-1 != int(g.Stone(point(i))) {
			return nil, fmt.Errorf("the board differs from the rules' at %s", point(i))
		}
	}
	b.stack = b.stack[:0]
	return b, nil
}

// root searches the root moves deeper and deeper until the budget ends or
// a win or loss is proved. Low levels search every root move with a full
// window so that they can slip to a close second-best.
func (s *searcher) root(ms []move, lv level, rng *rand.Rand) (int, int32, int) {
	if len(ms) == 0 {
		return -1, 0, 0
	}
	full := lv.slip > 0
	scores := make([]int32, len(ms))
	bestScore, done := int32(0), 0
	for depth := int32(1); depth <= lv.depth; depth++ {
		alpha := int32(-infinity)
		iterBest := -1
		for n, m := range ms {
			next := depth - 1
			if m.four {
				next = depth
			}
			s.b.make(m.at)
			var v int32
			if n == 0 || full {
				v = -s.negamax(next, -infinity, infinity, 1)
			} else {
				v = -s.negamax(next, -alpha-1, -alpha, 1)
				if v > alpha && !s.abort {
					v = -s.negamax(next, -infinity, -alpha, 1)
				}
			}
			s.b.unmake()
			if s.abort {
				break
			}
			scores[n] = v
			if v > alpha {
				alpha, iterBest = v, n
			}
		}
		if iterBest < 0 {
			break
		}
		m := ms[iterBest]
		copy(ms[1:iterBest+1], ms[:iterBest])
		ms[0] = m
		sc := scores[iterBest]
		copy(scores[1:iterBest+1], scores[:iterBest])
		scores[0] = sc
		bestScore = alpha
		if s.abort {
			break
		}
		done = int(depth)
		if alpha >= proved || alpha <= -proved {
			break
		}
		if full && len(ms) > 1 {
			sortByScore(ms[1:], scores[1:])
		}
	}
	pick := 0
	if full && len(ms) > 1 && done > 0 && rng.IntN(100) < lv.slip &&
		bestScore < proved && scores[1] > -proved && scores[1] >= bestScore-400 {
		pick = 1
	}
	return ms[pick].at, scores[pick], done
}

func sortByScore(ms []move, scores []int32) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
			scores[j], scores[j-1] = scores[j-1], scores[j]
		}
	}
}
