package pinuid

import (
	"testing"

	"pbem/ai/internal/match"
	"pbem/rules"
	"pbem/rules/pinuid"
)

// TestStrength plays matches between levels and against the greedy player.
// It runs only when PBEM_MATCH names what to play, as it takes minutes:
//
//	PBEM_MATCH=classic:8:greedy:40 go test ./ai/pinuid -run TestStrength -v
//	PBEM_MATCH=classic:5:4:40 ...   (level 5 against level 4, 40 games)
//	PBEM_MATCH=quatro:5:4:40 ...    (two seats each, alternating)
//	PBEM_MATCH=quatro3:5:4:40 ...   (three seats)
//
// PBEM_OPENING sets the random opening plies, 6 by default.
func TestStrength(t *testing.T) {
	match.FromEnv(t, Engine{}, 6, func(name string) (*rules.Kind, rules.Options) {
		switch name {
		case "quatro":
			return pinuid.Quatro, rules.Options{}
		case "quatro3":
			return pinuid.Quatro, rules.Options{"seats": "3"}
		}
		return pinuid.Classic, rules.Options{}
	})
}
