package pente

import (
	"os"
	"strings"
	"testing"

	"pbem/rules"
)

// midgames reads testdata/midgames.txt: real games cut at ply 40 or less,
// plies separated by ';'.
func midgames(tb testing.TB) [][]string {
	tb.Helper()
	data, err := os.ReadFile("testdata/midgames.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		out = append(out, strings.Split(strings.Trim(line, ";"), ";"))
	}
	return out
}

// midgame plays one of the games to its end (about 40 plies).
func midgame(tb testing.TB, tokens []string) rules.Game {
	tb.Helper()
	g, _ := Kind.NewGame(rules.Options{"tournament": "off"})
	for _, tok := range tokens {
		if err := rules.PlayToken(g, tok); err != nil {
			tb.Fatalf("%s: %v", tok, err)
		}
	}
	return g
}

// BenchmarkPlay is the cost of one ply: a whole game of parsed plies played
// from the empty board per iteration, reported per ply.
func BenchmarkPlay(b *testing.B) {
	games := midgames(b)
	var parsed [][]rules.Ply
	plies := 0
	for _, toks := range games {
		g, _ := Kind.NewGame(rules.Options{"tournament": "off"})
		var ps []rules.Ply
		for _, tok := range toks {
			p, err := g.Parse(tok)
			if err != nil {
				b.Fatal(err)
			}
			ps = append(ps, p)
		}
		parsed = append(parsed, ps)
		plies += len(ps)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, ps := range parsed {
			g := New(rules.Options{"tournament": "off"})
			for _, p := range ps {
				if err := g.Play(p); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*plies), "ns/ply")
}

// BenchmarkLegal lists the legal plies of mid-game positions.
func BenchmarkLegal(b *testing.B) {
	var gs []rules.Game
	for _, toks := range midgames(b) {
		gs = append(gs, midgame(b, toks))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range gs {
			if len(g.Legal()) == 0 {
				b.Fatal("no legal plies")
			}
		}
	}
}

// BenchmarkClone copies a mid-game position.
func BenchmarkClone(b *testing.B) {
	g := midgame(b, midgames(b)[0])
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Clone()
	}
}
