package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// fonts are the Go fonts (regular, bold, mono), parsed once: they are
// read-only after that.
var fonts = sync.OnceValues(func() ([3]*opentype.Font, error) {
	var out [3]*opentype.Font
	for i, ttf := range [3][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return out, fmt.Errorf("parse the Go font: %w", err)
		}
		out[i] = f
	}
	return out, nil
})

// rasterizer draws a scene's operations onto an RGBA image, scale pixels a
// unit. Shapes become polygons (circles with enough sides that no corner
// shows) filled through golang.org/x/image/vector, each inside its own
// bounding box so that a small stone costs a small area.
type rasterizer struct {
	img   *image.RGBA
	scale float64
	z     vector.Rasterizer
	faces map[faceKey]font.Face
	fonts [3]*opentype.Font
}

type faceKey struct {
	px         float64
	bold, mono bool
}

// raster draws s at the given scale. With keep, the empty board comes from
// boards, drawn once per layout; only the position is drawn on a copy of
// it, which raster also returns (nil when there is none).
func raster(s *scene, scale float64, keep bool) (*image.RGBA, *emptyBoard, error) {
	fs, err := fonts()
	if err != nil {
		return nil, nil, err
	}
	w, h := int(math.Ceil(s.w*scale)), int(math.Ceil(s.h*scale))
	img, _ := canvases.Get().(*image.RGBA)
	if img == nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
		img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	r, _ := rasterizers.Get().(*rasterizer)
	if r == nil {
		r = &rasterizer{faces: map[faceKey]font.Face{}, fonts: fs}
	}
	defer rasterizers.Put(r)
	r.scale = scale
	var base *emptyBoard
	if keep && s.base > 0 {
		if base, err = boards.get(s, scale, w, h, r); err != nil {
			return nil, nil, err
		}
		white(img.Pix[copy(img.Pix, base.pix):])
	} else {
		white(img.Pix)
		r.img = img
		for i := range s.ops[:s.base] {
			if err := r.draw(&s.ops[i]); err != nil {
				return nil, nil, err
			}
		}
	}
	r.img = img
	for i := s.base; i < len(s.ops); i++ {
		o := &s.ops[i]
		if o.piece != nil {
			if err := r.sprite(s.ops[i : i+o.piece.n]); err != nil {
				return nil, nil, err
			}
			i += o.piece.n - 1
			continue
		}
		draw := r.draw
		if o.kind == opText && s.base > 0 {
			// A board's texts (names, captures, dice) recur; an
			// ASCII position's lines would only fill the sprites.
			draw = r.textSprite
		}
		if err := draw(o); err != nil {
			return nil, nil, err
		}
	}
	r.img = nil
	return img, base, nil
}

// sprite draws a piece, whose operations are ops, from sprites: each piece
// look at each size is drawn once on a clear background, where it falls
// on the pixels the same way, and then laid over the picture.
func (r *rasterizer) sprite(ops []op) error {
	p := ops[0].piece
	x, y := ops[0].x*r.scale, ops[0].y*r.scale
	if ops[0].kind == opPoly {
		x, y = centroid(ops[0].pts)
		x, y = x*r.scale, y*r.scale
	}
	// The sprite's top left pixel, and where in it the centre falls.
	// A triangle's corners reach past its circle (grow), a stroke half its
	// width past the shape; a pixel more for the anti-aliasing.
	pad := math.Ceil((p.rad*p.look.grow*1.05+math.Max(1, p.rad/9))*r.scale) + 2
	ox, oy := math.Floor(x)-pad, math.Floor(y)-pad
	k := spriteKey{look: p.look, rad: p.rad, scale: r.scale, dx: x - ox, dy: y - oy, size: int(2*pad + 1)}
	img, err := sprites.get(k, func() (*image.RGBA, error) {
		// The ops, moved to the sprite's own pixels.
		mx, my := ox/r.scale, oy/r.scale
		moved := make([]op, len(ops))
		for i, o := range ops {
			o.x, o.y, o.x2, o.y2 = o.x-mx, o.y-my, o.x2-mx, o.y2-my
			if o.pts != nil {
				o.pts = make([]pt, len(ops[i].pts))
				for j, q := range ops[i].pts {
					o.pts[j] = pt{q.x - mx, q.y - my}
				}
			}
			moved[i] = o
		}
		sp := image.NewRGBA(image.Rect(0, 0, k.size, k.size))
		dst := r.img
		r.img = sp
		defer func() { r.img = dst }()
		for i := range moved {
			if err := r.draw(&moved[i]); err != nil {
				return nil, err
			}
		}
		return sp, nil
	})
	if err != nil {
		return err
	}
	over(r.img, img, int(ox), int(oy))
	return nil
}

