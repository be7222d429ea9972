package pente

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/puzpuzpuz/xsync/v4"

	"pbem/rules"
)

// dirs are the 8 directions as (file, rank) steps; direction i+4 is the
// opposite of i.
var dirs = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// deltas are the directions of dirs as steps in point numbers.
var deltas = func() (t [8]Point) {
	for i, d := range dirs {
		t[i] = Point(d[1]*Size + d[0])
	}
	return t
}()

// reach is, for each point and direction of dirs, how many steps lead from
// the point to the edge of the board: every ply looks along the lines
// through its point, and a table is cheaper than working out columns and
// rows at each step.
var reach = func() (t [N][8]int8) {
	// along one axis: the steps to the far edge going up, to the near
	// edge going down, and no bound standing still
	room := func(x, d int) int {
		switch {
		case d > 0:
			return Size - 1 - x
		case d < 0:
			return x
		}
		return Size
	}
	for p := range Point(N) {
		for i, d := range dirs {
			t[p][i] = int8(min(room(p.File(), d[0]), room(p.Rank(), d[1])))
		}
	}
	return t
}()

// step returns the point k steps from p in direction d, or false off the board.
func step(p Point, d [2]int, k int) (Point, bool) {
	f, r := p.File()+d[0]*k, p.Rank()+d[1]*k
	if f < 0 || f >= Size || r < 0 || r >= Size {
		return 0, false
	}
	return At(f, r), true
}

// Play implements rules.Game.
func (g *Game) Play(ply rules.Ply) error {
	n := len(g.history) + 1
	p, ok := ply.(Point)
	if !ok {
		return rules.Fail(n, fmt.Sprint(ply), "rule.notation", "pente.not_a_ply", rules.Args{"Ply": fmt.Sprint(ply)})
	}
	if err := g.check(n, p); err != nil {
		return err
	}
	g.apply(p)
	return nil
}

