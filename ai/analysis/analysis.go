// Package analysis goes through a game ply by ply with a computer player:
// how good each position was for the seat to move, and which plies threw
// away more than a threshold, with the engine's better ply and its line.
// It imports ai, rules and i18n only; the record and the mail are the
// callers': Comment, Remark and Lead give them the texts, in any language.
package analysis

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pbem/ai"
	"pbem/i18n"
	"pbem/rules"
)

// DefaultThreshold is the loss that marks a mistake: one and a half
// stones of advantage.
const DefaultThreshold ai.Score = 150

// lineMax bounds the engine's line a mistake shows.
const lineMax = 6

// Options say how to analyse.
type Options struct {
	// Settings are the engine's, for every search. Seed 0 seeds each ply's
	// search from the ply number alone, so the same game always gives the
	// same analysis.
	Settings ai.Settings
	// Threshold is the fall of the evaluation that marks a mistake;
	// DefaultThreshold when 0.
	Threshold ai.Score
}

// Ply is what the analysis says of one ply.
type Ply struct {
	// N is the ply's number, from 1; Seat the seat that played it.
	N    int        `json:"n"`
	Seat rules.Seat `json:"seat"`
	// Played is the ply as the engine writes it.
	Played string `json:"played"`
	// Best is the engine's value of the position before the ply, for the
	// mover, with its best play; After is the value after the ply played,
	// for the mover too. Loss is Best - After.
	Best  ai.Score `json:"best"`
	After ai.Score `json:"after"`
	Loss  ai.Score `json:"loss"`
	// Mistake marks a ply that lost more than the threshold; Better is
	// then the engine's ply and Line its continuation, Better first.
	Mistake bool     `json:"mistake"`
	Better  string   `json:"better,omitempty"`
	Line    []string `json:"line,omitempty"`
}