// over lays the sprite sp (premultiplied, as image.RGBA is) over dst with
// its top left corner at x, y: clear pixels are skipped, opaque ones
// copied, and the anti-aliased edges blended.
func over(dst, sp *image.RGBA, x, y int) {
	box := sp.Rect.Add(image.Pt(x, y)).Intersect(dst.Rect)
	for py := box.Min.Y; py < box.Max.Y; py++ {
		d := dst.Pix[dst.PixOffset(box.Min.X, py):][:4*box.Dx()]
		s := sp.Pix[sp.PixOffset(box.Min.X-x, py-y):][:4*box.Dx()]
		for i := 0; i < len(s); i += 4 {
			switch a := uint32(s[i+3]); a {
			case 0:
			case 0xff:
				copy(d[i:i+4], s[i:i+4])
			default:
				k := 0xff - a
				d[i] = uint8(uint32(s[i]) + (uint32(d[i])*k+0x7f)/0xff)
				d[i+1] = uint8(uint32(s[i+1]) + (uint32(d[i+1])*k+0x7f)/0xff)
				d[i+2] = uint8(uint32(s[i+2]) + (uint32(d[i+2])*k+0x7f)/0xff)
				d[i+3] = uint8(a + (uint32(d[i+3])*k+0x7f)/0xff)
			}
		}
	}
}

// centroid is the mean of a polygon's corners: a regular one's centre.
func centroid(p []pt) (x, y float64) {
	for _, q := range p {
		x += q.x
		y += q.y
	}
	return x / float64(len(p)), y / float64(len(p))
}

// sprites keeps the pieces drawn, by look, size and where the centre falls
// on the pixels, and the texts written over the board, by text, font,
// colour and where they fall on the pixels.
var sprites = &spriteCache{kept: map[any]*image.RGBA{}}

// keptSprites bounds sprites: the service's boards need a few dozen
// pieces and about a hundred texts (names, captures, dice).
const keptSprites = 512

type spriteKey struct {
	look       look
	rad, scale float64
	dx, dy     float64
	size       int
}

type spriteCache struct {
	mu   sync.Mutex
	kept map[any]*image.RGBA // by spriteKey or textKey
}

func (c *spriteCache) get(k any, draw func() (*image.RGBA, error)) (*image.RGBA, error) {
	c.mu.Lock()
	img, ok := c.kept[k]
	c.mu.Unlock()
	if ok {
		return img, nil
	}
	img, err := draw()
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if len(c.kept) < keptSprites {
		c.kept[k] = img
	}
	c.mu.Unlock()
	return img, nil
}

func white(pix []byte) {
	for i := range pix {
		pix[i] = 0xff
	}
}

// rasterizers keep their font faces, and the faces their glyphs, from one
// picture to the next; a face serves one picture at a time.
var rasterizers sync.Pool // *rasterizer

// boards keeps the empty boards: a layout's paper, grid or squares and
// coordinates, drawn once, as the pixels of its rows (the full width of the
// picture, the board's height; the panel's longer rows below are paper).
var boards = &boardCache{kept: map[boardKey]*emptyBoard{}}

// keptBoards bounds boards: the service draws a handful of layouts at one
// size, and other sizes (Options.Width) are drawn each time once it is full.
const keptBoards = 32

type boardCache struct {
	mu   sync.Mutex
	kept map[boardKey]*emptyBoard
}

// emptyBoard is an empty board's pixels, and its runs of one colour for
// the palette (palette.go), which need not read again the parts of a
// picture that are still the empty board.
type emptyBoard struct {
	pix  []byte
	runs runList
}

type boardKey struct {
	layout string
	scale  float64
	w      int
}

// get is the empty board of s's layout at this scale and width, drawn with
// r when it is not kept yet.
func (c *boardCache) get(s *scene, scale float64, w, h int, r *rasterizer) (*emptyBoard, error) {
	k := boardKey{s.baseKey, scale, w}
	c.mu.Lock()
	pix, ok := c.kept[k]
	c.mu.Unlock()
	if ok {
		return pix, nil
	}
	e := &emptyBoard{}
	bh := min(int(math.Ceil(s.baseH*scale)), h)
	img := image.NewRGBA(image.Rect(0, 0, w, bh))
	white(img.Pix)
	r.img = img
	for i := range s.ops[:s.base] {
		if err := r.draw(&s.ops[i]); err != nil {
			return nil, err
		}
	}
	e.pix = img.Pix
	e.runs.scan(img.Pix, w, bh, nil)
	c.mu.Lock()
	if len(c.kept) < keptBoards {
		c.kept[k] = e
	}
	c.mu.Unlock()
	return e, nil
}

