package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/internal/sharedtest"
	"pbem/rules"
	"pbem/rules/games"
)

// convertedSet converts the real Pente set into a record file once per
// benchmark and returns its path, its size and its number of games.
func convertedSet(b *testing.B) (path string, size int64, count int) {
	b.Helper()
	data := sharedtest.Path(b, "data/pente-games/pente_dataset.txt")
	code, records, errOut := runPbem(b, "", "convert", "--from", "lines", data)
	if code != exitOK {
		b.Fatalf("convert: exit %d: %.500s", code, errOut)
	}
	path = filepath.Join(b.TempDir(), "pente.pgn")
	if err := os.WriteFile(path, []byte(records), 0o644); err != nil {
		b.Fatal(err)
	}
	return path, int64(len(records)), strings.Count(records, "[Event ")
}

// measure runs body b.N times and reports games/s, and the CPU time per run
// where it can be measured.
func measure(b *testing.B, size int64, count int, body func()) {
	b.SetBytes(size)
	start, ok := cpuTime()
	for b.Loop() {
		body()
	}
	b.ReportMetric(float64(count)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if end, ok2 := cpuTime(); ok && ok2 {
		b.ReportMetric(float64(end-start)/1e6/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkReview is `pbem review --json` over the converted real Pente
// set: reading the file, the grammar, replaying every game and writing the
// report.
func BenchmarkReview(b *testing.B) {
	path, size, count := convertedSet(b)
	measure(b, size, count, func() {
		if code := run(context.Background(), []string{"review", "--json", path}, nil, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("review: exit %d", code)
		}
	})
}

// BenchmarkBaselineScanner does the same validation with a plain
// hand-written scanner, as the yardstick for BenchmarkReview.
func BenchmarkBaselineScanner(b *testing.B) {
	path, size, count := convertedSet(b)
	measure(b, size, count, func() {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if n, valid := scanAndReplay(string(src)); n != count || valid != count {
			b.Fatalf("%d games, %d valid; want %d", n, valid, count)
		}
	})
}

// scanAndReplay is the baseline: it splits the records at their results,
// reads the tags (with escapes), resolves the game from its Game and
// Options tags, takes the plies with their line and column (skipping move
// numbers, NAGs, comments and variations), replays them through the
// engine and compares the recorded result with the rules'.
func scanAndReplay(src string) (count, valid int) {
	type ply struct {
		token     string
		line, col int
	}
	var tags map[string]string
	var plies []ply
	line, col, i, depth := 1, 1, 0, 0
	advance := func(n int) {
		for end := i + n; i < end; i++ {
			if src[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
	finish := func(result string) {
		count++
		e, err := games.Lookup(tags["Game"])
		if err != nil {
			return
		}
		opts, err := rules.ParseOptions(strings.Fields(tags["Options"]))
		if err != nil {
			return
		}
		g, err := e.New(opts)
		if err != nil {
			return
		}
		for _, p := range plies {
			if rules.PlayToken(g, p.token) != nil {
				return
			}
		}
		if o := g.Outcome(); o.Over && o.Result(g.Seats()) != result {
			return
		}
		valid++
	}
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			advance(1)
		case c == '[':
			if tags == nil {
				tags = map[string]string{}
			}
			q := i + strings.IndexByte(src[i:], '"')
			var v strings.Builder
			k := q + 1
			for ; src[k] != '"'; k++ {
				if src[k] == '\\' {
					k++
				}
				v.WriteByte(src[k])
			}
			tags[strings.TrimSpace(src[i+1:q])] = v.String()
			advance(k + strings.IndexByte(src[k:], ']') + 1 - i)
		case c == '{':
			advance(strings.IndexByte(src[i:], '}') + 1)
		case c == ';':
			advance(strings.IndexByte(src[i:], '\n'))
		case c == '(':
			depth++
			advance(1)
		case c == ')':
			depth--
			advance(1)
		default:
			j := i
			for j < len(src) && src[j] != ' ' && src[j] != '\n' && src[j] != '\r' && src[j] != '\t' {
				j++
			}
			switch w := src[i:j]; {
			case depth > 0 || w[0] == '$' || w[len(w)-1] == '.':
			case w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*":
				finish(w)
				tags, plies = nil, plies[:0]
			default:
				plies = append(plies, ply{w, line, col})
			}
			advance(j - i)
		}
	}
	return count, valid
}
