package play

import (
	"context"
	"fmt"
	"strings"

	"pbem/ai"
	"pbem/ai/analysis"
	"pbem/notation"
)

// AnalysisLevel is the level analyses search at unless told otherwise: a
// mid level, so that a game's analysis takes seconds, not minutes.
const AnalysisLevel = 4

// Analyze analyses a valid game of a record with an engine and writes
// the result into it as comments: after each ply its value for the mover
// and, for a mistake, the better ply and its line, so that the record
// replays in any tool that reads records. The comments the record had stay.
func Analyze(ctx context.Context, g *notation.Game, e ai.Engine, s ai.Settings) ([]analysis.Ply, error) {
	if !g.Valid() || g.Entry.Kind == nil {
		return nil, fmt.Errorf("game %d of %s is not valid, so it cannot be analysed", g.Index, g.File)
	}
	start, err := g.Entry.New(g.Options)
	if err != nil {
		return nil, err
	}
	tokens := make([]string, len(g.Main.Moves))
	for i, m := range g.Main.Moves {
		tokens[i] = m.Canonical()
	}
	plies, err := analysis.Game(ctx, start, tokens, e, analysis.Options{Settings: s})
	if err != nil {
		return nil, err
	}
	mistakes := 0
	for i, p := range plies {
		m := g.Main.Moves[i]
		m.After = append(m.After, notation.Note{Comment: analysis.Comment(p)})
		if p.Mistake {
			mistakes++
			if m.Suffix == "" {
				m.Suffix = "?"
			}
		}
	}
	g.Main.Lead = append(g.Main.Lead, fmt.Sprintf("Analysed by pbem's computer at level %d: values in stones for the side that played, %d mistake(s), plies losing more than %s stones, marked with ? and a better ply.",
		s.LevelOrDefault(), mistakes, strings.TrimPrefix(analysis.Value(analysis.DefaultThreshold), "+")))
	return plies, nil
}
