package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"pbem/ai"
	"pbem/ai/computers"
	"pbem/ai/greedy"
	"pbem/rules"
	"pbem/rules/games"
)

// arenaPlayer is one side of an arena match: an engine and its settings.
type arenaPlayer struct {
	name     string
	engine   ai.Engine
	settings ai.Settings
}

// parsePlayer reads "greedy", "level=8" or "level=8,nodes=20000".
func parsePlayer(spec string, k *rules.Kind) (arenaPlayer, error) {
	p := arenaPlayer{name: spec, engine: computers.For(k)}
	if strings.EqualFold(strings.TrimSpace(spec), "greedy") {
		p.engine = greedy.Engine{}
		return p, nil
	}
	for _, part := range strings.Split(spec, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.ParseInt(value, 10, 64)
		if !ok || err != nil {
			return p, fmt.Errorf("%q: write a player as greedy, level=N or level=N,nodes=N", spec)
		}
		switch key {
		case "level":
			p.settings.Level = int(n)
		case "nodes":
			p.settings.Nodes = n
		default:
			return p, fmt.Errorf("%q: %s is not a setting; the settings are level and nodes", spec, key)
		}
	}
	return p, p.settings.Check()
}

// budgeter is an engine that tells its levels' node budgets.
type budgeter interface {
	Budget(level int) int64
}

// scaleNodes sets the player's node budget to its level's times scale; a
// scale of 0, greedy and an explicit nodes= leave it alone.
func (p *arenaPlayer) scaleNodes(scale float64, kind string) error {
	if scale == 0 || p.settings.Nodes > 0 {
		return nil
	}
	if _, ok := p.engine.(greedy.Engine); ok {
		return nil
	}
	b, ok := p.engine.(budgeter)
	if !ok {
		return fmt.Errorf("the %s player has no node budgets to scale", kind)
	}
	p.settings.Nodes = max(1, int64(math.Round(float64(b.Budget(p.settings.LevelOrDefault()))*scale)))
	p.name = fmt.Sprintf("%s at %d nodes", p.name, p.settings.Nodes)
	return nil
}

// arenaGame is one finished game: A's score (1 when a seat of A's won, 1/2
// for a draw, else 0), A's share of the seats, and each side's plies,
// thinking time and nodes.
type arenaGame struct {
	score   float64
	share   float64
	plies   [2]int
	elapsed [2]time.Duration
	nodes   [2]int64
	err     error
}

// maxArenaPlies ends a game that goes on too long as a draw.
const maxArenaPlies = 600

// runArena plays two computer players against each other.
func runArena(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("arena", "--game KIND --a level=8 --b level=5 [--games 100] [--seats N] [--time D] [--seed S]", stderr)
	kind := fs.String("game", "pente", "the game to play: pente, keryo-pente, gomoku, quatro, ...")
	aSpec := fs.String("a", "level=8", "player A: greedy, level=N or level=N,nodes=N")
	bSpec := fs.String("b", "greedy", "player B, written as for --a")
	count := fs.Int("games", 100, "how many games; A and B share the seats, taking each in turn")
	seats := fs.Int("seats", 0, "the seats of a game that has a choice, such as 3 for Pinuid Quatro (default: the game's own)")
	limit := fs.Duration("time", 0, "the most time per ply (default: each level's own)")
	seed := fs.Uint64("seed", 1, "the seed of the openings, the dice and the players' choices")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	opening := fs.Int("opening", 0, "random plies played before the players start; each opening is played once from every seat")
	scale := fs.Float64("nodes-scale", 0, "play each level with its node budget times this (such as 0.1), for a quicker match that keeps the levels apart")
	operands, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(operands) != 0 || *count < 1 || *workers < 1 || *scale < 0 || *opening < 0 || *seats < 0 {
		fs.Usage()
		return exitUsage
	}
	entry, err := games.Lookup(*kind)
	if err != nil {
		fmt.Fprintf(stderr, "pbem arena: %v\n", errText(err))
		return exitUsage
	}
	var opts rules.Options
	if *seats > 0 {
		opts = rules.Options{"seats": strconv.Itoa(*seats)}
	}
	g0, err := entry.New(opts)
	if err != nil {
		fmt.Fprintf(stderr, "pbem arena: --seats: %v\n", errText(err))
		return exitUsage
	}
	var players [2]arenaPlayer
	for i, spec := range []string{*aSpec, *bSpec} {
		p, err := parsePlayer(spec, entry.Kind)
		if err != nil {
			fmt.Fprintf(stderr, "pbem arena: --%c %v\n", 'a'+i, errText(err))
			return exitUsage
		}
		p.settings.Time = *limit
		if err := p.scaleNodes(*scale, entry.Name); err != nil {
			fmt.Fprintf(stderr, "pbem arena: --nodes-scale: %v\n", errText(err))
			return exitUsage
		}
		players[i] = p
	}

	results := make([]arenaGame, *count)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	finished := 0
	progress(stderr, 0, *count)
	for range min(*workers, *count) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := range jobs {
				r := playArenaGame(ctx, entry, opts, players, n, *seed, *opening)
				mu.Lock()
				results[n] = r
				finished++
				progress(stderr, finished, *count)
				mu.Unlock()
			}
		}()
	}
	for n := range *count {
		if ctx.Err() != nil {
			break
		}
		jobs <- n
	}
	close(jobs)
	wg.Wait()
	fmt.Fprintln(stderr)
	if err := ctx.Err(); err != nil {
		fmt.Fprintf(stderr, "pbem arena: stopped: %v\n", errText(err))
		return exitInvalid
	}
	for n, r := range results {
		if r.err != nil {
			fmt.Fprintf(stderr, "pbem arena: game %d: %v\n", n+1, errText(r.err))
			return exitInvalid
		}
	}
	report(stdout, entry.Name, g0.Seats(), players, results, *limit, *seed, *opening)
	return exitOK
}

