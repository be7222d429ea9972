package render

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"pbem/i18n"
	"pbem/rules"
)

// Picture units. A board point or square is cell units apart; the margin
// holds the coordinates; the panel beside the board holds the seats, what
// they captured or lost, and the dice.
const (
	pointCell   = 24.0 // Pente: between two lines
	squareCell  = 56.0 // Pinuid: a square's side
	margin      = 30.0
	panelGap    = 10.0
	panelWidth  = 178.0
	coordSize   = 13.0
	nameSize    = 15.0
	noteSize    = 12.5
	trayRadius  = 6.0
	trayPitch   = 15.0
	trayPerRow  = 5
	dieSide     = 28.0
	dieGap      = 8.0
	panelIcon   = 11.0
	panelIndent = 34.0
)

// board is a view laid out: where each point or square's centre is.
type board struct {
	v    *rules.View
	cell float64
	// x0, y0 is the top left corner of the squares, or the top left
	// point of the grid.
	x0, y0 float64
	size   float64 // the board's width and height with its margins
}

func newBoard(v *rules.View) *board {
	b := &board{v: v, x0: margin, y0: margin}
	n := float64(max(len(v.Files), v.Ranks))
	if v.Points {
		b.cell = pointCell
		// Half a unit more puts the grid's lines, 1 unit wide, on whole
		// pixels: crisp lines, and fewer shades in the PNG.
		b.x0, b.y0 = margin+pointCell/2+0.5, margin+pointCell/2+0.5
		b.size = 2*b.x0 + (n-1)*b.cell
	} else {
		b.cell = squareCell
		b.size = 2*margin + n*b.cell
	}
	return b
}

// centre is the centre of a point or square.
func (b *board) centre(c rules.Coord) (x, y float64) {
	top := b.v.Ranks - 1 - c.Rank
	if b.v.Points {
		return b.x0 + float64(c.File)*b.cell, b.y0 + float64(top)*b.cell
	}
	return b.x0 + (float64(c.File)+0.5)*b.cell, b.y0 + (float64(top)+0.5)*b.cell
}

// pieceRadius is a piece's radius on the board.
func (b *board) pieceRadius() float64 {
	if b.v.Points {
		return b.cell * 0.46
	}
	return b.cell * 0.32
}

// drawGame lays out g's position as a scene, its words in lang.
func drawGame(g rules.Game, lang i18n.Lang) *scene {
	vw, ok := g.(rules.Viewer)
	if !ok {
		return drawText(g, lang)
	}
	v := vw.View()
	b := newBoard(&v)
	s := &scene{title: title(g, lang), attrs: []attr{
		{"kind", g.Kind().Name},
		{"files", strconv.Itoa(len(v.Files))},
		{"ranks", strconv.Itoa(v.Ranks)},
		{"plies", strconv.Itoa(g.Plies())},
	}}
	s.rect(0, 0, 1, 1, paper, none, 0) // resized below, once the height is known
	if v.Points {
		b.drawGrid(s)
	} else {
		b.drawSquares(s)
	}
	b.drawCoords(s)
	// All that comes before is the same on every board of this layout.
	s.base, s.baseH = len(s.ops), b.size
	s.baseKey = fmt.Sprintf("%q %d %t %t %g", v.Files, v.Ranks, v.Points, v.Checkered, b.size)
	b.drawLast(s)
	b.drawPieces(s)
	b.drawTaken(s)
	h := drawPanel(s, g, &v, b.size+panelGap, margin, lang)
	s.w = b.size + panelGap + panelWidth
	s.h = math.Max(b.size, h+margin/2)
	s.ops[0].w, s.ops[0].h = s.w, s.h
	return s
}

func (b *board) drawGrid(s *scene) {
	n := len(b.v.Files)
	span := float64(n-1) * b.cell
	pad := b.cell*0.62 - 0.38 // the wood's edges on whole units
	s.rect(b.x0-pad, b.y0-pad, span+2*pad, span+2*pad, wood, gridLine, 1)
	for i := range n {
		d := float64(i) * b.cell
		s.line(b.x0, b.y0+d, b.x0+span, b.y0+d, gridLine, 1)
		s.line(b.x0+d, b.y0, b.x0+d, b.y0+span, gridLine, 1)
	}
	// The centre, where White's first stone goes.
	cx, cy := b.centre(rules.Coord{File: n / 2, Rank: b.v.Ranks / 2})
	s.circle(cx, cy, 3.2, gridLine, none, 0)
}

