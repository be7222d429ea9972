package dobbal

import (
	"math/bits"

	"pbem/rules"
)

// Dice implements rules.Roller: three dice, two to move pins and one for
// the game pin.
func (g *Game) Dice() (count, faces int) { return 3, int(g.faces) }

// SetRoll implements rules.Roller. The faces are [movement die, movement
// die, game die], as RollFor gives them; a turn may use the movement dice in
// either order. Play clears the roll.
func (g *Game) SetRoll(faces []int) error {
	if g.outcome.Over {
		return rules.M("dobbal.roll_over", rules.Args{"End": g.end()})
	}
	if len(faces) != 3 {
		return rules.M("dobbal.roll_count", rules.Args{"Count": len(faces)})
	}
	var r [3]int8
	for i, f := range faces {
		if f < 1 || f > int(g.faces) {
			return rules.M("dobbal.roll_face", rules.Args{"Die": i + 1, "Face": f, "Faces": int(g.faces)})
		}
		r[i] = int8(f)
	}
	g.roll = r
	return nil
}

// Roll implements rules.Roller: [movement die, movement die, game die].
func (g *Game) Roll() ([]int, bool) {
	if !g.rollSet() {
		return nil, false
	}
	return []int{int(g.roll[0]), int(g.roll[1]), int(g.roll[2])}, true
}

func (g *Game) rollSet() bool { return g.roll[0] != 0 }

// RollFor implements rules.Roller with this game's dice.
func (g *Game) RollFor(seed uint64, ply int) []int { return RollFor(seed, ply, int(g.faces)) }

// RollFor is the roll of ply number ply (counted from 1, as Plies()+1) of
// the game with this seed: [movement die, movement die, game die], each from
// 1 to faces, or nil when faces < 1. The same arguments always give the same
// roll, on every machine and Go release (the generator is SplitMix64, written
// out here), so the service can store one seed per game and reproduce any
// ply's roll.
func RollFor(seed uint64, ply int, faces int) []int {
	if faces < 1 {
		return nil
	}
	state := mix64(seed ^ mix64(uint64(ply)))
	out := make([]int, 3)
	for i := range out {
		state += golden
		// The high word of a 64x64-bit product maps the value onto 0..faces-1
		// with a bias below 2^-60.
		hi, _ := bits.Mul64(mix64(state), uint64(faces))
		out[i] = int(hi) + 1
	}
	return out
}

// golden is SplitMix64's increment.
const golden = 0x9e3779b97f4a7c15

// mix64 is SplitMix64's output function.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
