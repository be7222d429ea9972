package render

import (
	"bytes"
	"slices"
	"sync"
	"testing"

	"pbem/i18n"
)

// TestKeptBoardsChangeNothing checks that drawing a position on the kept
// empty board gives the very pixels of drawing it whole, and that the
// palette made with the board's runs is the one made by reading every
// pixel, for each golden position, the first time (the board drawn) and
// the second (the board kept).
func TestKeptBoardsChangeNothing(t *testing.T) {
	for _, p := range positions {
		t.Run(p.name, func(t *testing.T) {
			for range 2 {
				s := drawGame(p.make(t), i18n.English)
				img, base, err := raster(s, 1, true)
				if err != nil {
					t.Fatal(err)
				}
				if base == nil {
					t.Fatal("no empty board kept for a board game")
				}
				got := slices.Clone(img.Pix)
				whole, _, err := raster(s, 1, false)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, whole.Pix) {
					t.Fatal("the position drawn on the kept board differs from the position drawn whole")
				}
				var a, b paletter
				pa, pb := a.paletted(whole, base), b.paletted(whole, nil)
				if !bytes.Equal(pa.Pix, pb.Pix) || !slices.Equal(pa.Palette, pb.Palette) {
					t.Fatal("the palette made with the board's runs differs from the one made by reading every pixel")
				}
			}
		})
	}
}

// TestPNGInParallel draws the golden positions from several goroutines at
// once, sharing the kept boards, sprites and pools: each picture is the
// one drawn alone (run it with -race too).
func TestPNGInParallel(t *testing.T) {
	want := map[string][]byte{}
	for _, p := range positions {
		var b bytes.Buffer
		if err := PNG(&b, p.make(t), Options{}); err != nil {
			t.Fatal(err)
		}
		want[p.name] = b.Bytes()
	}
	errs := make(chan string, 4*len(positions))
	var wg sync.WaitGroup
	for range 4 {
		for _, p := range positions {
			g := p.make(t)
			wg.Go(func() {
				var b bytes.Buffer
				if err := PNG(&b, g, Options{}); err != nil || !bytes.Equal(b.Bytes(), want[p.name]) {
					errs <- p.name
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for name := range errs {
		t.Errorf("%s drawn in parallel differs from %s drawn alone", name, name)
	}
}
