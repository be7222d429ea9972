package render

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sync"
)

// paletted turns an opaque picture into one of at most 256 colours: the
// most used colours exactly (every flat colour of a board), and the rarer
// anti-aliasing shades as the nearest of those. A paletted PNG is a third
// of the size of a true-colour one and encodes several times faster (one
// byte a pixel, no row filters), which keeps mails small.
//
// It reads the pixels once, as runs of one colour along the rows, counting
// the colours, and then writes the runs out by the colours' palette
// indexes. A colour is looked up once a run, in a small table before the
// map. The result's pixels come from p and are p's until it is put back.
func (p *paletter) paletted(img *image.RGBA) *image.Paletted {
	p.reset()
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	p.scan(img, w, h)
	// The most used first; ties by value, so that the palette never
	// depends on the order the colours were met in.
	order := make([]int32, len(p.colours))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if d := cmp.Compare(p.counts[b], p.counts[a]); d != 0 {
			return d
		}
		return cmp.Compare(p.colours[a], p.colours[b])
	})
	keep := order[:min(len(order), 256)]
	pal := make(color.Palette, len(keep))
	index := make([]uint8, len(p.colours)) // palette index by id
	for i, id := range keep {
		c := p.colours[id]
		pal[i] = color.RGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), 0xff}
		index[id] = uint8(i)
	}
	if len(order) > len(keep) {
		kept := make([]uint32, len(keep))
		for i, id := range keep {
			kept[i] = p.colours[id]
		}
		for _, id := range order[len(keep):] {
			index[id] = nearest(kept, p.colours[id])
		}
	}
	if cap(p.pix) < w*h {
		p.pix = make([]uint8, w*h)
	}
	out := &image.Paletted{Pix: p.pix[:w*h], Stride: w, Rect: b, Palette: pal}
	at := 0
	for _, r := range p.list {
		i := index[r.id]
		px := out.Pix[at : at+int(r.n)]
		for k := range px {
			px[k] = i
		}
		at += int(r.n)
	}
	return out
}

// paletter holds what paletted needs from one picture to the next.
type paletter struct {
	ids     map[uint32]int32 // colour (as the four bytes read) to its id
	colours []uint32         // by id
	counts  []int            // pixels by id
	// recent is a table of colours met, by a hash of the colour: most
	// runs find theirs there without the map.
	recent [1 << 10]struct {
		c  uint32
		id int32
	}
	list []run // the runs of the picture, row by row
	pix  []uint8
}

type run struct{ id, n int32 }

var paletters sync.Pool // *paletter

func (p *paletter) reset() {
	if p.ids == nil {
		p.ids = map[uint32]int32{}
	}
	clear(p.ids)
	p.colours, p.counts, p.list = p.colours[:0], p.counts[:0], p.list[:0]
	for i := range p.recent {
		p.recent[i].id = -1
	}
}

// id is a colour's id, given on first sight.
func (p *paletter) id(c uint32) int32 {
	slot := &p.recent[(c*0x9e3779b1)>>22]
	if slot.id >= 0 && slot.c == c {
		return slot.id
	}
	id, ok := p.ids[c]
	if !ok {
		id = int32(len(p.colours))
		p.ids[c] = id
		p.colours = append(p.colours, c)
		p.counts = append(p.counts, 0)
	}
	slot.c, slot.id = c, id
	return id
}

// scan lists the runs of one colour along the rows and counts the
// colours' pixels.
func (p *paletter) scan(img *image.RGBA, w, h int) {
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
			id := p.id(prev)
			p.counts[id] += x - start
			p.list = append(p.list, run{id, int32(x - start)})
			start, prev = x, c
		}
	}
}

// nearest is the index of the colour of pal closest to c (both as read:
// red in the low byte), weighing green most as the eye does.
func nearest(pal []uint32, c uint32) uint8 {
	cr, cg, cb := int(c&0xff), int(c>>8&0xff), int(c>>16&0xff)
	best, bestD := 0, int(^uint(0)>>1)
	for i, q := range pal {
		dr := int(q&0xff) - cr
		dg := int(q>>8&0xff) - cg
		db := int(q>>16&0xff) - cb
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
