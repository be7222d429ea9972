package notation

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"pbem/rules"
)

// lineMax is the longest line the writer makes, in characters, where the
// tokens allow (records.md: lines under 80 characters).
const lineMax = 79

// Writer writes games in the strict export form of records.md, with one
// blank line between games.
type Writer struct {
	w     io.Writer
	games int
}

// NewWriter writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one game. The game must have been set up (its Entry known);
// a main line with a bad ply is written as read.
func (w *Writer) Write(g *Game) error {
	var b []byte
	if w.games > 0 {
		b = append(b, '\n')
	}
	w.games++
	_, err := w.w.Write(AppendExport(b, g))
	return err
}

// AppendExport appends game g in export form, ending with a line end.
// Exporting, reading back and exporting again gives the same bytes.
func AppendExport(b []byte, g *Game) []byte {
	// Room for the tags and about 6 bytes a ply, grown once.
	b = slices.Grow(b, 256+6*len(g.Main.Moves))
	b = appendTags(b, g)
	b = append(b, '\n')
	mt := movetexts.Get().(*movetext)
	defer mt.release()
	mt.line(&g.Main, len(g.Main.Moves), true)
	if g.GaveUp != "" {
		mt.add(g.GaveUp)
	}
	mt.add(exported(g.Result, g.State.Seats()))
	return mt.wrap(b)
}

// release empties the movetext and hands it back for reuse.
func (mt *movetext) release() {
	*mt = movetext{text: mt.text[:0], words: mt.words[:0]}
	movetexts.Put(mt)
}

// MoveText is the first k plies of the main line with their move numbers,
// in lines of the export form, without comments or variations: the move
// list under a replayed board.
func (g *Game) MoveText(k int) string {
	var mt movetext
	mt.line(&Line{Moves: g.Main.Moves}, k, false)
	return string(mt.wrap(nil))
}

// appendTags appends the tags in export order: the Seven Tag Roster, then
// Game, Variant, Options, the seat tags of 3 or more seats, Termination and
// TimeControl, then the others in ASCII order of their names.
func appendTags(b []byte, g *Game) []byte {
	orUnknown := func(v, unknown string) string {
		if v == "" {
			return unknown
		}
		return v
	}
	name := func(i int) string {
		if i < len(g.Names) {
			return orUnknown(g.Names[i], "?")
		}
		return "?"
	}
	b = appendTag(b, "Event", orUnknown(g.Event, "?"))
	b = appendTag(b, "Site", orUnknown(g.Site, "?"))
	b = appendTag(b, "Date", orUnknown(g.Date, "????.??.??"))
	b = appendTag(b, "Round", orUnknown(g.Round, "?"))
	b = appendTag(b, "White", name(0))
	b = appendTag(b, "Black", name(1))
	b = appendTag(b, "Result", exported(g.Result, g.State.Seats()))
	b = appendTag(b, "Game", g.Entry.Kind.Name)
	if g.Entry.Title != g.Entry.Kind.Name {
		b = appendTag(b, "Variant", g.Entry.Title)
	}
	b = appendOptions(b, g)
	if len(g.Names) > 2 {
		for i := range g.Names {
			b = appendTag(b, "Seat"+strconv.Itoa(i+1), name(i))
		}
	}
	if g.Termination != "" {
		b = appendTag(b, "Termination", g.Termination)
	}
	if g.TimeControl != "" {
		b = appendTag(b, "TimeControl", g.TimeControl)
	}
	other := g.Other
	byName := func(a, b Tag) int { return strings.Compare(a.Name, b.Name) }
	if !slices.IsSortedFunc(other, byName) {
		other = slices.Clone(other)
		slices.SortStableFunc(other, byName)
	}
	for _, t := range other {
		b = appendTag(b, t.Name, t.Value)
	}
	return b
}

// appendOptions appends the Options tag, if the game needs one: the
// options that differ from their defaults and that the game's entry does
// not preset, as name=value in the order of their names.
func appendOptions(b []byte, g *Game) []byte {
	var buf [8]string // more than any game has: no allocation
	names := buf[:0]
	for n, v := range g.Options {
		if op, ok := kindOption(g.Entry.Kind, n); ok && op.Default == v {
			continue
		}
		if _, preset := g.Entry.Preset[n]; preset {
			continue
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return b
	}
	slices.Sort(names)
	b = append(b, `[Options "`...)
	for i, n := range names {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendEscaped(b, n)
		b = append(b, '=')
		b = appendEscaped(b, g.Options[n])
	}
	return append(b, "\"]\n"...)
}

func kindOption(k *rules.Kind, name string) (rules.Option, bool) {
	for _, op := range k.Options {
		if op.Name == name {
			return op, true
		}
	}
	return rules.Option{}, false
}

func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, " \""...)
	b = appendEscaped(b, value)
	return append(b, "\"]\n"...)
}

