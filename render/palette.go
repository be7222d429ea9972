package render

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
)

// paletted turns an opaque picture into one of at most 256 colours: the
// most used colours exactly (every flat colour of a board), and the rarer
// anti-aliasing shades as the nearest of those. A paletted PNG is a third
// of the size of a true-colour one and encodes several times faster (one
// byte a pixel, no row filters), which keeps a board under 10 ms and mails
// small.
//
// It reads the pixels once, as runs of one colour along the rows: the map
// of colours is looked up once a run, not once a pixel, and the runs are
// then written out by the colours' palette indexes.
func paletted(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	ids := map[uint32]int32{} // colour (as the four bytes read) to its id
	var colours []uint32      // by id
	var counts []int          // pixels by id
	type run struct{ id, n int32 }
	runs := make([]run, 0, 8*h)
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		start := 0
		prev := binary.LittleEndian.Uint32(row)
		for x := 1; x <= w; x++ {
			var c uint32
			if x < w {
				if c = binary.LittleEndian.Uint32(row[4*x:]); c == prev {
					continue
				}
			}
			id, ok := ids[prev]
			if !ok {
				id = int32(len(colours))
				ids[prev] = id
				colours = append(colours, prev)
				counts = append(counts, 0)
			}
			counts[id] += x - start
			runs = append(runs, run{id, int32(x - start)})
			start, prev = x, c
		}
	}
	// The most used first; ties by value, so that the palette never
	// depends on the order the colours were met in.
	order := make([]int32, len(colours))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if d := cmp.Compare(counts[b], counts[a]); d != 0 {
			return d
		}
		return cmp.Compare(colours[a], colours[b])
	})
	keep := order[:min(len(order), 256)]
	pal := make(color.Palette, len(keep))
	index := make([]uint8, len(colours)) // palette index by id
	for i, id := range keep {
		c := colours[id]
		pal[i] = color.RGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), 0xff}
		index[id] = uint8(i)
	}
	for _, id := range order[len(keep):] {
		index[id] = nearest(pal, colours[id])
	}
	out := image.NewPaletted(b, pal)
	at := 0
	for _, r := range runs {
		i := index[r.id]
		for k := range out.Pix[at : at+int(r.n)] {
			out.Pix[at+k] = i
		}
		at += int(r.n)
	}
	return out
}

// nearest is the index of the colour of pal closest to c (as read: red in
// the low byte), weighing green most as the eye does.
func nearest(pal color.Palette, c uint32) uint8 {
	best, bestD := 0, int(^uint(0)>>1)
	for i, p := range pal {
		q := p.(color.RGBA)
		dr := int(q.R) - int(c&0xff)
		dg := int(q.G) - int(c>>8&0xff)
		db := int(q.B) - int(c>>16&0xff)
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
