package notation

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/internal/sharedtest"
)

// realRecords converts the real Pente set into records, as pbem convert
// does.
func realRecords(tb testing.TB) []byte {
	tb.Helper()
	path := sharedtest.Path(tb, "data/pente-games/pente_dataset.txt")
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	w := NewWriter(&b)
	for g := range Lines(path, src) {
		if err := w.Write(g); err != nil {
			tb.Fatal(err)
		}
	}
	return b.Bytes()
}

// reportOf is what review and export make of a game: its JSON summary and
// its export form.
func reportOf(g *Game) string {
	line, _ := json.Marshal(g.Summary())
	if g.Entry.Kind == nil {
		return string(line) + "\n"
	}
	return string(line) + "\n" + string(AppendExport(nil, g))
}

// smallReads hands out at most n bytes a read, to cut the text anywhere.
type smallReads struct {
	r io.Reader
	n int
}

func (s smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }

func eachReport(t *testing.T, name string, r io.Reader, workers int, detached bool) string {
	t.Helper()
	each := Each[string]
	if detached {
		each = EachDetached[string]
	}
	var b strings.Builder
	if err := each(context.Background(), name, r, workers, reportOf, func(s string) error { b.WriteString(s); return nil }); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestEachMatchesGames reads the real set and the golden records as a
// stream, on one worker and on several, with the text cut in small reads,
// and with its blocks reused (EachDetached): the reports are those of
// reading the whole text, in the same order. A string of a game kept past
// its batch, as the reader's setups once kept their options, would read
// text of a later block.
func TestEachMatchesGames(t *testing.T) {
	srcs := map[string][]byte{"real.pgn": realRecords(t)}
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*", "*.pgn"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs[f] = src
	}
	for _, c := range lenientCases {
		srcs[c.name] = []byte(c.src)
	}
	// All in one file, so that games of every kind follow one another and
	// reuse each other's parts.
	var all []byte
	for _, src := range srcs {
		if len(src) < 100000 {
			all = append(append(all, src...), '\n')
		}
	}
	srcs["all.pgn"] = all
	for name, src := range srcs {
		var want strings.Builder
		for g := range Games(name, src) {
			want.WriteString(reportOf(g))
		}
		for _, workers := range []int{1, 3} {
			for _, n := range []int{1 << 20, 7} {
				if n == 7 && len(src) > 100000 {
					n = 301 // reads of 7 bytes would take long on the real set
				}
				for _, detached := range []bool{false, true} {
					if got := eachReport(t, name, smallReads{bytes.NewReader(src), n}, workers, detached); got != want.String() {
						t.Errorf("%s, %d workers, reads of %d bytes, detached %v: the reports differ from reading the whole text", name, workers, n, detached)
					}
				}
			}
		}
	}
}

// TestEachStopsOnEmitError returns the first error of emit, and the read
// error of the stream.
func TestEachStopsOnEmitError(t *testing.T) {
	src := realRecords(t)
	stop := errors.New("stop")
	for _, workers := range []int{1, 2} {
		n := 0
		err := Each(context.Background(), "real.pgn", bytes.NewReader(src), workers, func(g *Game) int { return g.Index }, func(i int) error {
			if n++; i != n {
				t.Fatalf("game %d came as number %d", i, n)
			}
			if n == 1000 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) || n != 1000 {
			t.Errorf("%d workers: error %v after %d games", workers, err, n)
		}
	}
	broken := io.MultiReader(bytes.NewReader(src[:5000]), iotestErr{})
	if err := Each(context.Background(), "real.pgn", broken, 2, func(*Game) int { return 0 }, func(int) error { return nil }); err == nil || err.Error() != "disk gone" {
		t.Errorf("read error %v", err)
	}
}

// TestEachStopsWhenCancelled ends the reading once its context is done.
func TestEachStopsWhenCancelled(t *testing.T) {
	src := realRecords(t)
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		err := Each(ctx, "real.pgn", bytes.NewReader(src), workers, func(g *Game) int { return g.Index }, func(int) error {
			if n++; n == 100 {
				cancel()
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) || n >= 9370 {
			t.Errorf("%d workers: error %v after %d games", workers, err, n)
		}
	}
}

type iotestErr struct{}

func (iotestErr) Read([]byte) (int, error) { return 0, errors.New("disk gone") }

// BenchmarkEach reviews the real set through Each on one worker and on
// GOMAXPROCS: the records half of pbem review, without the command. Like
// the command, it reads with its blocks reused (EachDetached), puts every
// game into words with one Words and writes its JSON with AppendJSON.
func BenchmarkEach(b *testing.B) {
	src := realRecords(b)
	words := NewWords(i18n.English)
	for _, workers := range []int{1, 2} {
		b.Run([]string{"", "one", "two"}[workers], func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			start, ok := cpuTime()
			for b.Loop() {
				err := EachDetached(context.Background(), "real.pgn", bytes.NewReader(src), workers, func(g *Game) []byte {
					return words.Summary(g).AppendJSON(nil)
				}, func([]byte) error { return nil })
				if err != nil {
					b.Fatal(err)
				}
			}
			if end, ok2 := cpuTime(); ok && ok2 {
				b.ReportMetric(float64(end-start)/1e6/float64(b.N), "cpu-ms/op")
			}
		})
	}
}
