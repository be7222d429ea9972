// Package ratings computes players' ratings with the Glicko-2 system of
// Mark Glickman ("Example of the Glicko-2 system", 2013), one rating per
// game kind. Games of three or more seats count as pairwise results
// between every two seats.
package ratings

import "math"

// scale converts between the Glicko scale (1500-centred) and Glicko-2's.
const scale = 173.7178

// Rating is a player's rating in one game kind, on the Glicko scale.
type Rating struct {
	R     float64 // rating
	RD    float64 // rating deviation
	Vol   float64 // volatility
	Games int     // rated games played
}

// Initial is a new player's rating.
var Initial = Rating{R: 1500, RD: 350, Vol: 0.06}

// Provisional is how many games a rating stays provisional for.
const Provisional = 20

// IsProvisional reports whether the rating still rests on few games.
func (r Rating) IsProvisional() bool { return r.Games < Provisional }

// Result is one game against one opponent, from the player's side.
type Result struct {
	Opponent Rating
	Score    float64 // 1 win, 0.5 draw, 0 loss
}

// System holds the system constant tau, which limits how fast volatility
// changes; Glickman suggests 0.3 to 1.2.
type System struct {
	Tau float64
}

// Default is the system pbem uses: tau 0.5, as in Glickman's example.
var Default = System{Tau: 0.5}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-g(phiJ)*(mu-muJ))) }

// Update rates one period: the player's rating after the results. With no
// results only the deviation grows.
func (s System) Update(p Rating, results []Result) Rating {
	mu, phi, sigma := (p.R-1500)/scale, p.RD/scale, p.Vol
	if len(results) == 0 {
		phi = math.Sqrt(phi*phi + sigma*sigma)
		return Rating{R: p.R, RD: phi * scale, Vol: sigma, Games: p.Games}
	}
	var vInv, delta float64
	for _, r := range results {
		muJ, phiJ := (r.Opponent.R-1500)/scale, r.Opponent.RD/scale
		e := expect(mu, muJ, phiJ)
		gj := g(phiJ)
		vInv += gj * gj * e * (1 - e)
		delta += gj * (r.Score - e)
	}
	v := 1 / vInv
	sum := delta
	delta *= v
	sigma = s.volatility(phi, sigma, v, delta)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	return Rating{R: mu*scale + 1500, RD: phi * scale, Vol: sigma, Games: p.Games + len(results)}
}

// volatility finds the new volatility by the Illinois algorithm (step 5 of
// Glickman's example).
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	const eps = 0.000001
	a := math.Log(sigma * sigma)
	tau2 := s.Tau * s.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*s.Tau) < 0 {
			k++
		}
		B = a - k*s.Tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > eps {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Pairwise turns one game's per-seat scores (1 for the winner, 0 for the
// others, 1/2 each in a draw) into each seat's results against every other
// seat: the higher score wins the pair, equal scores draw it.
func Pairwise(ratings []Rating, scores []float64) [][]Result {
	out := make([][]Result, len(ratings))
	for i := range ratings {
		for j := range ratings {
			if i == j {
				continue
			}
			s := 0.5
			switch {
			case scores[i] > scores[j]:
				s = 1
			case scores[i] < scores[j]:
				s = 0
			}
			out[i] = append(out[i], Result{Opponent: ratings[j], Score: s})
		}
	}
	return out
}

// Game rates one finished game: every seat's new rating, all computed from
// the ratings before the game.
func (s System) Game(ratings []Rating, scores []float64) []Rating {
	pairs := Pairwise(ratings, scores)
	out := make([]Rating, len(ratings))
	for i, r := range ratings {
		out[i] = s.Update(r, pairs[i])
		// A game of several seats is one game, not one per opponent.
		out[i].Games = r.Games + 1
	}
	return out
}
