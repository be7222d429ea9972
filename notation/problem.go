package notation

import (
	"fmt"

	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// Problem is a fault of a record at a place: a text that cannot be read, a
// tag that names no game, a ply the rules refuse or a result that
// contradicts them.
type Problem struct {
	File   string
	Line   int // from 1
	Column int // from 1, in characters
	// Msg says what is wrong, with the ply number when it is a ply's.
	Msg string
	// Quote is the line at fault.
	Quote string
	// Ply is the number of the ply at fault, 0 when the fault is not a ply's.
	Ply int
	// Token is the text at fault: the ply or the result as written.
	Token string
	// Reason is Msg without the ply number: the rules' own sentence.
	Reason string
	// Cause is the rules' refusal of the ply, when the problem is one:
	// In renders it in another language.
	Cause *rules.Error
}

// Error gives the place and the message, then the line quoted with a caret
// under the column.
func (p *Problem) Error() string {
	return p.Brief() + "\n" + grammar.Caret(p.Quote, p.Column)
}

// Brief is the place and the message on one line.
func (p *Problem) Brief() string {
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, p.Msg)
}

func fromGrammar(e *grammar.Error) *Problem {
	return &Problem{File: e.File, Line: e.Line, Column: e.Column, Msg: e.Msg, Quote: e.Quote, Reason: e.Msg}
}

func problemAt(src *grammar.Source, line, col int, format string, args ...any) *Problem {
	return fromGrammar(src.Errorf(line, col, format, args...))
}

// plyProblem is the rules' refusal of move m, played as ply n.
func plyProblem(src *grammar.Source, m *Move, n int, err error) *Problem {
	reason := english(err)
	re, _ := err.(*rules.Error)
	if re != nil {
		reason = i18n.Render(i18n.English, re.Reason())
	}
	p := problemAt(src, m.Line, m.Col, "%s", plyWords(i18n.English, n, m.Token, reason))
	p.Ply, p.Token, p.Reason, p.Cause = n, m.Token, reason, re
	return p
}

func plyWords(lang i18n.Lang, n int, token, reason string) string {
	return i18n.Tr(lang, "notation.ply", map[string]any{"Ply": n, "Token": token, "Reason": reason})
}

// In is the problem with the rules' refusal put into lang; problems of
// another kind stay as they are (their texts are English for now).
func (p *Problem) In(lang i18n.Lang) *Problem {
	if p == nil || p.Cause == nil || lang == i18n.English {
		return p
	}
	q := *p
	q.Reason = i18n.Render(lang, p.Cause.Reason())
	q.Msg = plyWords(lang, p.Ply, p.Token, q.Reason)
	return &q
}

// english renders an error of the rules (or any error) in English, the
// language of the notation's own messages.
func english(err error) string { return i18n.Error(i18n.English, err) }
