// Package match plays games between engines for the engines' own strength
// tests: a seeded random opening, then each seat's engine in turn, with the
// dice rolled by the game's RollFor for games that use them.
package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"pbem/ai"
	"pbem/rules"
)

// Player is an engine with its settings.
type Player struct {
	Engine   ai.Engine
	Settings ai.Settings
}

// Game plays one game of kind k with options o, seat i played by
// players[i]. The first opening plies are random (seeded) and take nothing, so that engines
// without noise do not play the same game every time; seed also seeds the
// dice and each player's own seed. maxPlies bounds the game; a game cut
// short reads as not over.
func Game(ctx context.Context, k *rules.Kind, o rules.Options, players []Player, seed uint64, opening, maxPlies int) (rules.Game, error) {
	g, err := k.NewGame(o)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x0bee))
	for g.Plies() < maxPlies && !g.Outcome().Over {
		if r, ok := g.(rules.Roller); ok {
			if err := r.SetRoll(r.RollFor(seed, g.Plies()+1)); err != nil {
				return g, err
			}
		}
		var ply rules.Ply
		if g.Plies() < opening {
			legal := quiet(g.Legal())
			ply = legal[rng.IntN(len(legal))]
		} else {
			p := players[g.ToMove()]
			set := p.Settings
			set.Seed = set.Seed ^ seed*0x9e3779b97f4a7c15
			th, err := p.Engine.Think(ctx, g, set)
			if err != nil {
				return g, fmt.Errorf("ply %d: %w", g.Plies()+1, err)
			}
			ply = th.Ply
		}
		if err := g.Play(ply); err != nil {
			return g, fmt.Errorf("ply %d: %w", g.Plies()+1, err)
		}
	}
	return g, nil
}

// quiet keeps the plies that take nothing (no x in their token, and no
// other ply that starts the same way with one), unless there are none: a
// random opening that scrambles the position without deciding the game.
func quiet(legal []rules.Ply) []rules.Ply {
	taking := map[string]bool{}
	for _, p := range legal {
		if before, _, ok := strings.Cut(p.String(), "x"); ok {
			taking[before] = true
		}
	}
	var out []rules.Ply
	for _, p := range legal {
		if tok := p.String(); !strings.Contains(tok, "x") && !taking[tok] {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// Score is a tally of games from one side's view.
type Score struct {
	Wins, Losses, Draws int
}

// Add counts one finished (or cut short) game for the seats in side.
func (s *Score) Add(g rules.Game, side []rules.Seat) {
	o := g.Outcome()
	if !o.Over || o.Draw() {
		s.Draws++
		return
	}
	for _, seat := range side {
		if o.Won(seat) {
			s.Wins++
			return
		}
	}
	s.Losses++
}

// Rate is the share of points won, a draw counting half.
func (s Score) Rate() float64 {
	n := s.Wins + s.Losses + s.Draws
	if n == 0 {
		return 0
	}
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(n)
}

func (s Score) String() string {
	return fmt.Sprintf("+%d -%d =%d (%.0f%%)", s.Wins, s.Losses, s.Draws, 100*s.Rate())
}

// Series plays games games of a against b from seeded random openings of
// opening plies, a taking the even seats in even games and the odd seats in
// odd games (each opening is played from both sides), and scores them for
// a. each, when not nil, hears of every game as it ends.
func Series(ctx context.Context, k *rules.Kind, o rules.Options, a, b Player, games, opening int, each func(i int, g rules.Game, s Score)) (Score, error) {
	var score Score
	for i := range games {
		g0, err := k.NewGame(o)
		if err != nil {
			return score, err
		}
		n := g0.Seats()
		players := make([]Player, n)
		var side []rules.Seat
		for s := range n {
			if (s+i)%2 == 0 {
				players[s] = a
				side = append(side, rules.Seat(s))
			} else {
				players[s] = b
			}
		}
		g, err := Game(ctx, k, o, players, uint64(i/2)+1, opening, 400)
		if err != nil {
			return score, err
		}
		score.Add(g, side)
		if each != nil {
			each(i, g, score)
		}
	}
	return score, nil
}
