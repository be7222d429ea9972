package notation

import (
	"iter"
	"strings"

	"pbem/grammar"
	"pbem/rules"
)

// Lines reads the one-game-per-line form of the pente-games data set,
// "K10;L9;...;1-0;": the plies in order and then the result, each followed
// by ";". Each line is a game of Pente with the tournament rule off (the
// data set's games break it); blank lines are skipped. Like Games, it gives
// every game, each with its Problem set when it is at fault.
func Lines(name string, src []byte) iter.Seq[*Game] {
	return func(yield func(*Game) bool) {
		s := grammar.NewSource(name, src)
		r := newReader(s)
		text, index := s.Text, 0
		for lineNo := 1; text != ""; lineNo++ {
			line := text
			if i := strings.IndexByte(text, '\n'); i >= 0 {
				line, text = text[:i], text[i+1:]
			} else {
				text = ""
			}
			line = strings.TrimRight(line, "\r")
			if strings.TrimSpace(line) == "" {
				continue
			}
			index++
			g := &Game{File: name, Index: index, Line: lineNo, Col: 1, Result: "*",
				tags: []Tag{{Name: "Game", Value: "Pente", Line: lineNo, Col: 1},
					{Name: "Options", Value: "tournament=off", Line: lineNo, Col: 1}}}
			if g.Problem = g.lineMoves(s, lineNo, line); g.Problem == nil {
				g.settle(r)
			}
			if !yield(g) {
				return
			}
		}
	}
}

// lineMoves takes the plies and the result of one line.
func (g *Game) lineMoves(s *grammar.Source, lineNo int, line string) *Problem {
	fields := strings.Split(strings.TrimRight(strings.TrimSpace(line), ";"), ";")
	col := 1 + len(line) - len(strings.TrimLeft(line, " \t"))
	for i, f := range fields {
		tok := strings.TrimSpace(f)
		at := col + len(f) - len(strings.TrimLeft(f, " \t"))
		if tok == "" {
			return problemAt(s, lineNo, at, rules.M("notation.line_empty_field", nil))
		}
		if i == len(fields)-1 {
			if tok != "*" && resultForm(tok, 2).Code != "" {
				return problemAt(s, lineNo, at, rules.M("notation.line_result", rules.Args{"Result": tok}))
			}
			g.Result, g.written = tok, true
			g.resultLine, g.resultCol = lineNo, at
			break
		}
		g.Main.Moves = append(g.Main.Moves, &Move{Token: tok, Line: lineNo, Col: at})
		col += len(f) + 1
	}
	return nil
}