// check says why p may not be played as ply n, or nil. It builds no
// strings unless it refuses: it runs for every ply of every replay.
func (g *Game) check(n int, p Point) error {
	refuse := func(rule, code rules.Code, args rules.Args) error {
		return rules.Fail(n, p.String(), rule, code, args)
	}
	if g.outcome.Over {
		return refuse("rule.game_over", "rules.game_over", rules.Args{"End": g.end()})
	}
	if p < 0 || p >= N {
		return rules.Fail(n, fmt.Sprint(int(p)), "rule.notation", "pente.off_board", rules.Args{"Point": int(p)})
	}
	if g.board[p] != empty {
		return refuse("rule.occupied_point", "pente.occupied", rules.Args{"Point": p.String(), "Seat": g.SeatMsg(rules.Seat(g.board[p] - 1))})
	}
	if n == 1 && p != Centre {
		return refuse("rule.first_stone", "pente.first_stone", rules.Args{"Point": p.String()})
	}
	if n == 3 && g.tournament {
		me := g.SeatMsg(g.ToMove())
		df, dr := abs(p.File()-Centre.File()), abs(p.Rank()-Centre.Rank())
		if df < 3 && dr < 3 {
			return refuse("rule.tournament", "pente.tournament", rules.Args{"Point": p.String(), "Seat": me})
		}
		if g.variant == GPente {
			for _, q := range gPenteBarred {
				if p == q {
					return refuse("rule.gpente_opening", "pente.gpente_opening", rules.Args{"Point": p.String(), "Seat": me})
				}
			}
		}
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// apply plays a checked ply: place, remove captures (and poofs), then decide
// the outcome.
func (g *Game) apply(p Point) {
	mover := g.ToMove()
	own := int8(mover) + 1
	opp := 3 - own

	g.board[p] = own
	g.empties--
	var takenBuf [maxRemoved - maxPoofed]Point
	taken := g.captures(p, own, takenBuf[:0])
	var poofed []Point
	if g.variant == Poof {
		poofed = g.poofs(p, own, g.poofed[:0])
	}
	for _, q := range taken {
		g.board[q] = empty
	}
	for _, q := range poofed {
		g.board[q] = empty
	}
	g.nPoofed = int8(len(poofed))
	removed := append(append(g.removed[:0], taken...), poofed...)
	if len(removed) > 1 {
		slices.Sort(removed)
	}
	g.nRemoved = int8(len(removed))
	g.empties += len(taken) + len(poofed)
	g.captured[mover] += len(taken)
	g.captured[1-mover] += len(poofed)
	g.history = append(g.history, plies[p])

	g.decide(p, own, opp)
}

// captures appends to out the opponent stones that a stone of own on p
// encloses.
func (g *Game) captures(p Point, own int8, out []Point) []Point {
	opp := 3 - own
	sizes := g.variant.captureSizes()
	if len(sizes) == 0 {
		return out
	}
	room := &reach[p]
	if len(sizes) == 1 { // pairs only, as in most variants: every ply looks
		for i, delta := range deltas {
			if room[i] >= 3 {
				q := p + delta
				if g.board[q] == opp && g.board[q+delta] == opp && g.board[q+2*delta] == own {
					out = append(out, q, q+delta)
				}
			}
		}
		return out
	}
	for i, delta := range deltas {
		// Every capture size is 2 or more: the stone next to p is the
		// opponent's, and the far end is three steps away or more.
		if room[i] < 3 || g.board[p+delta] != opp {
			continue
		}
		for _, size := range sizes {
			far := Point(size + 1)
			if int(room[i]) < size+1 || g.board[p+delta*far] != own {
				continue
			}
			run := true
			for k := Point(2); k <= Point(size); k++ {
				if g.board[p+delta*k] != opp {
					run = false
					break
				}
			}
			if run {
				for k := Point(1); k <= Point(size); k++ {
					out = append(out, p+delta*k)
				}
			}
		}
	}
	return out
}

// poofs appends to out the mover's own stones that Poof-Pente removes: a
// stone on p that completes opp-own-own-opp takes itself and its partner
// off.
func (g *Game) poofs(p Point, own int8, out []Point) []Point {
	opp := 3 - own
	for _, d := range dirs {
		back, ok1 := step(p, d, -1)
		mate, ok2 := step(p, d, 1)
		far, ok3 := step(p, d, 2)
		if ok1 && ok2 && ok3 && g.board[back] == opp && g.board[mate] == own && g.board[far] == opp {
			if len(out) == 0 {
				out = append(out, p)
			}
			out = append(out, mate)
		}
	}
	return out
}

// decide works out the outcome after the mover (own) placed on p and the
// removals were made, and writes it when the game is over. The order: the
// mover's capture win; in Poof-Pente the opponent's capture win from
// poofs; in Boat-Pente the opponent's standing five that this ply did not
// break; then the mover's five. Most plies decide nothing: the outcome,
// which holds pointers, is written only when the game ends, and is not
// handed back for every ply (returned, it was stored to the stack and
// copied back in 16-byte moves that the processor could not forward from
// those stores: a quarter of apply's time).
func (g *Game) decide(p Point, own, opp int8) {
	mover := rules.Seat(own - 1)
	other := rules.Seat(opp - 1)
	win := func(s rules.Seat, r rules.Reason, detail rules.Msg) {
		g.outcome = rules.Outcome{Over: true, Winners: winners[s][:1:1], Reason: r, Detail: detail}
	}
	need := g.variant.captureWin()
	if g.variant == Poof {
		if g.captured[mover] >= need && g.captured[mover] > g.captured[other] {
			win(mover, rules.Captures, g.captureDetail(mover))
			return
		}
		if g.captured[other] >= need && g.captured[other] > g.captured[mover] {
			win(other, rules.Captures, g.captureDetail(other))
			return
		}
	} else if g.captured[mover] >= need {
		win(mover, rules.Captures, g.captureDetail(mover))
		return
	}
	if g.pending == opp {
		g.pending = 0
		if from, to, ok := g.anyFive(opp); ok {
			win(other, rules.FiveInRow, lineDetail("detail.five_not_broken", from, to))
			return
		}
	}
	if g.board[p] == own {
		if from, to, ok := g.fiveThrough(p, own); ok {
			if g.variant == Boat && g.breakable(own) {
				g.pending = own
			} else {
				win(mover, rules.FiveInRow, lineDetail("detail.five", from, to))
				return
			}
		}
	}
	if g.empties == 0 {
		g.outcome = rules.Outcome{Over: true, Reason: rules.FullBoard}
	}
}

// Winning outcomes share their parts: a review decides thousands of games,
// and making the detail's map was most of what deciding one cost. The
// slices and maps below are never written once made.
var (
	winners = [2][]rules.Seat{{0}, {1}}
	// details holds the details of wins made so far, up to detailsMax of
	// them (nDetails): the lines and counts of real games are few, and the
	// bound keeps a run over made-up ones small. Every game that ends
	// alike gets the same detail, which a review's words remember by its
	// map. Its keys are plain and typed, and reading takes no lock: a
	// sync.Map, its keys interfaces, was a third of what deciding a
	// game's end cost in a review, and a map under a lock passed the
	// lock's line between the cores of a review for every game.
	details  = xsync.NewMap[detailKey, rules.Msg]()
	nDetails atomic.Int32
)

const detailsMax = 4096

// detailKey is a win's detail as a map key: its code, and the line's ends
// or the count it gives.
type detailKey struct {
	code rules.Code
	a, b int
}

// detail is the detail of code with its arguments, made with newMsg the
// first time.
func detail(k detailKey, newMsg func() rules.Msg) rules.Msg {
	if m, ok := details.Load(k); ok {
		return m
	}
	if nDetails.Load() >= detailsMax || nDetails.Add(1) > detailsMax {
		return newMsg()
	}
	// Two games ending alike at once keep the first detail made.
	m, _ := details.LoadOrCompute(k, func() (rules.Msg, bool) { return newMsg(), false })
	return m
}

// lineDetail is the detail of a win by the line from one point to another:
// code is detail.five or detail.five_not_broken.
func lineDetail(code rules.Code, from, to Point) rules.Msg {
	return detail(detailKey{code, int(from), int(to)}, func() rules.Msg {
		return rules.M(code, rules.Args{"From": from.String(), "To": to.String()})
	})
}

func (g *Game) captureDetail(s rules.Seat) rules.Msg {
	n := g.captured[s]
	if g.variant == Keryo {
		return detail(detailKey{"detail.stones", n, 0}, func() rules.Msg {
			return rules.M("detail.stones", rules.Args{"Stones": n})
		})
	}
	return detail(detailKey{"detail.pairs", n / 2, 0}, func() rules.Msg {
		return rules.M("detail.pairs", rules.Args{"Pairs": n / 2})
	})
}

// run measures the line of own stones through p along direction i (0 to
// 3) both ways and returns its ends and length.
func (g *Game) run(p Point, own int8, i int) (from, to Point, n int) {
	delta := deltas[i]
	from, to, n = p, p, 1
	for k, q := reach[p][i], p+delta; k > 0 && g.board[q] == own; k, q = k-1, q+delta {
		to, n = q, n+1
	}
	for k, q := reach[p][i+4], p-delta; k > 0 && g.board[q] == own; k, q = k-1, q-delta {
		from, n = q, n+1
	}
	return from, to, n
}

// wins reports whether a line of n stones wins: five or more, or exactly
// five in Gomoku.
func (g *Game) wins(n int) bool {
	if g.variant == Gomoku {
		return n == 5
	}
	return n >= 5
}

// fiveThrough finds a winning line through p.
func (g *Game) fiveThrough(p Point, own int8) (from, to Point, ok bool) {
	room := &reach[p]
	for i := range 4 {
		// Most lines through a new stone hold no other stone of its own
		// next to it, and cannot hold a five.
		d := deltas[i]
		if (room[i] == 0 || g.board[p+d] != own) && (room[i+4] == 0 || g.board[p-d] != own) {
			continue
		}
		if a, b, n := g.run(p, own, i); g.wins(n) {
			if b < a {
				a, b = b, a
			}
			return a, b, true
		}
	}
	return 0, 0, false
}

// anyFive finds a winning line of own anywhere on the board.
func (g *Game) anyFive(own int8) (from, to Point, ok bool) {
	for p := range Point(N) {
		if g.board[p] == own {
			if a, b, ok := g.fiveThrough(p, own); ok {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// breakable reports whether the opponent of own can, with one stone,
// capture so that own has no winning line left (Boat-Pente).
func (g *Game) breakable(own int8) bool {
	opp := 3 - own
	for q := range Point(N) {
		if g.board[q] != empty {
			continue
		}
		var buf [maxRemoved - maxPoofed]Point
		taken := g.captures(q, opp, buf[:0])
		if len(taken) == 0 {
			continue
		}
		trial := *g
		trial.board[q] = opp
		for _, t := range taken {
			trial.board[t] = empty
		}
		if _, _, ok := trial.anyFive(own); !ok {
			return true
		}
	}
	return false
}

// Legal implements rules.Game: every empty point, narrowed by the opening
// rules on plies 1 and 3.
func (g *Game) Legal() []rules.Ply {
	if g.outcome.Over {
		return nil
	}
	n := len(g.history) + 1
	if n == 1 {
		return []rules.Ply{plies[Centre]}
	}
	out := make([]rules.Ply, 0, g.empties)
	for p := range Point(N) {
		if g.board[p] != empty {
			continue
		}
		if n == 3 && g.tournament && g.check(n, p) != nil {
			continue
		}
		out = append(out, plies[p])
	}
	return out
}

// MiddleLegal implements rules.Exampler: Legal()[len/2], found without
// making the list, which a mail's "such as L10" would otherwise make.
func (g *Game) MiddleLegal() (rules.Ply, bool) {
	n := len(g.history) + 1
	if g.outcome.Over || n == 1 || (n == 3 && g.tournament) {
		legal := g.Legal()
		if len(legal) == 0 {
			return nil, false
		}
		return legal[len(legal)/2], true
	}
	// Every empty point is legal: the middle one is empty number
	// empties/2, counting from 0.
	k := g.empties / 2
	for p := range Point(N) {
		if g.board[p] != empty {
			continue
		}
		if k == 0 {
			return plies[p], true
		}
		k--
	}
	return nil, false
}

// OnlyPass implements rules.Passer: Pente has no pass.
func (g *Game) OnlyPass() bool { return false }

// end is how the game ended, as a message.
func (g *Game) end() rules.Msg {
	o := g.outcome
	if o.Draw() {
		return rules.M("pente.end_draw", rules.Args{"Reason": rules.M(o.Reason.Code(), nil)})
	}
	return rules.M("pente.end_win", rules.Args{"Seat": g.SeatMsg(o.Winners[0]), "Reason": rules.M(o.Reason.Code(), nil), "Detail": o.Detail})
}

// Hint implements rules.Hinter: which points are legal, in words.
func (g *Game) Hint() rules.Msg {
	n := len(g.history) + 1
	switch {
	case g.outcome.Over:
		return rules.M("board.pente.hint_over", nil)
	case n == 1:
		return rules.M("board.pente.hint_first", nil)
	case n == 3 && g.tournament && g.variant == GPente:
		return rules.M("board.pente.hint_gpente", nil)
	case n == 3 && g.tournament:
		return rules.M("board.pente.hint_tournament", nil)
	}
	return rules.M("board.pente.hint_any", rules.Args{"Count": g.empties})
}
