package dobbal

import (
	"fmt"
	"strings"

	"pbem/rules"
)

// example is a well-formed turn for messages.
const example = "213:c2-c4:d2-d3:e2-e5"

// Parse implements rules.Game: it reads "213:c2-c4:d2-d3:e2-e5",
// "311:c2-f5:-:e2-e3", "113:xd7" or "113:+c1" (any case) and checks what the
// token says by itself: dice in range, straight steps as long as their dice,
// equal movement dice for a doubles choice. Whether the turn is legal here is
// Play's business. The ply is a *Turn.
func (g *Game) Parse(tok string) (rules.Ply, error) {
	n := len(g.history) + 1
	bad := func(format string, args ...any) (rules.Ply, error) {
		return nil, rules.Errorf(n, tok, "notation", format, args...)
	}
	s := strings.ToLower(strings.TrimSpace(tok))
	if s == "" {
		return bad("the ply is empty; a turn is the roll and three steps, such as %s, or a doubles choice such as 113:xd7", example)
	}
	parts := strings.Split(s, ":")
	if len(parts) == 1 {
		return bad("%s has no roll: write the three dice, then each step after a colon, such as %s", tok, example)
	}
	t := Turn{Action: Move, Square: None}
	if len(parts[0]) != 3 || strings.Trim(parts[0], "0123456789") != "" {
		return bad("%q is not a roll: write the three dice as three digits before the first colon, such as 213 (first movement die, game die, second movement die)", parts[0])
	}
	for i := range t.Faces {
		t.Faces[i] = int8(parts[0][i] - '0')
	}
	if c := parts[1]; len(parts) == 2 && c != "" && (c[0] == 'x' || c[0] == '+') {
		sq, ok := ParseSquare(c[1:])
		if !ok {
			return bad("%q is not a square: files run from a to g and ranks from 1 to 7", c[1:])
		}
		t.Action, t.Square, t.Steps = Remove, sq, noSteps
		if c[0] == '+' {
			t.Action = Reenter
		}
		return g.formChecked(n, tok, t)
	}
	if len(parts) != 4 {
		for _, c := range parts[1:] {
			if c != "" && (c[0] == 'x' || c[0] == '+') {
				return bad("%s mixes a doubles choice with steps: removing or re-entering a pin is the whole turn, written alone after the roll, such as 113:xd7", tok)
			}
		}
		return bad("%s has %d steps, but a turn has three, each after a colon (write - for a step that cannot be played), such as %s", tok, len(parts)-1, example)
	}
	for i, c := range parts[1:] {
		if c == "-" {
			t.Steps[i] = skip
			continue
		}
		from, to, ok := strings.Cut(c, "-")
		if !ok {
			return bad("%q is not a step: write the two squares joined by a dash, such as c2-c4, or - for a step that cannot be played", c)
		}
		for _, half := range [2]string{from, to} {
			if _, ok := ParseSquare(half); !ok {
				return bad("%q in the step %s is not a square: files run from a to g and ranks from 1 to 7", half, c)
			}
		}
		t.Steps[i].From, _ = ParseSquare(from)
		t.Steps[i].To, _ = ParseSquare(to)
	}
	return g.formChecked(n, tok, t)
}

// formChecked returns the turn when its form is sound, else the error
// about tok, the token as given.
func (g *Game) formChecked(n int, tok string, t Turn) (rules.Ply, error) {
	if err := g.checkForm(n, &t); err != nil {
		err.Token = tok
		return nil, err
	}
	return &t, nil
}

// checkForm checks what a turn says by itself, whoever built it: dice in
// range, squares on the board, straight steps exactly as long as their dice,
// and doubles for a doubles choice.
func (g *Game) checkForm(n int, t *Turn) *rules.Error {
	bad := func(rule, format string, args ...any) *rules.Error {
		return rules.Errorf(n, t.String(), rule, format, args...)
	}
	for _, f := range t.Faces {
		if f < 1 || f > g.faces {
			return bad("notation", "the roll %s has a %d, but the dice show 1 to %d (faces=%d)", faceText(t.Faces), f, g.faces, g.faces)
		}
	}
	switch t.Action {
	case Remove, Reenter:
		if !t.Square.onBoard() {
			return bad("notation", "the square of a doubles choice is missing or off the board")
		}
		if t.Faces[0] != t.Faces[1] {
			e := bad("doubles rule", "%s is a doubles choice, but the movement dice show %d and %d; write the two equal movement dice first, then the game die, such as 113:xd7", t, t.Faces[0], t.Faces[1])
			if t.Faces[0] == t.Faces[2] {
				fixed := *t
				fixed.Faces = [3]int8{t.Faces[0], t.Faces[2], t.Faces[1]}
				suggest(e, fixed.String())
			}
			return e
		}
		return nil
	case Move:
	default:
		return bad("notation", "the turn is neither steps nor a doubles choice")
	}
	for i, s := range t.Steps {
		if s.Skipped() && s.To == None {
			continue
		}
		if !s.From.onBoard() || !s.To.onBoard() {
			return bad("notation", "the %s has a square off the board", stepNames[i])
		}
		_, dist, ok := line(s.From, s.To)
		if !ok {
			if s.From == s.To {
				return bad("notation", "%s does not move: a step goes from one square to another", s)
			}
			return bad("straight line", "%s is not a straight line: pins move along a rank, a file or a diagonal", s)
		}
		if dist != int(t.Faces[i]) {
			e := bad("exact distance", "%s moves %s but the die used shows %d (%s)", s, squares(dist), t.Faces[i], dieNames[i])
			if swapped := t.swapMoveDice(); swapped.fits() {
				suggest(e, swapped.String())
			}
			return e
		}
	}
	return nil
}

// swapMoveDice is the turn with its two movement dice written the other way
// round: the likely meaning when the steps fit the dice that way.
func (t *Turn) swapMoveDice() Turn {
	s := *t
	s.Faces[0], s.Faces[2] = t.Faces[2], t.Faces[0]
	return s
}

// fits reports whether every played step is as long as its die.
func (t *Turn) fits() bool {
	for i, s := range t.Steps {
		if s.Skipped() {
			continue
		}
		if _, dist, ok := line(s.From, s.To); !ok || dist != int(t.Faces[i]) {
			return false
		}
	}
	return true
}

// suggest adds a likely meant token to e.
func suggest(e *rules.Error, tok string) {
	e.Suggest = append(e.Suggest, tok)
	e.Msg += "; " + rules.DidYouMean(e.Suggest)
}

func faceText(f [3]int8) string { return fmt.Sprintf("%d%d%d", f[0], f[1], f[2]) }

func squares(n int) string {
	if n == 1 {
		return "1 square"
	}
	return fmt.Sprintf("%d squares", n)
}
