package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"pbem/i18n"
	"pbem/notation"
	"pbem/rules"
)

// TestBrowser drives the archive in headless Chromium: for a Pente and a
// Dobbal game it opens the game's page, steps back to the start and
// forward again with the keyboard, and at each ply compares the board with
// the engine's position; it watches the console for errors and the DOM
// for addresses and keys, and saves screenshots at phone and desktop
// widths under PBEM_ARTIFACTS (default: artifacts/ at the repository's
// root).
//
// The board check compares the page's text board with the engine's
// Position at each ply, and, when the board's SVG marks its stones and
// pins with data-at (the point) and data-seat (whose), the set of marked
// points and their owners with the pieces of that position. The drawing
// that marks them is the renderer's; until it does, the SVG check finds
// no marks and says so in the test log.
//
// The pages are asked for in English (?lang=en, which the cookie then
// keeps for the steps), whatever language the browser accepts; a last
// look at a German page checks that its board's lines are German.
//
// Outside CI the test is skipped where Chromium is not installed; in CI
// (CI=true) a missing or broken Chromium fails it.
func TestBrowser(t *testing.T) {
	exe := findChromium()
	if exe == "" {
		if ci := os.Getenv("CI"); ci != "" && ci != "false" && ci != "0" {
			t.Fatal("Chromium is not installed (apt-get install chromium; scripts/test installs it as root)")
		}
		t.Skip("Chromium is not installed (apt-get install chromium); skipped outside CI")
	}
	f := newFixture(t)
	ts := httptest.NewServer(f.srv)
	t.Cleanup(ts.Close)

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-gpu", true))
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("Chromium (%s) did not start: %v", exe, err)
	}
	var mu sync.Mutex
	var console []string
	go func() {
		for m, err := range chromedp.Console(bctx) {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleWarning {
				mu.Lock()
				console = append(console, m.String()+" at "+m.URL)
				mu.Unlock()
			}
		}
	}()
	artifacts := os.Getenv("PBEM_ARTIFACTS")
	if artifacts == "" {
		artifacts = filepath.Join("..", "artifacts")
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, record string
		id           int64
	}{
		{"pente", "testdata/pente.pgn", f.pente},
		{"dobbal", "testdata/dobbal.pgn", f.dobbal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			positions := enginePositions(t, tc.record, i18n.English)
			last := len(positions) - 1
			at := func(k int) {
				t.Helper()
				sel := fmt.Sprintf(`#board[data-ply="%d"]`, k)
				if err := chromedp.Do(bctx, chromedp.WaitReady(sel)); err != nil {
					t.Fatalf("ply %d: the page did not come: %v", k, err)
				}
				checkPage(t, bctx, f, k, positions[k])
			}
			key := func(k string) {
				t.Helper()
				if err := chromedp.Do(bctx, chromedp.KeyEvent(k)); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(bctx, chromedp.EmulateViewport(1280, 900),
				chromedp.Navigate(fmt.Sprintf("%s/games/%d?lang=en", ts.URL, tc.id))); err != nil {
				t.Fatal(err)
			}
			at(last)
			for k := last - 1; k >= 0; k-- {
				key(kb.ArrowLeft)
				at(k)
			}
			for k := 1; k <= 3; k++ {
				key(kb.ArrowRight)
				at(k)
			}
			key(kb.End)
			at(last)
			key(kb.Home)
			at(0)
			// The slider: moved with the keyboard, it loads its ply.
			if err := chromedp.Do(bctx, chromedp.Focus("#ply")); err != nil {
				t.Fatal(err)
			}
			key(kb.ArrowRight)
			at(1)

			mid := fmt.Sprintf("%s/games/%d?ply=%d", ts.URL, tc.id, (last+1)/2)
			for _, v := range []struct {
				name string
				w, h int64
			}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
				if err := chromedp.Do(bctx, chromedp.EmulateViewport(v.w, v.h), chromedp.Navigate(mid),
					chromedp.WaitReady("#board")); err != nil {
					t.Fatal(err)
				}
				shot, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(artifacts, fmt.Sprintf("game-%s-%s.png", tc.name, v.name))
				if err := os.WriteFile(name, shot, 0o644); err != nil {
					t.Fatal(err)
				}
				wide, err := chromedp.Run(bctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
				if err != nil {
					t.Fatal(err)
				}
				if int64(wide) > v.w {
					t.Errorf("at %s width (%d) the page is %d wide: it scrolls sideways", v.name, v.w, wide)
				}
			}
			german := enginePositions(t, tc.record, i18n.German)
			if err := chromedp.Do(bctx, chromedp.Navigate(fmt.Sprintf("%s/games/%d?lang=de", ts.URL, tc.id)),
				chromedp.WaitReady(`html[lang="de"] #board`)); err != nil {
				t.Fatalf("the German page did not come: %v", err)
			}
			checkPage(t, bctx, f, last, german[last])
			mu.Lock()
			defer mu.Unlock()
			if len(console) > 0 {
				t.Errorf("the console shows:\n%s", strings.Join(console, "\n"))
				console = nil
			}
		})
	}
}