// arenaCycle is how many games it takes A and B to hold every seat equally
// often: two when the seats are even (A holds half of them, then the other
// half), twice the seats when they are odd (A holds one seat, each in turn,
// then all but one).
func arenaCycle(seats int) int {
	if seats%2 == 0 {
		return 2
	}
	return 2 * seats
}

// arenaSeats tells which seats A holds in game n. With an even number of
// seats A holds every other one, the even seats in even games and the odd
// seats in odd games (A B A B, then B A B A): a 2-against-2 game that is
// even at 50%. With an odd number of seats no split is even, so the split
// rotates over arenaCycle games: in the first half of the cycle A holds one
// seat, each in turn, and in the second half every seat but one; over a
// whole cycle A holds half of all the seats, each as often as B, and an
// even match scores 50%.
func arenaSeats(seats, n int) []bool {
	a := make([]bool, seats)
	if seats%2 == 0 {
		for s := range a {
			a[s] = (s+n)%2 == 0
		}
		return a
	}
	k := n % arenaCycle(seats)
	for s := range a {
		if k < seats {
			a[s] = s == k
		} else {
			a[s] = s != k-seats
		}
	}
	return a
}

// playArenaGame plays game n with A in the seats arenaSeats gives, B in
// the others. Every seat's seed derives from the match seed and n, so games
// differ and a match replays exactly (when no time ceiling cuts a search).
// The first opening plies are random, drawn from a seed shared by the games
// of one seating cycle, so every opening is played with A and B in every
// seat and no side gains from its luck.
func playArenaGame(ctx context.Context, e games.Entry, opts rules.Options, players [2]arenaPlayer, n int, seed uint64, opening int) arenaGame {
	var r arenaGame
	g, err := e.New(opts)
	if err != nil {
		r.err = err
		return r
	}
	aSeats := arenaSeats(g.Seats(), n)
	for _, a := range aSeats {
		if a {
			r.share++
		}
	}
	r.share /= float64(g.Seats())
	gameSeed := splitmix(seed ^ splitmix(uint64(n)+1))
	if err := playOpening(g, splitmix(seed^splitmix(uint64(n/arenaCycle(g.Seats()))+1)^0x6f70656e), opening); err != nil {
		r.err = err
		return r
	}
	for g.Plies() < maxArenaPlies && !g.Outcome().Over {
		if ctx.Err() != nil {
			r.err = ctx.Err()
			return r
		}
		side := 1
		if aSeats[g.ToMove()] {
			side = 0
		}
		if roller, ok := g.(rules.Roller); ok {
			if err := roller.SetRoll(roller.RollFor(gameSeed, g.Plies()+1)); err != nil {
				r.err = err
				return r
			}
		}
		p := players[side]
		s := p.settings
		s.Seed = splitmix(gameSeed + uint64(side)<<32 + uint64(g.ToMove()))
		th, err := p.engine.Think(ctx, g, s)
		if err != nil {
			r.err = fmt.Errorf("ply %d, %s: %w", g.Plies()+1, p.name, err)
			return r
		}
		if err := g.Play(th.Ply); err != nil {
			r.err = fmt.Errorf("%s chose a ply the rules refuse: %w", p.name, err)
			return r
		}
		r.plies[side]++
		r.elapsed[side] += th.Elapsed
		r.nodes[side] += th.Nodes
	}
	o := g.Outcome()
	switch {
	case !o.Over, o.Draw():
		r.score = 0.5
	default:
		for seat, a := range aSeats {
			if a && o.Won(rules.Seat(seat)) {
				r.score = 1
			}
		}
	}
	return r
}

