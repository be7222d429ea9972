package render

import (
	"image/color"
	"math"

	"pbem/rules"
)

// Colours. Seats never differ by colour alone: stones are light and dark,
// pins carry their seat's letter (W, B, or the seat's number) and Quatro's
// four seats also differ in shape. The Quatro colours are from the
// Okabe-Ito palette, which stays apart for the common colour blindnesses.
var (
	ink       = rgb(0x22, 0x22, 0x22)
	paper     = rgb(0xff, 0xff, 0xff)
	subtle    = rgb(0x55, 0x55, 0x55)
	wood      = rgb(0xe3, 0xc0, 0x7a)
	gridLine  = rgb(0x4a, 0x3a, 0x20)
	darkSq    = rgb(0xb5, 0x88, 0x63)
	lightSq   = rgb(0xf0, 0xd9, 0xb5)
	plainSq   = rgb(0xec, 0xd8, 0xb0)
	accent    = rgb(0xd5, 0x5e, 0x00) // vermillion: the last ply and what it took
	whiteFill = rgb(0xf7, 0xf7, 0xf2)
	blackFill = rgb(0x1c, 0x1c, 0x1c)
	gameFill  = rgb(0xf0, 0xe4, 0x42)
	gameLine  = rgb(0x6b, 0x5a, 0x00)
	quatro    = [4]color.RGBA{rgb(0x00, 0x72, 0xb2), rgb(0xe6, 0x9f, 0x00), rgb(0x00, 0x9e, 0x73), rgb(0xcc, 0x79, 0xa7)}
	// quatroText is the label colour on each Quatro seat's colour.
	quatroText = [4]color.RGBA{paper, ink, paper, ink}
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// look is how one piece is drawn.
type look struct {
	fill, stroke, label color.RGBA
	sides               int     // 0 for a circle
	turn                float64 // rotation of a polygon, radians
	grow                float64 // radius factor, so that shapes look the same size
	mark                string  // the letter inside; none on stones
}

// lookOf is the look of a piece of seat s (of n seats) of kind k, with the
// seat's mark.
func lookOf(k rules.PieceKind, s rules.Seat, n int, mark string) look {
	switch {
	case k == rules.GamePin:
		return look{fill: gameFill, stroke: gameLine, label: ink, sides: 6, grow: 1.05, mark: "G"}
	case k == rules.Stone && s == 0:
		return look{fill: whiteFill, stroke: ink, grow: 1}
	case k == rules.Stone:
		return look{fill: blackFill, stroke: ink, grow: 1}
	case n > 2 && s >= 0 && int(s) < len(quatro):
		l := look{fill: quatro[s], stroke: ink, label: quatroText[s], grow: 1, mark: mark}
		switch s {
		case 1: // square
			l.sides, l.turn, l.grow = 4, math.Pi/4, 1.22
		case 2: // diamond
			l.sides, l.grow = 4, 1.2
		case 3: // triangle
			l.sides, l.turn, l.grow = 3, -math.Pi/2, 1.3
		}
		return l
	case s == 0:
		return look{fill: whiteFill, stroke: ink, label: ink, grow: 1, mark: mark}
	}
	return look{fill: blackFill, stroke: ink, label: paper, grow: 1, mark: mark}
}

// piece draws a piece of look l centred on x, y with radius rad.
func (s *scene) piece(l look, x, y, rad float64) {
	first := len(s.ops)
	defer func() {
		// The PNG back end draws the piece's operations as one sprite.
		s.ops[first].piece = &pieceOps{n: len(s.ops) - first, look: l, rad: rad}
	}()
	r := rad * l.grow
	sw := math.Max(1, rad/9)
	if l.sides == 0 {
		s.circle(x, y, r, l.fill, l.stroke, sw)
	} else {
		s.poly(regular(x, y, r, l.sides, l.turn), l.fill, l.stroke, sw)
	}
	if l.mark != "" {
		size := rad * 0.95
		ty := y + 0.36*size
		if l.sides == 3 {
			ty += rad * 0.2 // the triangle's body is low
			size *= 0.85
		}
		s.text(x, ty, size, anchorMiddle, true, l.label, l.mark)
	}
}

// regular is a regular polygon with n corners on a circle of radius r, the
// first at angle turn.
func regular(x, y, r float64, n int, turn float64) []pt {
	out := make([]pt, n)
	for i := range out {
		a := turn + 2*math.Pi*float64(i)/float64(n)
		out[i] = pt{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	return out
}