func (b *board) drawSquares(s *scene) {
	for r := range b.v.Ranks {
		for f := range b.v.Files {
			x, y := b.centre(rules.Coord{File: f, Rank: r})
			c := plainSq
			if b.v.Checkered {
				c = lightSq
				if (f+r)%2 == 0 {
					c = darkSq
				}
			}
			s.rect(x-b.cell/2, y-b.cell/2, b.cell, b.cell, c, none, 0)
		}
	}
	w := float64(len(b.v.Files)) * b.cell
	h := float64(b.v.Ranks) * b.cell
	if !b.v.Checkered {
		for i := 1; i < len(b.v.Files); i++ {
			x := b.x0 + float64(i)*b.cell
			s.line(x, b.y0, x, b.y0+h, darkSq, 1)
		}
		for i := 1; i < b.v.Ranks; i++ {
			y := b.y0 + float64(i)*b.cell
			s.line(b.x0, y, b.x0+w, y, darkSq, 1)
		}
	}
	s.rect(b.x0, b.y0, w, h, none, gridLine, 2)
}

// drawCoords writes the file letters above and below, the rank numbers
// left and right, as the ASCII board does.
func (b *board) drawCoords(s *scene) {
	lo, hi := margin/2, b.size-margin/2
	for f, name := range b.v.Files {
		x, _ := b.centre(rules.Coord{File: f})
		s.text(x, lo+0.36*coordSize, coordSize, anchorMiddle, false, subtle, name)
		s.text(x, hi+0.36*coordSize, coordSize, anchorMiddle, false, subtle, name)
	}
	for r := range b.v.Ranks {
		_, y := b.centre(rules.Coord{Rank: r})
		n := strconv.Itoa(r + 1)
		s.text(lo, y+0.36*coordSize, coordSize, anchorMiddle, false, subtle, n)
		s.text(hi, y+0.36*coordSize, coordSize, anchorMiddle, false, subtle, n)
	}
}

// drawLast frames the squares the last ply changed; on points it is drawn
// over the stone instead (drawPieces), since a frame would hide the grid.
func (b *board) drawLast(s *scene) {
	if b.v.Points {
		return
	}
	for _, c := range b.v.Last {
		x, y := b.centre(c)
		s.group(attr{"last", b.v.Name(c)})
		in := 4.0
		s.rect(x-b.cell/2+in, y-b.cell/2+in, b.cell-2*in, b.cell-2*in, none, accent, 4)
		s.end()
	}
}

func (b *board) drawPieces(s *scene) {
	rad := b.pieceRadius()
	n := len(b.v.Seats)
	for _, p := range b.v.Pieces {
		x, y := b.centre(p.Coord)
		s.group(pieceAttrs(b.v, p)...)
		s.piece(lookOf(p.Kind, p.Seat, n, seatMark(b.v, p.Seat)), x, y, rad)
		s.end()
	}
	if !b.v.Points {
		return
	}
	// The last stone gets a square in the colour that stands out on it.
	for _, c := range b.v.Last {
		x, y := b.centre(c)
		col := accent
		if i := slices.IndexFunc(b.v.Pieces, func(p rules.Placed) bool { return p.Coord == c }); i >= 0 {
			col = ink
			if b.v.Pieces[i].Seat != 0 {
				col = paper
			}
		}
		d := b.cell * 0.17
		s.group(attr{"last", b.v.Name(c)})
		s.rect(x-d, y-d, 2*d, 2*d, col, none, 0)
		s.end()
	}
}

// drawTaken draws the pieces the last ply took as outlines crossed out
// where they stood.
func (b *board) drawTaken(s *scene) {
	rad := b.pieceRadius() * 0.9
	for _, p := range b.v.Taken {
		x, y := b.centre(p.Coord)
		a := []attr{{"taken", p.Kind.String()}, {"at", b.v.Name(p.Coord)}, {"seat", seatNumber(p.Seat)}}
		s.group(a...)
		stroke := ink
		if p.Seat == 0 && b.v.Points {
			stroke = subtle
		}
		s.circle(x, y, rad, none, stroke, 1.5)
		d := rad * 0.55
		s.line(x-d, y-d, x+d, y+d, accent, 2.5)
		s.line(x-d, y+d, x+d, y-d, accent, 2.5)
		s.end()
	}
}