// playOpening plays up to plies random legal plies, stopping early rather
// than ending the game, with dice (if any) drawn from the same seed.
func playOpening(g rules.Game, seed uint64, plies int) error {
	rng := rand.New(rand.NewPCG(seed, uint64(plies)))
	for range plies {
		if roller, ok := g.(rules.Roller); ok {
			if err := roller.SetRoll(roller.RollFor(seed, g.Plies()+1)); err != nil {
				return fmt.Errorf("opening: %w", err)
			}
		}
		var open []rules.Ply
		for _, p := range g.Legal() {
			c := g.Clone()
			if c.Play(p) == nil && !c.Outcome().Over {
				open = append(open, p)
			}
		}
		if len(open) == 0 {
			return nil
		}
		if err := g.Play(open[rng.IntN(len(open))]); err != nil {
			return fmt.Errorf("opening: %w", err)
		}
	}
	return nil
}

// splitmix is one step of SplitMix64: seeds that differ in one bit give
// unrelated games.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// progress draws a bar of finished games on one line of stderr.
func progress(w io.Writer, done, total int) {
	const width = 30
	filled := done * width / total
	fmt.Fprintf(w, "\r[%s%s] %d/%d games", strings.Repeat("#", filled), strings.Repeat(".", width-filled), done, total)
}

// report prints the match: A's wins, draws and losses, the Elo difference
// with its 95% margin, and each side's time per ply and nodes per second.
func report(w io.Writer, kind string, seats int, players [2]arenaPlayer, results []arenaGame, limit time.Duration, seed uint64, opening int) {
	var win, draw, loss int
	var plies [2]int
	var elapsed [2]time.Duration
	var nodes [2]int64
	scores := make([]float64, len(results))
	for i, r := range results {
		switch r.score {
		case 1:
			win++
		case 0.5:
			draw++
		default:
			loss++
		}
		scores[i] = r.score
		for s := range 2 {
			plies[s] += r.plies[s]
			elapsed[s] += r.elapsed[s]
			nodes[s] += r.nodes[s]
		}
	}
	timeText := "each level's own"
	if limit > 0 {
		timeText = limit.String()
	}
	fmt.Fprintf(w, "%s: A (%s) against B (%s), %d games, time per ply %s, seed %d\n",
		kind, players[0].name, players[1].name, len(results), timeText, seed)
	if opening > 0 {
		fmt.Fprintf(w, "Each game opened with %d random plies, each opening played from every seat\n", opening)
	}
	if seats > 2 {
		fmt.Fprintln(w, seatingText(seats, results))
	}
	fmt.Fprintf(w, "A: %d-%d-%d (wins-draws-losses), score %.1f%%\n", win, draw, loss, 100*mean(scores))
	fmt.Fprintf(w, "Elo difference A-B: %s\n", eloText(scores))
	for s, name := range []string{"A", "B"} {
		perPly, rate := time.Duration(0), 0.0
		if plies[s] > 0 {
			perPly = elapsed[s] / time.Duration(plies[s])
		}
		if elapsed[s] > 0 {
			rate = float64(nodes[s]) / elapsed[s].Seconds()
		}
		fmt.Fprintf(w, "%s: %d plies, %v per ply, %.0f nodes/s\n", name, plies[s], perPly.Round(time.Microsecond), rate)
	}
}

// seatingText says how A and B shared the seats of a game of three or more,
// and what an even match scores.
func seatingText(seats int, results []arenaGame) string {
	shares := make([]float64, len(results))
	for i, r := range results {
		shares[i] = r.share
	}
	even := 100 * mean(shares)
	how := fmt.Sprintf("over every %d games A holds each seat alone once and all seats but one once", arenaCycle(seats))
	if seats%2 == 0 {
		how = fmt.Sprintf("A holds the odd-numbered seats in odd-numbered games and the even-numbered seats in the others (%d against %d)", seats/2, seats/2)
	}
	return fmt.Sprintf("Seating: %s; a game counts as A's win when one of A's seats wins, so an even match scores %.1f%%", how, even)
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// eloText is the Elo difference of a score fraction with its 95% margin
// from the games' spread; a clean sweep gives a bound instead.
func eloText(scores []float64) string {
	n := float64(len(scores))
	p := mean(scores)
	// + 0 turns the -0 of an even score into 0.
	elo := func(p float64) float64 { return math.Round(-400*math.Log10(1/p-1)) + 0 }
	switch p {
	case 1:
		return fmt.Sprintf("more than %+.0f (all games won)", elo(1-0.5/n))
	case 0:
		return fmt.Sprintf("less than %+.0f (all games lost)", elo(0.5/n))
	}
	variance := 0.0
	for _, s := range scores {
		variance += (s - p) * (s - p)
	}
	se := math.Sqrt(variance/n) / math.Sqrt(n)
	lo, hi := math.Max(p-1.96*se, 0.5/n), math.Min(p+1.96*se, 1-0.5/n)
	return fmt.Sprintf("%+.0f ± %.0f (95%%: %+.0f to %+.0f)", elo(p), (elo(hi)-elo(lo))/2, elo(lo), elo(hi))
}
