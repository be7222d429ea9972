package notation

import (
	"errors"
	"fmt"

	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// Problem is a fault of a record at a place: a text that cannot be read, a
// tag that names no game, a ply the rules refuse or a result that
// contradicts them. Its texts are English; In puts them into another
// language, and as an i18n.Message the whole problem (place, message and
// the line quoted) renders in the reader's language.
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
	// Cause is the rules' refusal of the ply, when the problem is one.
	Cause *rules.Error
	// Why is Reason as a message of the catalogs; its zero value when the
	// text has none (an error of the program's, not of the record).
	Why rules.Msg

	// framed is set when Msg is Reason framed by the ply: "ply 3 (H9): ...".
	framed bool
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

// MessageID and MessageArgs render the problem as Error writes it, its
// message in the reader's language: i18n.Error(lang, err) gives it so
// wherever it is wrapped.
func (p *Problem) MessageID() string { return "notation.at" }
func (p *Problem) MessageArgs() map[string]any {
	return map[string]any{"File": p.File, "Line": p.Line, "Column": p.Column,
		"Message": p.message(), "Caret": grammar.Caret(p.Quote, p.Column)}
}

// message is Msg as a message, or as the text it is when it has none.
func (p *Problem) message() any {
	switch {
	case p.Why.Code == "":
		return p.Msg
	case p.framed:
		return plyMsg(p.Ply, p.Token, p.Why)
	}
	return p.Why
}

func fromGrammar(e *grammar.Error) *Problem {
	return &Problem{File: e.File, Line: e.Line, Column: e.Column, Msg: e.Msg, Quote: e.Quote, Reason: e.Msg, Why: e.Why}
}

// problemAt is the problem why at line and column of src.
func problemAt(src *grammar.Source, line, col int, why rules.Msg) *Problem {
	reason := i18n.Render(i18n.English, why)
	return &Problem{File: src.Name, Line: line, Column: col, Msg: reason, Quote: src.Line(line), Reason: reason, Why: why}
}

// plyProblem is the rules' refusal of move m, played as ply n.
func plyProblem(src *grammar.Source, m *Move, n int, err error) *Problem {
	re, _ := err.(*rules.Error)
	why := cause(err)
	if re != nil {
		why = re.Reason()
	}
	p := problemAt(src, m.Line, m.Col, why)
	p.Msg = i18n.Render(i18n.English, plyMsg(n, m.Token, why))
	p.Ply, p.Token, p.Cause, p.framed = n, m.Token, re, true
	return p
}

func plyMsg(n int, token string, reason rules.Msg) rules.Msg {
	return rules.M("notation.ply", rules.Args{"Ply": n, "Token": token, "Reason": reason})
}

// In is the problem put into lang.
func (p *Problem) In(lang i18n.Lang) *Problem {
	if p == nil || p.Why.Code == "" || lang.Or(i18n.English) == i18n.English {
		return p // its texts are English already
	}
	q := *p
	q.Reason = i18n.Render(lang, p.Why)
	q.Msg = q.Reason
	if p.framed {
		q.Msg = i18n.Render(lang, plyMsg(p.Ply, p.Token, p.Why))
	}
	return &q
}

// cause is an error of the rules (or any error) as a message: a message of
// the catalogs as it is; any other error as its English text, which only a
// developer's error is.
func cause(err error) rules.Msg {
	var m i18n.Message
	if errors.As(err, &m) {
		if e, ok := m.(error); !ok || e.Error() == err.Error() {
			return rules.M(rules.Code(m.MessageID()), m.MessageArgs())
		}
	}
	return rules.M("notation.text", rules.Args{"Text": i18n.Error(i18n.English, err)})
}
