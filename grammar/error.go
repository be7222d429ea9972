package grammar

import (
	"fmt"
	"strings"

	"pbem/i18n"
	"pbem/rules"
)

// Error is a fault at a place in a text, said in the words of the person
// who wrote the text.
type Error struct {
	File   string
	Line   int // from 1
	Column int // from 1, in characters
	// Msg is Why in English.
	Msg string
	// Why says what is wrong as a message of the catalogs, for a reader
	// of another language.
	Why rules.Msg
	// Quote is the line the fault is on, without its line end.
	Quote string
}

// fault builds an Error at line and column of src, quoting the line.
func (s *Source) fault(line, column int, why rules.Msg) *Error {
	return &Error{File: s.Name, Line: line, Column: column,
		Msg: i18n.Render(i18n.English, why), Why: why, Quote: s.Line(line)}
}

// syntaxMsg is the fault of a record's syntax code says, with its
// particulars.
func syntaxMsg(code string, args rules.Args) rules.Msg {
	return rules.M(rules.Code("notation.syntax."+code), args)
}

// Error gives the place, the message, the quoted line and a caret under the
// column.
func (e *Error) Error() string {
	return e.Brief() + "\n" + Caret(e.Quote, e.Column)
}

// Brief is the place and the message on one line.
func (e *Error) Brief() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// Caret quotes line, indented by four spaces, with a caret under column on
// the next line. Tabs before the column are kept so the caret lines up.
func Caret(line string, column int) string {
	var pad strings.Builder
	i := 1
	for _, r := range line {
		if i >= column {
			break
		}
		if r == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
		i++
	}
	for ; i < column; i++ {
		pad.WriteByte(' ')
	}
	return "    " + line + "\n    " + pad.String() + "^"
}
