package render

import "image/color"

// A scene is one picture as a list of drawing operations in picture units,
// written out by two back ends: svg.go as SVG elements and raster.go as
// pixels. Both draw the same list in the same order, so the SVG and the
// PNG of a position show the same thing.
type scene struct {
	w, h float64
	// title names the picture for screen readers (the SVG's <title>).
	title string
	// attrs are data attributes of the picture as a whole (the SVG root).
	attrs []attr
	ops   []op
	// base is how many of ops draw the empty board (the paper, the grid
	// or squares, the coordinates), the same for every position of a
	// layout, which baseKey names; baseH is its height. The PNG back end
	// draws it once and keeps it (raster.go). 0 when there is none.
	base    int
	baseKey string
	baseH   float64
}

type opKind uint8

const (
	opRect   opKind = iota + 1 // x, y, w, h
	opCircle                   // x, y (centre), r
	opPoly                     // pts
	opLine                     // x, y to x2, y2 (w is unused)
	opText                     // x, y (baseline), size, text, anchor
	opGroup                    // starts a group with attrs (SVG <g>)
	opEnd                      // ends the group
)

// anchor is where a text's x lies.
type anchor uint8

const (
	anchorStart anchor = iota
	anchorMiddle
	anchorEnd
)

// attr is one data attribute of an SVG element: data-<name>="<value>".
type attr struct{ name, value string }

// none is the colour of no paint: a zero alpha means no fill or stroke.
var none = color.RGBA{}

type op struct {
	kind         opKind
	x, y, w, h   float64
	r            float64
	x2, y2       float64
	pts          []pt
	fill, stroke color.RGBA
	sw           float64 // stroke width
	text         string
	size         float64
	anchor       anchor
	bold         bool
	mono         bool // a fixed-width font, for ASCII boards
	attrs        []attr
	// piece, on the first operation of a piece, says how many operations
	// draw it and what it looks like.
	piece *pieceOps
}

type pieceOps struct {
	n    int
	look look
	rad  float64
}

type pt struct{ x, y float64 }

func (s *scene) rect(x, y, w, h float64, fill, stroke color.RGBA, sw float64) {
	s.ops = append(s.ops, op{kind: opRect, x: x, y: y, w: w, h: h, fill: fill, stroke: stroke, sw: sw})
}

func (s *scene) circle(x, y, r float64, fill, stroke color.RGBA, sw float64) {
	s.ops = append(s.ops, op{kind: opCircle, x: x, y: y, r: r, fill: fill, stroke: stroke, sw: sw})
}

// poly is a closed, convex polygon: fill only, stroke is drawn as a band
// along its edges.
func (s *scene) poly(pts []pt, fill, stroke color.RGBA, sw float64) {
	s.ops = append(s.ops, op{kind: opPoly, pts: pts, fill: fill, stroke: stroke, sw: sw})
}

func (s *scene) line(x1, y1, x2, y2 float64, stroke color.RGBA, sw float64) {
	s.ops = append(s.ops, op{kind: opLine, x: x1, y: y1, x2: x2, y2: y2, stroke: stroke, sw: sw})
}

func (s *scene) text(x, y, size float64, a anchor, bold bool, fill color.RGBA, text string) {
	s.ops = append(s.ops, op{kind: opText, x: x, y: y, size: size, anchor: a, bold: bold, fill: fill, text: text})
}

func (s *scene) group(attrs ...attr) { s.ops = append(s.ops, op{kind: opGroup, attrs: attrs}) }

func (s *scene) end() { s.ops = append(s.ops, op{kind: opEnd}) }