// findChromium is the Chromium to drive: CHROMIUM if set, else the
// first of Debian's and others' names on PATH.
func findChromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// enginePositions are the engine's positions of a record's first game,
// before any ply and after each, with their lines in lang.
func enginePositions(t *testing.T, file string, lang i18n.Lang) []string {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for g := range notation.Games(file, src) {
		state, err := g.Entry.New(g.Options)
		if err != nil {
			t.Fatal(err)
		}
		out := []string{boardIn(lang, state.Position())}
		for _, m := range g.Main.Moves {
			if err := rules.PlayToken(state, m.Token); err != nil {
				t.Fatal(err)
			}
			out = append(out, boardIn(lang, state.Position()))
		}
		return out
	}
	t.Fatalf("%s holds no game", file)
	return nil
}

// pageState is what checkPage reads from the page.
type pageState struct {
	Ply    int         `json:"ply"`
	Text   string      `json:"text"`
	Pieces []pieceMark `json:"pieces"`
	HTML   string      `json:"html"`
}

type pieceMark struct {
	At   string `json:"at"`
	Seat string `json:"seat"`
}

const readPage = `(() => {
	const b = document.getElementById('board');
	return {
		ply: Number(b.dataset.ply),
		text: document.getElementById('board-text').textContent,
		pieces: Array.from(b.querySelectorAll('[data-piece]')).map(e => ({at: e.getAttribute('data-at'), seat: e.getAttribute('data-seat') || ''})),
		html: document.documentElement.outerHTML,
	};
})()`

// checkPage compares the page at ply k with the engine's position there,
// and looks for addresses and keys in its DOM.
func checkPage(t *testing.T, ctx context.Context, f *fixture, k int, position string) {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
	if err != nil {
		t.Fatalf("ply %d: %v", k, err)
	}
	if p.Text != position {
		t.Errorf("ply %d: the page's board reads\n%s\nthe engine's\n%s", k, p.Text, position)
	}
	if got, want := marksOf(p.Pieces), piecesOf(position); got != want {
		t.Errorf("ply %d: the SVG marks\n%s\nthe engine has\n%s", k, got, want)
	}
	if a := addressLike.FindString(p.HTML); a != "" {
		t.Errorf("ply %d: the page shows the address %q", k, a)
	}
	for _, key := range f.keys {
		if strings.Contains(p.HTML, key) {
			t.Errorf("ply %d: the page shows a reply key", k)
		}
	}
}

// marksOf lists the SVG's marks as "point:seat" words, sorted, with the
// seats numbered from 0 as the board text's check has them: the renderer
// counts seats from 1 and marks the game pin, which is no seat's, 0.
func marksOf(ms []pieceMark) string {
	var out []string
	for _, m := range ms {
		seat := "-"
		if n, err := strconv.Atoi(m.Seat); err == nil && n > 0 {
			seat = strconv.Itoa(n - 1)
		}
		out = append(out, strings.ToUpper(m.At)+":"+seat)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// pieceSeat is the seat of a board text's piece letter: White's (the
// first seat's) O and W, Black's X and B; another letter (Dobbal's game
// pin G) belongs to no seat.
var pieceSeat = map[byte]string{'O': "0", 'W': "0", 'X': "1", 'B': "1"}

var rankLine = regexp.MustCompile(`^\s*(\d+)\s`)

// piecesOf reads the pieces of an engine's board text as "point:seat"
// words, sorted: the column letters from the line above the grid, each
// rank's cell under its letter.
func piecesOf(position string) string {
	lines := strings.Split(position, "\n")
	header := lines[0]
	var out []string
	for _, l := range lines[1:] {
		if l == header {
			break
		}
		m := rankLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		for i := 0; i < len(header) && i < len(l); i++ {
			c := header[i]
			if c == ' ' || l[i] == '.' || l[i] == '+' || l[i] == ' ' {
				continue
			}
			seat, ok := pieceSeat[l[i]]
			if !ok {
				seat = "-"
			}
			out = append(out, strings.ToUpper(string(c))+m[1]+":"+seat)
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// TestPiecesOf: the reading of a board text that the SVG check compares
// with finds every piece and its seat.
func TestPiecesOf(t *testing.T) {
	for _, tc := range []struct {
		record string
		ply    int
		want   string
	}{
		{"testdata/pente.pgn", 3, "A1:1 K10:0 K13:0"},
		{"testdata/dobbal.pgn", 0, "C1:0 C2:0 C6:1 C7:1 D1:0 D2:- D7:1 E1:0 E2:0 E6:1 E7:1"},
	} {
		if got := piecesOf(enginePositions(t, tc.record, i18n.English)[tc.ply]); got != tc.want {
			t.Errorf("%s at ply %d: pieces %q, want %q", tc.record, tc.ply, got, tc.want)
		}
	}
	if got, want := marksOf([]pieceMark{{"k10", "1"}, {"A1", "2"}, {"d2", "0"}}), "A1:1 D2:- K10:0"; got != want {
		t.Errorf("marks read %q, want %q", got, want)
	}
}