func (r *rasterizer) draw(o *op) error {
	switch o.kind {
	case opText:
		return r.text(o)
	case opLine:
		r.fill(o.stroke, [][]pt{band(pt{o.x, o.y}, pt{o.x2, o.y2}, o.sw)})
		return nil
	case opRect:
		// A rectangle and its stroke are filled as rectangles, so that
		// each costs its own area only and aligned ones skip the
		// rasterizer.
		if o.fill.A > 0 {
			r.box(o.x, o.y, o.x+o.w, o.y+o.h, o.fill)
		}
		if o.stroke.A > 0 && o.sw > 0 {
			d := o.sw / 2
			x0, y0, x1, y1 := o.x-d, o.y-d, o.x+o.w+d, o.y+o.h+d
			r.box(x0, y0, x1, y0+o.sw, o.stroke)
			r.box(x0, y1-o.sw, x1, y1, o.stroke)
			r.box(x0, y0+o.sw, x0+o.sw, y1-o.sw, o.stroke)
			r.box(x1-o.sw, y0+o.sw, x1, y1-o.sw, o.stroke)
		}
	case opCircle, opPoly:
		if o.fill.A > 0 {
			r.fill(o.fill, [][]pt{outline(o, 0)})
		}
		if o.stroke.A > 0 && o.sw > 0 {
			r.fill(o.stroke, [][]pt{outline(o, o.sw/2), reversed(outline(o, -o.sw/2))})
		}
	}
	return nil
}

// box fills the rectangle from x0, y0 to x1, y1 (units). An opaque one
// whose edges fall on whole pixels is written straight into the image.
func (r *rasterizer) box(x0, y0, x1, y1 float64, c color.RGBA) {
	x0, y0, x1, y1 = x0*r.scale, y0*r.scale, x1*r.scale, y1*r.scale
	if c.A != 0xff || !whole(x0) || !whole(y0) || !whole(x1) || !whole(y1) {
		s := 1 / r.scale
		r.fill(c, [][]pt{{{x0 * s, y0 * s}, {x1 * s, y0 * s}, {x1 * s, y1 * s}, {x0 * s, y1 * s}}})
		return
	}
	box := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))).Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	row := r.img.Pix[r.img.PixOffset(box.Min.X, box.Min.Y):][:4*box.Dx()]
	for i := 0; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = c.R, c.G, c.B, c.A
	}
	for y := box.Min.Y + 1; y < box.Max.Y; y++ {
		copy(r.img.Pix[r.img.PixOffset(box.Min.X, y):], row)
	}
}

func whole(f float64) bool { return math.Abs(f-math.Round(f)) < 1e-6 }

