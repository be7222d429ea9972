package notation

import (
	"fmt"
	"strings"

	"pbem/i18n"
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

	// lang is the language of Ending, Error.Reason and Text: English
	// unless the summary was made by SummaryIn.
	lang i18n.Lang
}

// PlyReport is where and why a game is invalid.
type PlyReport struct {
	Ply    int    `json:"ply"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Token  string `json:"token"`
	Reason string `json:"reason"`
}

// Summary reports the game for a review, in English.
func (g *Game) Summary() Summary { return g.SummaryIn(i18n.English) }

// SummaryIn reports the game for a review in lang: how the rules ended it
// and what is wrong are said in lang, and so is the line Text writes.
func (g *Game) SummaryIn(lang i18n.Lang) Summary {
	s := Summary{File: g.File, Index: g.Index, Players: g.Names, Kind: g.Title(),
		Plies: len(g.Main.Moves), Valid: g.Valid(), Result: g.Result, Outcome: g.Outcome(), lang: lang}
	if s.Players == nil {
		s.Players = []string{}
	}
	if g.State != nil && g.State.Outcome().Over {
		s.Ending = i18n.Render(lang, describeOutcome(g.State))
	}
	if p := g.Problem.In(lang); p != nil {
		s.Error = &PlyReport{Ply: p.Ply, Line: p.Line, Column: p.Column, Token: p.Token, Reason: p.Reason}
	}
	return s
}

// Text is the summary as one line, in the summary's language: file and
// number, players, game, plies, recorded result, result by rule, and valid
// or where and why not.
func (s Summary) Text() string {
	lang := s.lang.Or(i18n.English)
	tr := func(id string, args map[string]any) string { return i18n.Tr(lang, "notation.summary."+id, args) }
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
		fmt.Fprintf(&b, " %s,", strings.Join(names, " "+tr("versus", nil)+" "))
	}
	if s.Kind != "" {
		fmt.Fprintf(&b, " %s,", s.Kind)
	}
	b.WriteString(" " + tr("plies", map[string]any{i18n.CountArg: s.Plies, "Result": s.Result, "Outcome": s.Outcome}))
	if s.Ending != "" {
		fmt.Fprintf(&b, " (%s)", s.Ending)
	}
	if s.Error == nil {
		b.WriteString(": " + tr("valid", nil))
		return b.String()
	}
	at := map[string]any{"Line": s.Error.Line, "Column": s.Error.Column, "Ply": s.Error.Ply, "Token": s.Error.Token}
	if s.Error.Ply > 0 {
		b.WriteString(": " + tr("invalid_ply", at))
	} else {
		b.WriteString(": " + tr("invalid", at))
	}
	fmt.Fprintf(&b, ": %s", s.Error.Reason)
	return b.String()
}
