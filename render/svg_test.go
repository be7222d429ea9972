package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"pbem/rules"
)

// svgElement is what the tests read of one SVG element: its name and data
// attributes.
type svgElement struct {
	name string
	data map[string]string
}

// parseSVG reads an SVG document with encoding/xml and lists its elements
// in order; it fails on a document that is not well-formed XML.
func parseSVG(t *testing.T, doc []byte) []svgElement {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var out []svgElement
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			e := svgElement{name: se.Name.Local, data: map[string]string{}}
			for _, a := range se.Attr {
				if name, ok := strings.CutPrefix(a.Name.Local, "data-"); ok {
					e.data[name] = a.Value
				}
			}
			out = append(out, e)
		}
	}
	if len(out) == 0 || out[0].name != "svg" {
		t.Fatalf("the document does not start with an svg element")
	}
	return out
}

// asciiPosition reads the engine's own ASCII board (rules.Frame's layout),
// independently of the View the picture is drawn from: the piece letter on
// each point or square by its name, and the points marked as the last ply.
func asciiPosition(t *testing.T, g rules.Game) (pieces map[string]byte, last []string) {
	t.Helper()
	lines := strings.Split(g.Position().Grid, "\n")
	files := strings.Fields(lines[0])
	pieces = map[string]byte{}
	for _, l := range lines[1:] {
		var rank int
		if _, err := fmt.Sscanf(l, "%d", &rank); err != nil || len(l) < 4+3*len(files) {
			break
		}
		for f, name := range files {
			cell := l[4+3*f : 7+3*f]
			at := fmt.Sprintf("%s%d", name, rank)
			if c := cell[1]; c != '.' && c != '+' {
				pieces[at] = c
			}
			if cell[0] == '(' {
				last = append(last, at)
			}
		}
	}
	return pieces, last
}

// seatOfLetter is the seat number a letter of the ASCII boards stands for,
// as the SVG writes it (the game pin is nobody's: 0).
var seatOfLetter = map[byte]string{'O': "1", 'X': "2", 'W': "1", 'B': "2", 'G': "0", '1': "1", '2': "2", '3': "3", '4': "4"}

// TestSVGShowsThePosition parses each position's SVG and checks that the
// pieces drawn, the last ply's points and the pieces taken are the
// engine's, as its ASCII board and Taker say them, and that Dobbal's dice
// are the roll.
func TestSVGShowsThePosition(t *testing.T) {
	for _, p := range positions {
		t.Run(p.name, func(t *testing.T) {
			g := p.make(t)
			var buf bytes.Buffer
			if err := SVG(&buf, g, Options{}); err != nil {
				t.Fatal(err)
			}
			els := parseSVG(t, buf.Bytes())
			if got := els[0].data["kind"]; got != g.Kind().Name {
				t.Errorf("data-kind is %q, want %q", got, g.Kind().Name)
			}
			drawn := map[string]string{}
			var last, taken []string
			var dice []string
			for _, e := range els {
				switch {
				case e.data["piece"] != "":
					if _, dup := drawn[e.data["at"]]; dup {
						t.Errorf("two pieces drawn on %s", e.data["at"])
					}
					drawn[e.data["at"]] = e.data["seat"]
				case e.data["last"] != "":
					last = append(last, e.data["last"])
				case e.data["taken"] != "":
					taken = append(taken, e.data["seat"]+"@"+e.data["at"])
				case e.data["die"] != "" && e.data["roll"] == "next":
					dice = append(dice, e.data["face"])
				}
			}
			pieces, wantLast := asciiPosition(t, g)
			want := map[string]string{}
			for at, c := range pieces {
				want[at] = seatOfLetter[c]
			}
			if !maps.Equal(drawn, want) {
				t.Errorf("pieces drawn (square: seat)\n%v\nwant the engine's\n%v", drawn, want)
			}
			slices.Sort(last)
			slices.Sort(wantLast)
			if !slices.Equal(last, wantLast) || len(last) == 0 {
				t.Errorf("last ply marked on %v, want %v", last, wantLast)
			}
			if wantTaken := takenOf(g); !slices.Equal(taken, wantTaken) || len(taken) == 0 {
				t.Errorf("taken drawn %v, want %v", taken, wantTaken)
			}
			if r, ok := g.(rules.Roller); ok {
				roll, _ := r.Roll()
				var want []string
				for _, f := range roll {
					want = append(want, fmt.Sprint(f))
				}
				if !slices.Equal(dice, want) || len(dice) == 0 {
					t.Errorf("dice drawn %v, want the roll %v", dice, want)
				}
			} else if len(dice) > 0 {
				t.Errorf("dice drawn %v in a game without dice", dice)
			}
		})
	}
}

// takenOf is what the last ply took, as seat@square, from the engine's
// Taker, or for Pinuid Classic and Quatro from the removals its token
// names (the mover's own pins).
func takenOf(g rules.Game) []string {
	var out []string
	if tk, ok := g.(rules.Taker); ok {
		for _, p := range tk.LastTaken() {
			out = append(out, fmt.Sprintf("%d@%s", p.Seat.Number(), p.At))
		}
		return out
	}
	h := g.History()
	tok := h[len(h)-1].String()
	parts := strings.Split(tok, "x")
	mover := previousMover(g)
	for _, sq := range parts[1:] {
		out = append(out, fmt.Sprintf("%d@%s", mover.Number(), sq))
	}
	return out
}

// previousMover is who played the last ply: the seat to move now, stepped
// back over the seats (no seat is eliminated in these positions).
func previousMover(g rules.Game) rules.Seat {
	n := rules.Seat(g.Seats())
	return (g.ToMove() + n - 1) % n
}
