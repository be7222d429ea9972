package notation

import (
	"iter"
	"slices"
	"strings"

	"pbem/grammar"
	"pbem/rules"
)

// Games reads the games of a record file named name, one by one. Each
// game comes with its Problem set when it cannot be read, set up or
// replayed; one bad game does not stop the others from being read.
func Games(name string, src []byte) iter.Seq[*Game] {
	return func(yield func(*Game) bool) {
		s := grammar.NewSource(name, src)
		r := newReader(nil)
		i := 0
		for p := range grammar.Records(s) {
			i++
			if !yield(r.game(i, p)) {
				return
			}
		}
	}
}

// game makes game number i of the file from what the grammar read.
func (r *reader) game(i int, p grammar.ParsedRecord) *Game {
	r.src = p.Source
	g := r.newGame()
	g.File, g.Index, g.Result = r.src.Name, i, "*"
	if p.Err != nil {
		g.Line, g.Col = p.Err.Line, p.Err.Column
		g.Problem = fromGrammar(p.Err)
		return g
	}
	g.Line, g.Col = p.Record.Pos.Line, p.Record.Pos.Column
	g.Problem = g.build(r.src, p.Record)
	p.Record.Release() // the game holds what it needs of it
	if g.Problem == nil {
		g.settle(r)
	}
	return g
}

// settle resolves the game from its tags, replays it and checks its result:
// the steps every reader shares.
func (g *Game) settle(r *reader) {
	if g.Problem = g.resolve(r); g.Problem != nil {
		return
	}
	g.Problem = g.replay(r.src)
	if p := g.checkResult(r.src); g.Problem == nil {
		g.Problem = p
	}
}

// build takes the tags, moves, comments and variations from the syntax
// tree. The only fault it finds is a variation with no ply before it.
func (g *Game) build(s *grammar.Source, ast *grammar.Record) *Problem {
	// Each tag's fields are set where it stands: a Tag built and appended
	// was read back in 16-byte moves from the stores just made, a stall
	// the processor cannot forward (over half of build's time).
	g.tags = slices.Grow(g.tags[:0], len(ast.Tags))[:len(ast.Tags)]
	for i := range ast.Tags {
		t, tag := &ast.Tags[i], &g.tags[i]
		tag.Name, tag.Value, tag.Line, tag.Col = t.Name.Value, t.Value.Value, t.Name.Pos.Line, t.Name.Pos.Column
	}
	for _, c := range ast.Notes {
		g.Main.comment(c.Value)
	}
	if p := buildLine(s, &g.Main, ast.Moves, &g.slab); p != nil {
		return p
	}
	if ast.GiveUp.Value != "" {
		g.GaveUp = "Resign"
		if strings.EqualFold(ast.GiveUp.Value, "forfeit") {
			g.GaveUp = "Forfeit"
		}
		g.resultLine, g.resultCol = ast.GiveUp.Pos.Line, ast.GiveUp.Pos.Column
	}
	if ast.Result.Value != "" {
		g.Result, g.written = ast.Result.Value, true
		g.resultLine, g.resultCol = ast.Result.Pos.Line, ast.Result.Pos.Column
	} else {
		for _, t := range g.tags {
			if strings.EqualFold(t.Name, knownTags[tagResult]) {
				g.Result = t.Value
			}
		}
	}
	for _, t := range ast.Trailer {
		g.Main.comment(t.Value)
	}
	return nil
}

// buildLine fills l from movetext elements. Move numbers are dropped: the
// writer numbers the plies from the rules. The moves are made in *slab
// when it is not nil and has room, else in one new allocation.
func buildLine(s *grammar.Source, l *Line, els []grammar.RecordElement, slab *[]Move) *Problem {
	n := 0
	for _, e := range els {
		if e.Token.Type == grammar.TokPly {
			n++
		}
	}
	var moves []Move
	switch {
	case slab == nil:
		moves = make([]Move, n)
	case cap(*slab) < n:
		*slab = make([]Move, n)
		moves = *slab
	default:
		moves = (*slab)[:n]
		*slab = moves
	}
	if cap(l.Moves) < n {
		l.Moves = make([]*Move, 0, n)
	}
	l.Moves = l.Moves[:0]
	for _, e := range els {
		var last *Move
		if n := len(l.Moves); n > 0 {
			last = l.Moves[n-1]
		}
		if v := e.Variation; v != nil {
			if last == nil {
				return problemAt(s, v.Pos.Line, v.Pos.Column, rules.M("notation.variation_first", nil))
			}
			line := &Line{}
			if p := buildLine(s, line, v.Moves, nil); p != nil {
				return p
			}
			last.After = append(last.After, Note{Variation: line})
			continue
		}
		t := e.Token
		switch t.Type {
		case grammar.TokPly:
			m := &moves[len(l.Moves)]
			m.Token, m.Suffix, m.Line, m.Col = t.Value, e.Suffix, t.Pos.Line, t.Pos.Column
			l.Moves = append(l.Moves, m)
		case grammar.TokNAG:
			if last == nil {
				return problemAt(s, t.Pos.Line, t.Pos.Column, rules.M("notation.nag_first", rules.Args{"NAG": t.Value}))
			}
			last.NAGs = append(last.NAGs, t.Value)
		case grammar.TokComment:
			l.comment(t.Value)
		}
	}
	return nil
}

// comment adds a comment after the last ply, or before the first.
func (l *Line) comment(text string) {
	c := comment(text)
	if c == "" {
		return
	}
	if n := len(l.Moves); n > 0 {
		l.Moves[n-1].After = append(l.Moves[n-1].After, Note{Comment: c})
	} else {
		l.Lead = append(l.Lead, c)
	}
}

// comment normalises a comment's text: runs of white space become one
// space, so that the writer may wrap it and read it back the same.
func comment(text string) string {
	return strings.Join(strings.Fields(text), " ")
}

// newGame is a recycled game, or a new one.
func (r *reader) newGame() *Game {
	g := r.spare
	if g == nil {
		return &Game{}
	}
	r.spare = nil
	return g
}

// recycle takes back a game that nobody holds any more, so that the next
// game read reuses its slices (its moves, tags and names) and, where the
// engine can set it up afresh, its position.
func (r *reader) recycle(g *Game) {
	if _, ok := g.State.(rules.Resetter); ok {
		r.spareState = g.State
	}
	clear(g.slab) // the moves' own slices and text go
	*g = Game{slab: g.slab[:0], tags: clearSlice(g.tags), Other: clearSlice(g.Other),
		Names: clearSlice(g.Names), Main: Line{Moves: clearSlice(g.Main.Moves)}}
	r.spare = g
}

// clearSlice empties s, keeping its room.
func clearSlice[S ~[]E, E any](s S) S {
	clear(s)
	return s[:0]
}
