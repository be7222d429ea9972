// Package greedy is the simplest computer player: it plays a ply that wins at
// once when there is one, else any legal ply, chosen by the seed. It is the
// yardstick the real engines are measured against, and works for every game.
package greedy

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"pbem/ai"
	"pbem/rules"
)

// Engine is the one-ply greedy player.
type Engine struct{}

// Think implements ai.Engine.
func (Engine) Think(ctx context.Context, g rules.Game, s ai.Settings) (ai.Thought, error) {
	start := time.Now()
	if g.Outcome().Over {
		return ai.Thought{}, errors.New("the game is over")
	}
	legal := g.Legal()
	if len(legal) == 0 {
		return ai.Thought{}, errors.New("no legal ply")
	}
	me := g.ToMove()
	rng := rand.New(rand.NewPCG(s.Seed, uint64(g.Plies())))
	order := rng.Perm(len(legal))
	var nodes int64
	best, bestScore := legal[order[0]], ai.Score(-ai.Win)
	for _, i := range order {
		if ctx.Err() != nil {
			break
		}
		p := legal[i]
		after := g.Clone()
		if err := after.Play(p); err != nil {
			continue
		}
		nodes++
		score := ai.Score(0)
		if o := after.Outcome(); o.Over {
			switch {
			case o.Won(me):
				score = ai.Win - 1
			case o.Draw():
				score = 0
			default:
				score = -ai.Win + 1
			}
		}
		if score > bestScore {
			best, bestScore = p, score
		}
	}
	return ai.Thought{Ply: best, Score: bestScore, Line: []rules.Ply{best}, Depth: 1, Nodes: nodes, Elapsed: time.Since(start)}, nil
}
