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
	bad := func(code rules.Code, args rules.Args) (rules.Ply, error) {
		if args == nil {
			args = rules.Args{}
		}
		args["Token"], args["Example"] = tok, example
		return nil, rules.Fail(n, tok, "rule.notation", code, args)
	}
	s := strings.ToLower(strings.TrimSpace(tok))
	if s == "" {
		return bad("dobbal.empty_ply", nil)
	}
	parts := strings.Split(s, ":")
	if len(parts) == 1 {
		return bad("dobbal.no_roll", nil)
	}
	t := Turn{Action: Move, Square: None}
	if len(parts[0]) != 3 || strings.Trim(parts[0], "0123456789") != "" {
		return bad("dobbal.not_a_roll", rules.Args{"Roll": parts[0]})
	}
	for i := range t.Faces {
		t.Faces[i] = int8(parts[0][i] - '0')
	}
	if c := parts[1]; len(parts) == 2 && c != "" && (c[0] == 'x' || c[0] == '+') {
		sq, ok := ParseSquare(c[1:])
		if !ok {
			return bad("dobbal.not_a_square", rules.Args{"Square": c[1:]})
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
				return bad("dobbal.mixed_choice", nil)
			}
		}
		return bad("dobbal.step_count", rules.Args{"Count": len(parts) - 1})
	}
	for i, c := range parts[1:] {
		if c == "-" {
			t.Steps[i] = skip
			continue
		}
		from, to, ok := strings.Cut(c, "-")
		if !ok {
			return bad("dobbal.not_a_step", rules.Args{"Step": c})
		}
		for _, half := range [2]string{from, to} {
			if _, ok := ParseSquare(half); !ok {
				return bad("dobbal.step_square", rules.Args{"Square": half, "Step": c})
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
	bad := func(rule, code rules.Code, args rules.Args) *rules.Error {
		return rules.Fail(n, t.String(), rule, code, args)
	}
	for _, f := range t.Faces {
		if f < 1 || f > g.faces {
			return bad("rule.notation", "dobbal.face_range", rules.Args{"Roll": faceText(t.Faces), "Face": int(f), "Faces": int(g.faces)})
		}
	}
	switch t.Action {
	case Remove, Reenter:
		if !t.Square.onBoard() {
			return bad("rule.notation", "dobbal.choice_square", nil)
		}
		if t.Faces[0] != t.Faces[1] {
			e := bad("rule.doubles", "dobbal.not_doubles", rules.Args{"Turn": t.String(), "A": int(t.Faces[0]), "B": int(t.Faces[1])})
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
		return bad("rule.notation", "dobbal.no_action", nil)
	}
	for i, s := range t.Steps {
		if s.Skipped() && s.To == None {
			continue
		}
		if !s.From.onBoard() || !s.To.onBoard() {
			return bad("rule.notation", "dobbal.step_off_board", rules.Args{"Step": stepNames[i]})
		}
		_, dist, ok := line(s.From, s.To)
		if !ok {
			if s.From == s.To {
				return bad("rule.notation", "dobbal.no_move", rules.Args{"Step": s.String()})
			}
			return bad("rule.straight_line", "dobbal.not_straight", rules.Args{"Step": s.String()})
		}
		if dist != int(t.Faces[i]) {
			e := bad("rule.exact_distance", "dobbal.distance", rules.Args{"Step": s.String(), "Count": dist, "Face": int(t.Faces[i]), "Die": dieNames[i]})
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
}

func faceText(f [3]int8) string { return fmt.Sprintf("%d%d%d", f[0], f[1], f[2]) }