// fill paints the polygons (in units) in colour c; a reversed inner polygon
// cuts a hole.
func (r *rasterizer) fill(c color.RGBA, polys [][]pt) {
	if c.A == 0 {
		return
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range polys {
		for _, q := range p {
			minX, maxX = math.Min(minX, q.x), math.Max(maxX, q.x)
			minY, maxY = math.Min(minY, q.y), math.Max(maxY, q.y)
		}
	}
	box := image.Rect(int(math.Floor(minX*r.scale)), int(math.Floor(minY*r.scale)),
		int(math.Ceil(maxX*r.scale)), int(math.Ceil(maxY*r.scale))).Intersect(r.img.Bounds())
	if box.Empty() {
		return
	}
	r.z.Reset(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, p := range polys {
		for i, q := range p {
			x, y := float32(q.x*r.scale-ox), float32(q.y*r.scale-oy)
			if i == 0 {
				r.z.MoveTo(x, y)
			} else {
				r.z.LineTo(x, y)
			}
		}
		r.z.ClosePath()
	}
	r.z.Draw(r.img, box, image.NewUniform(c), image.Point{})
}

// textSprite writes a text as text does, from a sprite of it kept by
// text, font, colour and where it falls on the pixels.
func (r *rasterizer) textSprite(o *op) error {
	face, err := r.face(o)
	if err != nil {
		return err
	}
	dot := r.dot(o, face)
	ox, oy := dot.X.Floor(), dot.Y.Floor()
	phase := dot.Sub(fixed.P(ox, oy))
	k := textKey{text: o.text, px: o.size * r.scale, bold: o.bold, mono: o.mono, fill: o.fill, phase: phase}
	sp, err := sprites.get(k, func() (*image.RGBA, error) {
		b, _ := font.BoundString(face, o.text)
		b = b.Add(phase)
		img := image.NewRGBA(image.Rect(b.Min.X.Floor()-1, b.Min.Y.Floor()-1, b.Max.X.Ceil()+1, b.Max.Y.Ceil()+1))
		d := font.Drawer{Dst: img, Src: image.NewUniform(o.fill), Face: face, Dot: phase}
		d.DrawString(o.text)
		return img, nil
	})
	if err != nil {
		return err
	}
	over(r.img, sp, ox, oy)
	return nil
}

type textKey struct {
	text       string
	px         float64
	bold, mono bool
	fill       color.RGBA
	phase      fixed.Point26_6
}

func (r *rasterizer) text(o *op) error {
	face, err := r.face(o)
	if err != nil {
		return err
	}
	d := font.Drawer{Dst: r.img, Src: image.NewUniform(o.fill), Face: face, Dot: r.dot(o, face)}
	d.DrawString(o.text)
	return nil
}

// dot is where a text's baseline starts, in 26.6 pixels, after its anchor.
func (r *rasterizer) dot(o *op, face font.Face) fixed.Point26_6 {
	x := o.x * r.scale
	switch o.anchor {
	case anchorMiddle:
		x -= float64(font.MeasureString(face, o.text)) / 64 / 2
	case anchorEnd:
		x -= float64(font.MeasureString(face, o.text)) / 64
	}
	return fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(o.y * r.scale * 64)}
}

// face is the font face of a text, made once per rasterizer.
func (r *rasterizer) face(o *op) (font.Face, error) {
	k := faceKey{px: o.size * r.scale, bold: o.bold, mono: o.mono}
	face, ok := r.faces[k]
	if !ok {
		f := r.fonts[0]
		switch {
		case o.mono:
			f = r.fonts[2]
		case o.bold:
			f = r.fonts[1]
		}
		var err error
		face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: k.px, DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return nil, fmt.Errorf("font face of %.1f px: %w", k.px, err)
		}
		r.faces[k] = face
	}
	return face, nil
}

// outline is the shape of a circle or polygon grown by d units
// (shrunk when d < 0), as a polygon.
func outline(o *op, d float64) []pt {
	switch o.kind {
	case opCircle:
		rad := math.Max(o.r+d, 0)
		n := 64
		if o.r < 12 {
			n = 32
		}
		out := make([]pt, n)
		for i := range out {
			a := 2 * math.Pi * float64(i) / float64(n)
			out[i] = pt{o.x + rad*math.Cos(a), o.y + rad*math.Sin(a)}
		}
		return out
	}
	return offset(o.pts, d)
}

// offset moves each edge of a convex polygon outward by d and joins the
// edges with mitres, as an SVG stroke of width 2d outlines it.
func offset(p []pt, d float64) []pt {
	if d == 0 || len(p) < 3 {
		return p
	}
	// The sign of the area tells the winding, and so which side is out.
	area := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		area += a.x*b.y - b.x*a.y
	}
	if area < 0 {
		d = -d
	}
	n := len(p)
	out := make([]pt, n)
	for i := range p {
		prev, cur, next := p[(i+n-1)%n], p[i], p[(i+1)%n]
		n1 := normal(prev, cur)
		n2 := normal(cur, next)
		// The mitre point lies along the sum of the normals, at d over the
		// cosine of half the turn.
		mx, my := n1.x+n2.x, n1.y+n2.y
		k := 1 + n1.x*n2.x + n1.y*n2.y
		if k < 1e-6 {
			k = 1e-6
		}
		out[i] = pt{cur.x + d*mx/k, cur.y + d*my/k}
	}
	return out
}

// normal is the unit normal on the right of a to b (outward for a
// counter-clockwise polygon in y-down coordinates, whose area is positive).
func normal(a, b pt) pt {
	dx, dy := b.x-a.x, b.y-a.y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return pt{}
	}
	return pt{dy / l, -dx / l}
}

// band is a straight line of width w from a to b, with butt ends.
func band(a, b pt, w float64) []pt {
	n := normal(a, b)
	h := w / 2
	return []pt{
		{a.x + n.x*h, a.y + n.y*h}, {b.x + n.x*h, b.y + n.y*h},
		{b.x - n.x*h, b.y - n.y*h}, {a.x - n.x*h, a.y - n.y*h},
	}
}

func reversed(p []pt) []pt {
	out := make([]pt, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}
