package rules

import (
	"fmt"
	"strings"
)

// Error is a ply the rules refuse, or a token they cannot read. Msg is one
// sentence a player understands, naming the rule and the point; Error()
// prefixes the ply number.
type Error struct {
	// Ply is the number the ply would have had (Plies()+1).
	Ply int
	// Token is the ply as given.
	Token string
	// Rule names the rule broken in a few words ("tournament rule",
	// "occupied point", "notation").
	Rule string
	// Msg is the sentence for the player.
	Msg string
	// Suggest lists likely meant tokens when the token looks like a typo.
	Suggest []string
}

func (e *Error) Error() string {
	return fmt.Sprintf("ply %d: %s", e.Ply, e.Msg)
}

// Errorf builds an *Error for ply n of token tok.
func Errorf(n int, tok, rule, format string, args ...any) *Error {
	return &Error{Ply: n, Token: tok, Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// DidYouMean phrases a list of suggestions: "did you mean H10 or J10?".
func DidYouMean(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return "did you mean " + s[0] + "?"
	}
	return "did you mean " + strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1] + "?"
}