func pieceAttrs(v *rules.View, p rules.Placed) []attr {
	return []attr{{"piece", p.Kind.String()}, {"at", v.Name(p.Coord)}, {"seat", seatNumber(p.Seat)}}
}

// seatNumber is a seat counted from 1, as players count; 0 for nobody's.
func seatNumber(s rules.Seat) string {
	if s < 0 {
		return "0"
	}
	return strconv.Itoa(s.Number())
}

func seatMark(v *rules.View, s rules.Seat) string {
	if s < 0 || int(s) >= len(v.Seats) {
		return ""
	}
	return v.Seats[s].Mark
}

// drawPanel draws, from x, y down, each seat with its piece, name, state
// and tray, then the dice, its words in lang; it returns the y it reached.
func drawPanel(s *scene, g rules.Game, v *rules.View, x, y float64, lang i18n.Lang) float64 {
	o := g.Outcome()
	n := len(v.Seats)
	for i, sv := range v.Seats {
		seat := rules.Seat(i)
		state := ""
		switch {
		case o.Over && slices.Contains(o.Winners, seat):
			state = stateWon
		case o.Over && o.Draw():
			state = stateDrawn
		case sv.Out:
			state = stateOut
		case !v.Over && v.ToMove == seat:
			state = stateToMove
		}
		a := []attr{{"panel-seat", seatNumber(seat)}, {"captured", strconv.Itoa(sv.Captured)}, {"off", strconv.Itoa(sv.Off)}}
		if state != "" {
			a = append(a, attr{"state", state})
		}
		s.group(a...)
		kind := rules.Pin
		if v.Points {
			kind = rules.Stone
		}
		y += panelIcon + 2
		if state == stateToMove {
			s.poly([]pt{{x, y - 6}, {x + 8, y}, {x, y + 6}}, accent, none, 0)
		}
		s.piece(lookOf(kind, seat, n, sv.Mark), x+panelIndent-14, y, panelIcon)
		s.text(x+panelIndent, y+0.36*nameSize, nameSize, anchorStart, true, ink, i18n.Render(lang, g.SeatMsg(seat)))
		y += panelIcon + 4
		var notes []string
		if state != "" {
			notes = append(notes, i18n.Tr(lang, stateWords[state], nil))
		}
		tray, trayKind, traySeat := 0, kind, seat
		switch {
		case v.Points:
			notes = append(notes, i18n.Tr(lang, "picture.captured", map[string]any{"Count": sv.Captured}))
			tray, traySeat = sv.Captured, rules.Seat((i+1)%n)
		default:
			notes = append(notes, i18n.Tr(lang, "picture.off", map[string]any{"Count": sv.Off}))
			tray = sv.Off
		}
		for _, line := range noteLines(notes) {
			y += noteSize
			s.text(x+panelIndent, y, noteSize, anchorStart, false, subtle, line)
		}
		l := lookOf(trayKind, traySeat, n, "")
		for k := range tray {
			if k%trayPerRow == 0 {
				y += trayPitch
			}
			tx := x + panelIndent + trayRadius + float64(k%trayPerRow)*trayPitch
			s.piece(l, tx, y-trayRadius+2, trayRadius)
		}
		y += 16
		s.end()
	}
	if v.Roll != nil || v.LastRoll != nil {
		y += 6
		y = drawDice(s, x, y, i18n.Tr(lang, "picture.roll", nil), "next", v.Roll)
		y = drawDice(s, x, y, i18n.Tr(lang, "picture.last_roll", nil), "last", v.LastRoll)
	}
	return y
}

// A seat's states, as the SVG's data-state gives them for tests to read;
// the panel writes them in the picture's language (stateWords).
const (
	stateToMove = "to move"
	stateWon    = "won"
	stateDrawn  = "drawn"
	stateOut    = "out"
)

