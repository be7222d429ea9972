package play

import "math/bits"

// rollFor is the roll of ply number ply of a game with this seed: count
// dice from 1 to faces. The same arguments always give the same roll, so a
// turn's roll survives restarts without being stored. SplitMix64 is written
// out here because its output is fixed by its definition, unlike a library
// generator's across releases.
func rollFor(seed uint64, ply, count, faces int) []int {
	state := mix64(seed ^ mix64(uint64(ply)))
	out := make([]int, count)
	for i := range out {
		state += 0x9e3779b97f4a7c15
		hi, _ := bits.Mul64(mix64(state), uint64(faces))
		out[i] = int(hi) + 1
	}
	return out
}

func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
