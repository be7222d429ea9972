package notation

import (
	"fmt"
	"strings"
)

// Summary is what a review reports of one game; its JSON form is one line
// of `pbem review --json`.
type Summary struct {
	File    string   `json:"file"`
	Index   int      `json:"index"`
	Players []string `json:"players"`
	Kind    string   `json:"kind"`
	Plies   int      `json:"plies"`
	Valid   bool     `json:"valid"`
	// Result is the recorded result, as written.
	Result string `json:"result"`
	// Outcome is the result by the rules at the end of the main line, "*"
	// when they decide none; Ending says how they decided it.
	Outcome string     `json:"outcome"`
	Ending  string     `json:"ending,omitempty"`
	Error   *PlyReport `json:"error,omitempty"`
}

// PlyReport is where and why a game is invalid.
type PlyReport struct {
	Ply    int    `json:"ply"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Token  string `json:"token"`
	Reason string `json:"reason"`
}

// Summary reports the game for a review.
func (g *Game) Summary() Summary {
	s := Summary{File: g.File, Index: g.Index, Players: g.Names, Kind: g.Title(),
		Plies: len(g.Main.Moves), Valid: g.Valid(), Result: g.Result, Outcome: g.Outcome()}
	if s.Players == nil {
		s.Players = []string{}
	}
	if g.State != nil && g.State.Outcome().Over {
		s.Ending = describeOutcome(g.State)
	}
	if p := g.Problem; p != nil {
		s.Error = &PlyReport{Ply: p.Ply, Line: p.Line, Column: p.Column, Token: p.Token, Reason: p.Reason}
	}
	return s
}

// Text is the summary as one line: file and number, players, game, plies,
// recorded result, result by rule, and valid or where and why not.
func (s Summary) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s #%d:", s.File, s.Index)
	if len(s.Players) > 0 {
		names := make([]string, len(s.Players))
		for i, n := range s.Players {
			names[i] = n
			if n == "" {
				names[i] = "?"
			}
		}
		fmt.Fprintf(&b, " %s,", strings.Join(names, " vs "))
	}
	if s.Kind != "" {
		fmt.Fprintf(&b, " %s,", s.Kind)
	}
	plies := "plies"
	if s.Plies == 1 {
		plies = "ply"
	}
	fmt.Fprintf(&b, " %d %s, result %s, by rule %s", s.Plies, plies, s.Result, s.Outcome)
	if s.Ending != "" {
		fmt.Fprintf(&b, " (%s)", s.Ending)
	}
	if s.Error == nil {
		b.WriteString(": valid")
		return b.String()
	}
	fmt.Fprintf(&b, ": INVALID at %d:%d", s.Error.Line, s.Error.Column)
	if s.Error.Ply > 0 {
		fmt.Fprintf(&b, " ply %d %s", s.Error.Ply, s.Error.Token)
	}
	fmt.Fprintf(&b, ": %s", s.Error.Reason)
	return b.String()
}