// stateWords are the messages of the seats' states.
var stateWords = map[string]string{stateToMove: "picture.to_move", stateWon: "picture.won", stateDrawn: "picture.drawn", stateOut: "picture.out"}

// noteLine is how many characters a line of the panel's notes holds: the
// panel is 144 units wide right of the seat's piece, and "to move, 0 off
// the board" just fits.
const noteLine = 24

// noteLines puts a seat's notes on one line, or on a line each when they
// would not fit the panel together: "to move, 0 off the board" is one
// line, "ausgeschieden, 10 draußen" two.
func noteLines(notes []string) []string {
	if joined := strings.Join(notes, ", "); utf8.RuneCountInString(joined) <= noteLine {
		return []string{joined}
	}
	return notes
}

// drawDice draws a roll [movement, movement, game] under its title: the
// movement dice white, the game die in the game pin's colour and marked G
// below, so that it differs by more than colour.
func drawDice(s *scene, x, y float64, title, which string, roll []int) float64 {
	if roll == nil {
		return y
	}
	y += noteSize
	s.text(x, y, noteSize, anchorStart, true, ink, title)
	y += 6
	for i, face := range roll {
		die := "movement"
		fill := whiteFill
		if i == len(roll)-1 {
			die, fill = "game", gameFill
		}
		dx := x + float64(i)*(dieSide+dieGap)
		s.group(attr{"die", die}, attr{"face", strconv.Itoa(face)}, attr{"roll", which})
		s.rect(dx, y, dieSide, dieSide, fill, ink, 1.5)
		for _, p := range pips(face) {
			s.circle(dx+p.x*dieSide, y+p.y*dieSide, dieSide*0.09, ink, none, 0)
		}
		if die == "game" {
			s.text(dx+dieSide/2, y+dieSide+noteSize, noteSize*0.9, anchorMiddle, true, ink, "G")
		}
		s.end()
	}
	return y + dieSide + noteSize + 8
}

// pips are where a die face's dots go, as fractions of its side; a face
// above 6 is written as its digit.
func pips(face int) []pt {
	const l, m, h = 0.25, 0.5, 0.75
	switch face {
	case 1:
		return []pt{{m, m}}
	case 2:
		return []pt{{l, l}, {h, h}}
	case 3:
		return []pt{{l, l}, {m, m}, {h, h}}
	case 4:
		return []pt{{l, l}, {h, l}, {l, h}, {h, h}}
	case 5:
		return []pt{{l, l}, {h, l}, {m, m}, {l, h}, {h, h}}
	case 6:
		return []pt{{l, l}, {h, l}, {l, m}, {h, m}, {l, h}, {h, h}}
	}
	return nil
}

// drawText is the picture of a game whose engine gives no view: its ASCII
// position, line by line.
func drawText(g rules.Game, lang i18n.Lang) *scene {
	text := g.Position().Render(func(m rules.Msg) string { return i18n.Render(lang, m) })
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	const size, lead = 12.0, 15.0
	s := &scene{w: 8*2 + 72*size*0.6, h: lead*float64(len(lines)) + 12, title: title(g, lang), attrs: []attr{{"kind", g.Kind().Name}}}
	s.rect(0, 0, s.w, s.h, paper, none, 0)
	for i, l := range lines {
		s.text(8, lead*float64(i+1), size, anchorStart, false, ink, l)
		s.ops[len(s.ops)-1].mono = true
	}
	return s
}

// title says what the picture shows, for screen readers, in lang:
// "Pente, after ply 9: Black to move".
func title(g rules.Game, lang i18n.Lang) string {
	where := i18n.Tr(lang, "picture.title_ply", map[string]any{"Game": g.Kind().Name, "Ply": g.Plies()})
	if g.Plies() == 0 {
		where = i18n.Tr(lang, "picture.title_start", map[string]any{"Game": g.Kind().Name})
	}
	if o := g.Outcome(); o.Over {
		return i18n.Tr(lang, "picture.title_over", map[string]any{"Where": where})
	}
	return i18n.Tr(lang, "picture.title_to_move", map[string]any{"Where": where, "Seat": i18n.Render(lang, g.SeatMsg(g.ToMove()))})
}
