package render

import (
	"cmp"
	"image"
	"image/color"
	"slices"
)

// paletted turns an opaque picture into one of at most 256 colours: the
// most used colours exactly (every flat colour of a board), and the rarer
// anti-aliasing shades as the nearest of those. A paletted PNG is a third
// of the size of a true-colour one and encodes several times faster (one
// byte a pixel, no row filters), which keeps a board under 10 ms and mails
// small. Runs of one colour are counted once, so the map sees only the
// pixels where the colour changes.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	counts := map[uint32]int{}
	forRuns(img, func(c uint32, n int, _ int) { counts[c] += n })
	colours := make([]uint32, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	// The most used first; ties by value, so that the result never depends
	// on the map's order.
	slices.SortFunc(colours, func(a, b uint32) int {
		if d := cmp.Compare(counts[b], counts[a]); d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
	keep := colours[:min(len(colours), 256)]
	pal := make(color.Palette, len(keep))
	index := make(map[uint32]uint8, len(colours))
	for i, c := range keep {
		pal[i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
		index[c] = uint8(i)
	}
	for _, c := range colours[len(keep):] {
		index[c] = nearest(keep, c)
	}
	out := image.NewPaletted(b, pal)
	forRuns(img, func(c uint32, n int, at int) {
		i := index[c]
		row := out.Pix[at : at+n]
		for k := range row {
			row[k] = i
		}
	})
	return out
}

// forRuns calls f for each run of one colour along the rows, with the
// colour as 0xRRGGBB, the run's length and its first pixel's offset in a
// paletted image of the same bounds.
func forRuns(img *image.RGBA, f func(c uint32, n int, at int)) {
	b := img.Bounds()
	w := b.Dx()
	for y := range b.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		start := 0
		prev := rgbKey(row, 0)
		for x := 1; x < w; x++ {
			if c := rgbKey(row, x); c != prev {
				f(prev, x-start, y*w+start)
				start, prev = x, c
			}
		}
		f(prev, w-start, y*w+start)
	}
}

func rgbKey(row []byte, x int) uint32 {
	return uint32(row[4*x])<<16 | uint32(row[4*x+1])<<8 | uint32(row[4*x+2])
}

// nearest is the index of the colour of pal closest to c.
func nearest(pal []uint32, c uint32) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range pal {
		dr := int(p>>16&0xff) - int(c>>16&0xff)
		dg := int(p>>8&0xff) - int(c>>8&0xff)
		db := int(p&0xff) - int(c&0xff)
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
