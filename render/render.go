// Package render draws board pictures, SVG and PNG from the same drawing,
// from rules positions. It imports rules (and its engines), and i18n for
// the few words a picture writes, in the language Options name.
//
// A game whose engine implements rules.Viewer is drawn as a board: Pente
// as a 19x19 grid of lines, the Pinuid games as 7x7 squares (checkered
// where the squares' colour matters), with coordinates as the ASCII board
// writes them, the last ply marked, the pieces it took crossed out, and a
// panel beside the board with each seat, its captures or pins off the
// board, and Dobbal's dice. Any other game is drawn as its ASCII position.
//
// The SVG carries data attributes so that tests (and the web's browser
// tests) can check what is drawn without reading shapes:
//
//	<svg data-kind="Pente" data-files="19" data-ranks="19" data-plies="12" role="img">
//	<title>Pente, after ply 12: White to move</title>
//	<g data-piece="stone|pin|game-pin" data-at="K10" data-seat="1">  a piece on the board
//	<g data-last="K10">                                             a point or square the last ply changed
//	<g data-taken="stone|pin" data-at="L11" data-seat="2">           a piece the last ply took off
//	<g data-panel-seat="1" data-captured="4" data-off="0" data-state="to move|won|drawn|out">
//	<g data-die="movement|game" data-face="3" data-roll="next|last">  Dobbal's dice
//
// data-seat counts seats from 1 as players do (0 for the game pin); data-at
// is in the game's notation. The PNG is the same drawing rasterised.
package render

import (
	"image/png"
	"io"
	"sync"

	"pbem/i18n"
	"pbem/rules"
)

// Options change how a board is drawn.
type Options struct {
	// Width is the PNG's width in pixels; 0 means the drawing's own size,
	// one pixel a unit (about 670 pixels wide for Pente, 640 for Pinuid).
	// SVGs scale, and ignore it.
	Width int
	// Lang is the language of the picture's words (the panel's, the
	// dice's and the title's); "" is English.
	Lang i18n.Lang
}

// SVG writes g's position as an SVG document.
func SVG(w io.Writer, g rules.Game, o Options) error {
	return writeSVG(w, drawGame(g, o.Lang.Or(i18n.English)))
}

// PNG writes g's position as a PNG image.
func PNG(w io.Writer, g rules.Game, o Options) error {
	s := drawGame(g, o.Lang.Or(i18n.English))
	scale := 1.0
	if o.Width > 0 {
		scale = float64(o.Width) / s.w
	}
	img, base, err := raster(s, scale, true)
	if err != nil {
		return err
	}
	defer canvases.Put(img)
	p, _ := paletters.Get().(*paletter)
	if p == nil {
		p = &paletter{}
	}
	defer paletters.Put(p)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderBuffers{}}
	return enc.Encode(w, p.paletted(img, base))
}

// The pools keep a picture's megabyte of pixels and the encoder's buffers
// between pictures: allocating them afresh cost as much as drawing.
var (
	canvases    sync.Pool // *image.RGBA
	encoderPool sync.Pool // *png.EncoderBuffer
)

type encoderBuffers struct{}

func (encoderBuffers) Get() *png.EncoderBuffer {
	b, _ := encoderPool.Get().(*png.EncoderBuffer)
	return b
}

func (encoderBuffers) Put(b *png.EncoderBuffer) { encoderPool.Put(b) }
