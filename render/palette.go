package render

import (
	"bytes"
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
func (p *paletter) paletted(img *image.RGBA, base *emptyBoard) *image.Paletted {
	p.reset()
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	p.list.scan(img.Pix, w, h, base)
	for _, r := range p.list.runs {
		id := p.id(r.c)
		p.counts[id] += int(r.n)
	}
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
		byGreen := make([]kept, len(keep))
		for i, id := range keep {
			byGreen[i] = kept{p.colours[id], uint8(i)}
		}
		slices.SortFunc(byGreen, func(a, b kept) int { return cmp.Compare(green(a.c), green(b.c)) })
		for _, id := range order[len(keep):] {
			index[id] = nearest(byGreen, p.colours[id])
		}
	}
	if cap(p.pix) < w*h {
		p.pix = make([]uint8, w*h)
	}
	out := &image.Paletted{Pix: p.pix[:w*h], Stride: w, Rect: b, Palette: pal}
	at := 0
	for _, r := range p.list.runs {
		i := index[p.id(r.c)]
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
	list runList // the runs of the picture
	pix  []uint8
}

var paletters sync.Pool // *paletter

func (p *paletter) reset() {
	if p.ids == nil {
		p.ids = map[uint32]int32{}
	}
	clear(p.ids)
	p.colours, p.counts = p.colours[:0], p.counts[:0]
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

// runList is a picture's runs of one colour, row by row, each row cut
// into chunks of chunkWidth pixels: a chunk of a picture that is the same
// as the empty board's takes the board's runs instead of being read.
type runList struct {
	runs []run
	// chunks are where each chunk's runs start in runs, row by row, and
	// where the last ends.
	chunks []int32
}

type run struct {
	c uint32 // the colour, as the four bytes read
	n int32
}

const chunkWidth = 64

// scan lists the runs of the w x h pixels pix (four bytes a pixel, no
// gaps between rows). The chunks of the rows the empty board base holds
// are compared with its pixels first, and take its runs when they are the
// same; base may be nil.
func (l *runList) scan(pix []byte, w, h int, base *emptyBoard) {
	l.runs, l.chunks = l.runs[:0], l.chunks[:0]
	perRow := (w + chunkWidth - 1) / chunkWidth
	knownRows := 0
	var knownPix []byte
	var known *runList
	if base != nil {
		known, knownPix = &base.runs, base.pix
		knownRows = len(knownPix) / (4 * w)
	}
	for y := range h {
		for j := range perRow {
			x0, x1 := j*chunkWidth, min((j+1)*chunkWidth, w)
			l.chunks = append(l.chunks, int32(len(l.runs)))
			chunk := pix[4*(y*w+x0) : 4*(y*w+x1)]
			if y < knownRows && bytes.Equal(chunk, knownPix[4*(y*w+x0):4*(y*w+x1)]) {
				k := y*perRow + j
				l.runs = append(l.runs, known.runs[known.chunks[k]:known.chunks[k+1]]...)
				continue
			}
			start := 0
			n := x1 - x0
			prev := binary.LittleEndian.Uint32(chunk)
			for x := 1; x <= n; x++ {
				var c uint32
				if x < n {
					if c = binary.LittleEndian.Uint32(chunk[4*x:]); c == prev {
						continue
					}
				}
				l.runs = append(l.runs, run{prev, int32(x - start)})
				start, prev = x, c
			}
		}
	}
	l.chunks = append(l.chunks, int32(len(l.runs)))
}

// kept is a palette colour (as read: red in the low byte) and its index.
type kept struct {
	c uint32
	i uint8
}

func green(c uint32) int { return int(c >> 8 & 0xff) }

// nearest is the index of the palette colour closest to c, weighing green
// most as the eye does; of colours as close, the lowest index. pal is the
// palette sorted by green: the search goes out from c's green both ways
// and stops where green alone is farther than the best found.
func nearest(pal []kept, c uint32) uint8 {
	cr, cg, cb := int(c&0xff), green(c), int(c>>16&0xff)
	best, bestD := 0, int(^uint(0)>>1)
	try := func(q kept) {
		dr := int(q.c&0xff) - cr
		dg := green(q.c) - cg
		db := int(q.c>>16&0xff) - cb
		if d := 2*dr*dr + 4*dg*dg + 3*db*db; d < bestD || (d == bestD && int(q.i) < best) {
			best, bestD = int(q.i), d
		}
	}
	mid, _ := slices.BinarySearchFunc(pal, cg, func(q kept, g int) int { return cmp.Compare(green(q.c), g) })
	lo, hi := mid-1, mid
	for lo >= 0 || hi < len(pal) {
		if hi < len(pal) {
			if dg := green(pal[hi].c) - cg; 4*dg*dg > bestD {
				hi = len(pal)
			} else {
				try(pal[hi])
				hi++
			}
		}
		if lo >= 0 {
			if dg := cg - green(pal[lo].c); 4*dg*dg > bestD {
				lo = -1
			} else {
				try(pal[lo])
				lo--
			}
		}
	}
	return uint8(best)
}
