package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata/golden")

// The tolerance of the golden comparison: fonts and anti-aliasing may move
// a few levels between library releases, so a pixel differs when one of its
// channels moves by more than maxDelta, and the picture differs when more
// than maxDiffering of its pixels do.
const (
	maxDelta     = 24
	maxDiffering = 0.002
)

// TestGoldenPNG draws one position of each game kind and compares it with
// testdata/golden/<name>.png pixel by pixel; -update rewrites them.
func TestGoldenPNG(t *testing.T) {
	for _, p := range positions {
		t.Run(p.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := PNG(&buf, p.make(t), Options{}); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", p.name+".png")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := png.Decode(&buf)
			if err != nil {
				t.Fatalf("decode the drawn PNG: %v", err)
			}
			want := readPNG(t, path)
			if n, frac := differing(got, want); frac > maxDiffering {
				t.Errorf("%d pixels (%.3f%%) differ from %s by more than %d levels; run go test ./render -run Golden -update if the change is meant",
					n, 100*frac, path, maxDelta)
			}
		})
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -run Golden -update to write it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return img
}

// differing counts the pixels of a that differ from b by more than
// maxDelta in a channel, and their fraction; pictures of different sizes
// differ everywhere.
func differing(a, b image.Image) (int, float64) {
	ra, rb := a.Bounds(), b.Bounds()
	total := ra.Dx() * ra.Dy()
	if ra.Size() != rb.Size() || total == 0 {
		return max(total, 1), 1
	}
	n := 0
	for y := range ra.Dy() {
		for x := range ra.Dx() {
			r1, g1, b1, a1 := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				n++
			}
		}
	}
	return n, float64(n) / float64(total)
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > maxDelta || d < -maxDelta
}
