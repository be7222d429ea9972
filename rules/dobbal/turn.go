package dobbal

import (
	"strings"

	"pbem/rules"
)

// Action is what a turn does: three steps, or one of the two doubles
// choices.
type Action int8

// The actions of a turn.
const (
	// Move plays the three steps: a movement pin, the game pin, a
	// movement pin.
	Move Action = iota
	// Remove takes an opponent's movement pin off the board (doubles).
	Remove
	// Reenter puts one of the mover's removed pins back on its base line
	// (doubles).
	Reenter
)

// Step is one pin's move, or a skipped step when From is None.
type Step struct {
	From, To Square
}

// skip is the step that could not be played.
var skip = Step{None, None}

// noSteps are the steps of a doubles choice, which plays none.
var noSteps = [3]Step{skip, skip, skip}

// Skipped reports whether the step was not played.
func (s Step) Skipped() bool { return s.From == None }

func (s Step) String() string {
	if s.Skipped() {
		return "-"
	}
	return s.From.String() + "-" + s.To.String()
}

// Turn is one player's whole turn: the Ply of Pinuid Dobbal.
type Turn struct {
	// Faces are the dice as the token writes them. For Move: the first
	// movement die, the game die, the second movement die, in the order
	// used. For Remove and Reenter: the two (equal) movement dice, then the
	// game die.
	Faces [3]int8
	// Action says which kind of turn this is.
	Action Action
	// Steps are the three steps of a Move turn, a skipped one with From
	// None; all skipped for a doubles choice.
	Steps [3]Step
	// Square is the pin removed or the square re-entered; None for steps.
	Square Square
}

// String is the record token: "213:c2-c4:d2-d3:e2-e5", "113:xd7", "113:+c1".
func (t Turn) String() string {
	var b strings.Builder
	for _, f := range t.Faces {
		b.WriteByte(byte('0' + f))
	}
	switch t.Action {
	case Remove:
		b.WriteString(":x" + t.Square.String())
	case Reenter:
		b.WriteString(":+" + t.Square.String())
	default:
		for _, s := range t.Steps {
			b.WriteString(":" + s.String())
		}
	}
	return b.String()
}

// moveDice are the faces of the movement dice in the order used.
func (t *Turn) moveDice() (first, second int8) {
	if t.Action == Move {
		return t.Faces[0], t.Faces[2]
	}
	return t.Faces[0], t.Faces[1]
}

// gameDie is the face of the game die.
func (t *Turn) gameDie() int8 {
	if t.Action == Move {
		return t.Faces[1]
	}
	return t.Faces[2]
}

// played counts the steps a Move turn played.
func (t *Turn) played() int {
	n := 0
	for _, s := range t.Steps {
		if !s.Skipped() {
			n++
		}
	}
	return n
}

// stepNames name the three steps for messages.
var stepNames = [3]rules.Msg{{Code: "dobbal.step_first"}, {Code: "dobbal.step_game"}, {Code: "dobbal.step_second"}}

// dieNames name the die of each step for messages.
var dieNames = [3]rules.Msg{{Code: "dobbal.die_first"}, {Code: "dobbal.die_game"}, {Code: "dobbal.die_second"}}