// Game analyses plies (tokens as records and the store write them) played
// from start, which is not changed. It makes one search per position: the
// value after a ply is the next position's, seen from the mover's side.
// With three or more seats, a position's value for another seat is taken
// as the negation of the mover's, a rough guide only.
func Game(ctx context.Context, start rules.Game, plies []string, e ai.Engine, o Options) ([]Ply, error) {
	if o.Threshold == 0 {
		o.Threshold = DefaultThreshold
	}
	g := start.Clone()
	out := make([]Ply, 0, len(plies))
	// value is the search of the position before each ply.
	var next *ai.Thought
	think := func(g rules.Game, token string) (ai.Thought, error) {
		if token != "" {
			if err := setRoll(g, token); err != nil {
				return ai.Thought{}, err
			}
		}
		s := o.Settings
		if s.Seed == 0 {
			s.Seed = uint64(g.Plies()) + 1
		}
		return e.Think(ctx, g.Clone(), s)
	}
	for i, token := range plies {
		if g.Outcome().Over {
			return out, fmt.Errorf("ply %d (%s): the game was over", i+1, token)
		}
		mover := g.ToMove()
		var before ai.Thought
		if next != nil {
			before = *next
		} else {
			var err error
			if before, err = think(g, token); err != nil {
				return out, fmt.Errorf("ply %d: %w", i+1, err)
			}
		}
		p, err := g.Parse(token)
		if err == nil {
			err = g.Play(p)
		}
		if err != nil {
			return out, fmt.Errorf("ply %d (%s): %w", i+1, token, err)
		}
		a := Ply{N: i + 1, Seat: mover, Played: p.String(), Best: before.Score}
		next = nil
		if o := g.Outcome(); o.Over {
			switch {
			case o.Won(mover):
				a.After = ai.Win
			case o.Draw():
				a.After = 0
			default:
				a.After = -ai.Win
			}
		} else {
			nextToken := ""
			if i+1 < len(plies) {
				nextToken = plies[i+1]
			}
			th, err := think(g, nextToken)
			if err != nil {
				return out, fmt.Errorf("ply %d: %w", i+2, err)
			}
			next = &th
			a.After = th.Score
			if g.ToMove() != mover {
				a.After = -th.Score
			}
		}
		a.Loss = a.Best - a.After
		if a.Loss > o.Threshold && before.Ply != nil && before.Ply.String() != a.Played {
			a.Mistake = true
			a.Better = before.Ply.String()
			for j, l := range before.Line {
				if j == lineMax {
					break
				}
				a.Line = append(a.Line, l.String())
			}
			if len(a.Line) == 0 {
				a.Line = []string{a.Better}
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// setRoll fixes the dice of a game with dice to those of the ply about to
// be played. A dice ply's token begins with its faces ("213:c2-c4..."),
// though not always in the order SetRoll takes them, so the order that
// lets the ply be played is the roll.
func setRoll(g rules.Game, token string) error {
	r, ok := g.(rules.Roller)
	if !ok {
		return nil
	}
	faces, _, found := strings.Cut(token, ":")
	if !found {
		return nil // a pass, say: no roll to set
	}
	var dice []int
	for _, c := range faces {
		n, err := strconv.Atoi(string(c))
		if err != nil {
			return fmt.Errorf("ply %s: the dice %q are no faces", token, faces)
		}
		dice = append(dice, n)
	}
	for _, roll := range orders(dice) {
		try := g.Clone()
		if try.(rules.Roller).SetRoll(roll) != nil {
			continue
		}
		if err := rules.PlayToken(try, token); err == nil {
			return r.SetRoll(roll)
		}
	}
	return fmt.Errorf("ply %s: no roll of the dice %s allows it", token, faces)
}

// orders lists the distinct orders of some dice.
func orders(dice []int) [][]int {
	if len(dice) <= 1 {
		return [][]int{slices.Clone(dice)}
	}
	var out [][]int
	for i, d := range dice {
		if slices.Index(dice, d) != i {
			continue // the same face again gives the same orders
		}
		rest := append(slices.Clone(dice[:i]), dice[i+1:]...)
		for _, o := range orders(rest) {
			out = append(out, append([]int{d}, o...))
		}
	}
	return out
}

// Comment is the remark a record carries after an analysed ply, in
// English: its value and, for a mistake, the better ply and its line.
// Values are in stones, for the mover.
func Comment(p Ply) string { return CommentIn(i18n.English, p) }

// CommentIn is Comment in lang. It is a comment of records.md in every
// language: it holds no brace, and the plies and values are written as
// records and engines write them.
func CommentIn(lang i18n.Lang, p Ply) string { return i18n.Render(lang, Remark(p)) }

// Remark is Comment as a message of the catalogs (analysis.*), for a
// caller that renders it later in its reader's language.
func Remark(p Ply) rules.Msg {
	if p.Mistake {
		return rules.M("analysis.mistake", rules.Args{"After": valueMsg(p.After), "Best": valueMsg(p.Best),
			"Line": strings.Join(p.Line, " ")})
	}
	return rules.M("analysis.eval", rules.Args{"Value": valueMsg(p.After)})
}

// Lead is the comment an analysed record opens with, in lang: who
// analysed it at which level, how many mistakes were found and what marks
// them.
func Lead(lang i18n.Lang, level, mistakes int) string {
	return i18n.Tr(lang, "analysis.lead", map[string]any{"Level": level, i18n.CountArg: mistakes,
		"Threshold": strings.TrimPrefix(Value(DefaultThreshold), "+")})
}

// Value writes a score in stones with a sign ("+1.50", "-0.20"), or as a
// forced win or loss in n plies ("win in 3", "loss in 4"), in English.
func Value(s ai.Score) string { return ValueIn(i18n.English, s) }

// ValueIn is Value in lang. Stones keep the decimal point in every
// language, as engines write them.
func ValueIn(lang i18n.Lang, s ai.Score) string {
	if m, ok := valueMsg(s).(rules.Msg); ok {
		return i18n.Render(lang, m)
	}
	return stones(s)
}

// valueMsg is a score as a message when it is a forced end, else as the
// stones it is worth.
func valueMsg(s ai.Score) any {
	switch {
	case s == ai.Win:
		return rules.M("analysis.won", nil)
	case s == -ai.Win:
		return rules.M("analysis.lost", nil)
	case s >= ai.Win-1000:
		return rules.M("analysis.win_in", rules.Args{i18n.CountArg: int(ai.Win - s)})
	case s <= -ai.Win+1000:
		return rules.M("analysis.loss_in", rules.Args{i18n.CountArg: int(s + ai.Win)})
	}
	return stones(s)
}

// stones writes a score in stones with a sign: "+1.50", "-0.20".
func stones(s ai.Score) string {
	sign := "+"
	if s < 0 {
		sign, s = "-", -s
	}
	return fmt.Sprintf("%s%d.%02d", sign, s/100, s%100)
}
