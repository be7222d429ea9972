package render

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
)

// writeSVG writes s as an SVG document whose view box is the scene's units.
func writeSVG(w io.Writer, s *scene) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="Go, Helvetica, Arial, sans-serif"`,
		num(s.w), num(s.h), num(s.w), num(s.h))
	writeAttrs(&b, s.attrs)
	b.WriteString(` role="img">` + "\n")
	if s.title != "" {
		b.WriteString("<title>" + escape(s.title) + "</title>\n")
	}
	for i := range s.ops {
		o := &s.ops[i]
		switch o.kind {
		case opGroup:
			b.WriteString("<g")
			writeAttrs(&b, o.attrs)
			b.WriteString(">\n")
		case opEnd:
			b.WriteString("</g>\n")
		case opRect:
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s"`, num(o.x), num(o.y), num(o.w), num(o.h))
			paint(&b, o)
		case opCircle:
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s"`, num(o.x), num(o.y), num(o.r))
			paint(&b, o)
		case opPoly:
			b.WriteString(`<polygon points="`)
			for j, p := range o.pts {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(num(p.x) + "," + num(p.y))
			}
			b.WriteString(`" stroke-linejoin="miter"`)
			paint(&b, o)
		case opLine:
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s"`, num(o.x), num(o.y), num(o.x2), num(o.y2))
			paint(&b, o)
		case opText:
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" fill="%s"`, num(o.x), num(o.y), num(o.size), hex(o.fill))
			switch o.anchor {
			case anchorMiddle:
				b.WriteString(` text-anchor="middle"`)
			case anchorEnd:
				b.WriteString(` text-anchor="end"`)
			}
			if o.bold {
				b.WriteString(` font-weight="bold"`)
			}
			if o.mono {
				b.WriteString(` font-family="Go Mono, monospace" xml:space="preserve"`)
			}
			b.WriteString(">" + escape(o.text) + "</text>\n")
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func writeAttrs(b *strings.Builder, attrs []attr) {
	for _, a := range attrs {
		b.WriteString(" data-" + a.name + `="` + escape(a.value) + `"`)
	}
}

// paint ends an element with its fill and stroke.
func paint(b *strings.Builder, o *op) {
	if o.fill.A > 0 {
		b.WriteString(` fill="` + hex(o.fill) + `"`)
	} else {
		b.WriteString(` fill="none"`)
	}
	if o.stroke.A > 0 && o.sw > 0 {
		b.WriteString(` stroke="` + hex(o.stroke) + `" stroke-width="` + num(o.sw) + `"`)
	}
	b.WriteString("/>\n")
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// num writes a length with at most two decimals and no trailing zeros.
func num(f float64) string { return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64) }

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

func escape(s string) string { return escaper.Replace(s) }
