package dobbal

import (
	"testing"

	"pbem/rules"
)

// midgames are positions 20 plies into seeded random games (40 with dice 1
// to 3, 40 with 1 to 6, less those already won), each with the roll of its
// next ply set.
func midgames(tb testing.TB) []*Game {
	tb.Helper()
	var out []*Game
	for _, faces := range []string{"3", "6"} {
		opts := rules.Options{"faces": faces}
		for seed := range uint64(40) {
			g0, _ := Kind.NewGame(opts)
			g := g0.(*Game)
			_, f := g.Dice()
			for g.Plies() < 20 && !g.Outcome().Over {
				if err := g.SetRoll(RollFor(seed, g.Plies()+1, f)); err != nil {
					tb.Fatal(err)
				}
				legal := g.Legal()
				if err := g.Play(legal[int(seed*7+uint64(g.Plies())*13)%len(legal)]); err != nil {
					tb.Fatal(err)
				}
			}
			if g.Outcome().Over {
				continue
			}
			if err := g.SetRoll(RollFor(seed, g.Plies()+1, f)); err != nil {
				tb.Fatal(err)
			}
			out = append(out, g)
		}
	}
	return out
}

// BenchmarkLegalRolled lists the legal plies of a mid-game position with
// the roll set, as the service does for hints; reported per position.
func BenchmarkLegalRolled(b *testing.B) {
	gs := midgames(b)
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range gs {
			plies += len(g.Legal())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(gs)), "ns/position")
	b.ReportMetric(float64(plies)/float64(b.N*len(gs)), "plies/position")
}

// BenchmarkLegalAllRolls lists the legal plies of every possible roll of a
// mid-game position (no roll set, as in a record replay).
func BenchmarkLegalAllRolls(b *testing.B) {
	gs := midgames(b)
	for _, g := range gs {
		g.roll = [3]int8{}
	}
	plies := 0
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range gs {
			plies += len(g.Legal())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(gs)), "ns/position")
	b.ReportMetric(float64(plies)/float64(b.N*len(gs)), "plies/position")
}

// BenchmarkPlay checks and plays one parsed ply on a clone of a mid-game
// position; the ply is the last legal one, which tends to skip steps and so
// runs the search for a fuller turn.
func BenchmarkPlay(b *testing.B) {
	gs := midgames(b)
	ps := make([]rules.Ply, len(gs))
	for i, g := range gs {
		legal := g.Legal()
		p, err := g.Parse(legal[len(legal)-1].String())
		if err != nil {
			b.Fatal(err)
		}
		ps[i] = p
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, g := range gs {
			if err := g.Clone().Play(ps[i]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(gs)), "ns/ply")
}
