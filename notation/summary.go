package notation

import (
	"encoding/json"
	"fmt"
	"strconv"
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

	// words are the language of Ending, Error.Reason and Text: English
	// unless the summary was made by SummaryIn or Words.Summary.
	words *Words
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
// and what is wrong are said in lang, and so is the line Text writes. A
// review of many games puts them into words faster with one Words for all:
// Words.Summary.
func (g *Game) SummaryIn(lang i18n.Lang) Summary { return NewWords(lang).Summary(g) }

// Summary reports g for a review in the words' language.
func (w *Words) Summary(g *Game) Summary {
	s := Summary{File: g.File, Index: g.Index, Players: g.Names, Kind: g.Title(),
		Plies: len(g.Main.Moves), Valid: g.Valid(), Result: g.Result, Outcome: g.Outcome(), words: w}
	if s.Players == nil {
		s.Players = []string{}
	}
	s.Ending = w.Ending(g)
	if p := g.Problem.In(w.lang); p != nil {
		s.Error = &PlyReport{Ply: p.Ply, Line: p.Line, Column: p.Column, Token: p.Token, Reason: p.Reason}
	}
	return s
}

// Ending says how the rules ended g at the end of its main line, in the
// words' language ("White won by five in a row, K10 to K14"); "" while
// they decide nothing.
func (w *Words) Ending(g *Game) string {
	if g.State == nil {
		return ""
	}
	o := g.State.Outcome()
	if !o.Over {
		return ""
	}
	return w.ending(g.State, o)
}

// Text is the summary as one line, in the summary's language: file and
// number, players, game, plies, recorded result, result by rule, and valid
// or where and why not.
func (s Summary) Text() string {
	w := s.words
	if w == nil {
		w = NewWords(i18n.English)
	}
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
		fmt.Fprintf(&b, " %s,", strings.Join(names, " "+w.tr("versus", "notation.summary.versus", nil)+" "))
	}
	if s.Kind != "" {
		fmt.Fprintf(&b, " %s,", s.Kind)
	}
	b.WriteString(" " + w.plies(s.Plies, s.Result, s.Outcome))
	if s.Ending != "" {
		fmt.Fprintf(&b, " (%s)", s.Ending)
	}
	if s.Error == nil {
		b.WriteString(": " + w.tr("valid", "notation.summary.valid", nil))
		return b.String()
	}
	at := map[string]any{"Line": s.Error.Line, "Column": s.Error.Column, "Ply": s.Error.Ply, "Token": s.Error.Token}
	id := "notation.summary.invalid"
	if s.Error.Ply > 0 {
		id = "notation.summary.invalid_ply"
	}
	fmt.Fprintf(&b, ": %s: %s", i18n.Tr(w.lang, id, at), s.Error.Reason)
	return b.String()
}

// AppendJSON appends the summary's JSON form, byte for byte what
// json.Marshal makes of it, without its reflection: a review writes one
// summary a game.
func (s Summary) AppendJSON(b []byte) []byte {
	b = append(b, `{"file":`...)
	b = appendJSONString(b, s.File)
	b = append(b, `,"index":`...)
	b = strconv.AppendInt(b, int64(s.Index), 10)
	b = append(b, `,"players":`...)
	if s.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range s.Players {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, p)
		}
		b = append(b, ']')
	}
	b = append(b, `,"kind":`...)
	b = appendJSONString(b, s.Kind)
	b = append(b, `,"plies":`...)
	b = strconv.AppendInt(b, int64(s.Plies), 10)
	b = append(b, `,"valid":`...)
	b = strconv.AppendBool(b, s.Valid)
	b = append(b, `,"result":`...)
	b = appendJSONString(b, s.Result)
	b = append(b, `,"outcome":`...)
	b = appendJSONString(b, s.Outcome)
	if s.Ending != "" {
		b = append(b, `,"ending":`...)
		b = appendJSONString(b, s.Ending)
	}
	if e := s.Error; e != nil {
		b = append(b, `,"error":{"ply":`...)
		b = strconv.AppendInt(b, int64(e.Ply), 10)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(e.Column), 10)
		b = append(b, `,"token":`...)
		b = appendJSONString(b, e.Token)
		b = append(b, `,"reason":`...)
		b = appendJSONString(b, e.Reason)
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendJSONString appends v as a JSON string. Printable ASCII with
// nothing to escape is copied; anything else is left to encoding/json, so
// that the escaping is always its own (HTML characters, control
// characters, invalid UTF-8, U+2028).
func appendJSONString(b []byte, v string) []byte {
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			q, _ := json.Marshal(v)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, v...)
	return append(b, '"')
}
