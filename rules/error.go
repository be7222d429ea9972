package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Code names a message of the catalogs: a refusal ("pente.occupied"), a
// rule ("rule.tournament") or a phrase used inside another message. Codes
// are stable: the catalogs, the tests and the logs know them.
type Code string

// Args are a message's named arguments: squares, numbers, seat names, and
// nested messages (Msg) or lists (OrList, AndList) that the renderer puts
// into words in the same language.
type Args map[string]any

// Msg is a sentence not yet put into words: the edges render it in the
// reader's language (package i18n).
type Msg struct {
	Code Code
	Args Args
}

// M builds a Msg.
func M(code Code, args Args) Msg { return Msg{Code: code, Args: args} }

// MessageID and MessageArgs let the renderer read a Msg.
func (m Msg) MessageID() string           { return string(m.Code) }
func (m Msg) MessageArgs() map[string]any { return m.Args }

// String is the code form logs show: the code and its sorted arguments.
func (m Msg) String() string {
	keys := make([]string, 0, len(m.Args))
	for k := range m.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(string(m.Code))
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%v", k, m.Args[k])
	}
	return b.String()
}

// Error returns the code form, so a Msg can be an error.
func (m Msg) Error() string { return m.String() }

// OrList is a list rendered with the language's "or": "a, b or c".
type OrList []string

// AndList is a list rendered with the language's "and"; its items may be
// strings or messages.
type AndList []any

// ListItems and Conjunction let the renderer read the lists.
func (l OrList) ListItems() []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}
func (OrList) Conjunction() string  { return "or" }
func (l AndList) ListItems() []any  { return l }
func (AndList) Conjunction() string { return "and" }

// Error is a ply the rules refuse, or a token they cannot read: a code with
// its arguments, put into words at the edge in the reader's language.
// Error() gives the code form, for logs.
type Error struct {
	// Ply is the number the ply would have had (Plies()+1).
	Ply int
	// Token is the ply as given.
	Token string
	// Rule is the code of the rule broken ("rule.tournament",
	// "rule.notation").
	Rule Code
	// Code and Args are the refusal.
	Code Code
	Args Args
	// Suggest lists likely meant tokens when the token looks like a typo.
	Suggest []string
}

// Fail builds an *Error for ply n of token tok.
func Fail(n int, tok string, rule, code Code, args Args) *Error {
	return &Error{Ply: n, Token: tok, Rule: rule, Code: code, Args: args}
}

// Reason is the refusal as a message, with the "did you mean" hint when
// there are suggestions.
func (e *Error) Reason() Msg {
	m := M(e.Code, e.Args)
	if len(e.Suggest) > 0 {
		return M("rules.with_hint", Args{"Reason": m, "Hint": DidYouMean(e.Suggest)})
	}
	return m
}

// MessageID and MessageArgs render the whole error: "ply 3: " and the
// Reason, as Error() does.
func (e *Error) MessageID() string { return "rules.ply" }
func (e *Error) MessageArgs() map[string]any {
	return map[string]any{"Ply": e.Ply, "Reason": e.Reason()}
}

func (e *Error) Error() string {
	return fmt.Sprintf("ply %d: %s", e.Ply, e.Reason())
}

// DidYouMean is the hint "did you mean H10 or J10?"; it is the zero Msg
// when there is nothing to suggest.
func DidYouMean(s []string) Msg {
	if len(s) == 0 {
		return Msg{}
	}
	return M("rules.did_you_mean", Args{"Choices": OrList(s)})
}