func appendEscaped(b []byte, v string) []byte {
	if strings.IndexByte(v, '"') < 0 && strings.IndexByte(v, '\\') < 0 { // quicker than ContainsAny for two bytes
		return append(b, v...)
	}
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			b = append(b, '\\')
		}
		b = append(b, v[i])
	}
	return b
}

// movetext collects the words of the movetext before wrapping them. The
// words' text is kept in one buffer, each word a span of it: writing a game
// makes no string per word. A movetext is reused from game to game.
type movetext struct {
	text  []byte
	words []word
	// opens counts the ( waiting for the next word.
	opens int
}

// word is a unit the wrapper keeps on one line, text[start:end]; a ;
// comment must end its line.
type word struct {
	start, end int
	endLine    bool
}

// movetexts are movetexts done with, to be reused.
var movetexts = sync.Pool{New: func() any { return new(movetext) }}

// begin starts a word: the ( waiting go first.
func (mt *movetext) begin() {
	mt.words = append(mt.words, word{start: len(mt.text)})
	for ; mt.opens > 0; mt.opens-- {
		mt.text = append(mt.text, '(')
	}
}

// end ends the word begun last.
func (mt *movetext) end() { mt.words[len(mt.words)-1].end = len(mt.text) }

func (mt *movetext) add(s string) {
	mt.begin()
	mt.text = append(mt.text, s...)
	mt.end()
}

// close ends a variation: ) sticks to the word before it unless that is a
// ; comment.
func (mt *movetext) close() {
	n := len(mt.words)
	switch {
	case mt.opens > 0:
		mt.opens--
		mt.add("()")
	case n > 0 && !mt.words[n-1].endLine:
		// The last word ends the text.
		mt.text = append(mt.text, ')')
		mt.end()
	default:
		mt.add(")")
	}
}

// comment adds a comment in braces, split into words to wrap; a comment
// holding } (read from a ; comment) is written as a ; comment instead.
func (mt *movetext) comment(c string) {
	if strings.Contains(c, "}") {
		mt.add("; " + c)
		mt.words[len(mt.words)-1].endLine = true
		return
	}
	ws := strings.Split(c, " ")
	ws[0] = "{" + ws[0]
	ws[len(ws)-1] += "}"
	for _, w := range ws {
		mt.add(w)
	}
}

// line adds the first n plies of l with their numbers and suffixes, and
// with notes also the NAGs, comments and variations. A ply that opens a round gets "N."; one that
// does not gets "N..." when a comment or a variation comes between it and
// the ply before, or when it starts a variation.
func (mt *movetext) line(l *Line, n int, notes bool) {
	interrupted := true
	if notes {
		for _, c := range l.Lead {
			mt.comment(c)
		}
	}
	for _, m := range l.Moves[:n] {
		switch {
		case m.leave: // no number, and the next ply numbers as if it stood here
		case m.starts:
			mt.begin()
			mt.text = append(strconv.AppendInt(mt.text, int64(m.round), 10), '.')
			mt.end()
		case interrupted:
			mt.begin()
			mt.text = append(strconv.AppendInt(mt.text, int64(m.round), 10), "..."...)
			mt.end()
		}
		mt.begin()
		mt.text = append(append(mt.text, m.Canonical()...), m.Suffix...)
		mt.end()
		interrupted = interrupted && m.leave
		if !notes {
			continue
		}
		for _, nag := range m.NAGs {
			mt.add(nag)
		}
		for _, note := range m.After {
			interrupted = true
			if note.Variation == nil {
				mt.comment(note.Comment)
				continue
			}
			mt.opens++
			mt.line(note.Variation, len(note.Variation.Moves), true)
			mt.close()
		}
	}
}

// wrap appends the words as lines of at most lineMax characters (a longer
// word stands alone on its line).
func (mt *movetext) wrap(b []byte) []byte {
	width := 0
	// Most movetext is ASCII, whose words are as wide as they are long:
	// counting each word's characters was a seventh of wrapping them.
	ascii := utf8.RuneCount(mt.text) == len(mt.text)
	for _, w := range mt.words {
		text := mt.text[w.start:w.end]
		n := len(text)
		if !ascii {
			n = utf8.RuneCount(text)
		}
		if width > 0 && width+1+n > lineMax {
			b = append(b, '\n')
			width = 0
		}
		if width > 0 {
			b = append(b, ' ')
			width++
		}
		b = append(b, text...)
		width += n
		if w.endLine {
			b = append(b, '\n')
			width = 0
		}
	}
	if width > 0 {
		b = append(b, '\n')
	}
	return b
}
