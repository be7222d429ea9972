package render

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"pbem/rules"
	"pbem/rules/games"
)

// TestEveryGameIsDrawnAsABoard draws the start of every game pbem plays:
// each engine gives a view, and the PNG and SVG come out.
func TestEveryGameIsDrawnAsABoard(t *testing.T) {
	for _, e := range games.All() {
		t.Run(e.Name, func(t *testing.T) {
			g, err := e.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := g.(rules.Viewer); !ok {
				t.Fatalf("%s's engine has no View: it would be drawn as text", e.Title)
			}
			var p, s bytes.Buffer
			if err := PNG(&p, g, Options{}); err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(&p); err != nil {
				t.Fatalf("the PNG does not decode: %v", err)
			}
			if err := SVG(&s, g, Options{}); err != nil {
				t.Fatal(err)
			}
			parseSVG(t, s.Bytes())
		})
	}
}

// TestWidthScalesThePNG checks Options.Width: the PNG is that wide, and
// keeps the drawing's proportions.
func TestWidthScalesThePNG(t *testing.T) {
	g := positions[0].make(t)
	var full, small bytes.Buffer
	if err := PNG(&full, g, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := PNG(&small, g, Options{Width: 360}); err != nil {
		t.Fatal(err)
	}
	a, err := png.DecodeConfig(&full)
	if err != nil {
		t.Fatal(err)
	}
	b, err := png.DecodeConfig(&small)
	if err != nil {
		t.Fatal(err)
	}
	if b.Width != 360 {
		t.Errorf("width %d, want 360", b.Width)
	}
	if want := a.Height * 360 / a.Width; b.Height < want-1 || b.Height > want+1 {
		t.Errorf("height %d at width 360, want about %d (the full picture is %dx%d)", b.Height, want, a.Width, a.Height)
	}
}

// plainGame is a game without a view: it is drawn as its ASCII position.
type plainGame struct{ rules.Game }

func (plainGame) Position() rules.Text { return rules.Text{Grid: "a line\n<another> & more\n"} }

func TestGameWithoutViewIsDrawnAsText(t *testing.T) {
	g := plainGame{positions[0].make(t)}
	var s bytes.Buffer
	if err := SVG(&s, g, Options{}); err != nil {
		t.Fatal(err)
	}
	els := parseSVG(t, s.Bytes())
	texts := 0
	for _, e := range els {
		if e.name == "text" {
			texts++
		}
		if e.data["piece"] != "" {
			t.Errorf("a piece is drawn for a game without a view")
		}
	}
	if texts != 2 || !strings.Contains(s.String(), "&lt;another&gt; &amp; more") {
		t.Errorf("want the two lines of the position as text, escaped; got\n%s", s.String())
	}
	var p bytes.Buffer
	if err := PNG(&p, g, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&p); err != nil {
		t.Fatal(err)
	}
}
