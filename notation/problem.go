package notation

import (
	"fmt"

	"pbem/grammar"
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
	reason := err.Error()
	if re, ok := err.(*rules.Error); ok {
		reason = re.Msg
	}
	p := problemAt(src, m.Line, m.Col, "ply %d (%s): %s", n, m.Token, reason)
	p.Ply, p.Token, p.Reason = n, m.Token, reason
	return p
}
