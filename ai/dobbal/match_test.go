package dobbal

import (
	"testing"

	"pbem/ai/internal/match"
	"pbem/rules"
	"pbem/rules/dobbal"
)

// TestStrength plays matches between levels and against the greedy player.
// It runs only when PBEM_MATCH names what to play, as it takes minutes:
//
//	PBEM_MATCH=dobbal:8:greedy:40 go test ./ai/dobbal -run TestStrength -v
//	PBEM_MATCH=dobbal:5:4:40 ...   (level 5 against level 4, 40 games)
//	PBEM_MATCH=faces6:5:4:40 ...   (with dice showing 1 to 6)
//
// PBEM_OPENING sets the random opening plies, 2 by default.
func TestStrength(t *testing.T) {
	match.FromEnv(t, Engine{}, 2, func(name string) (*rules.Kind, rules.Options) {
		if name == "faces6" {
			return dobbal.Kind, rules.Options{"faces": "6"}
		}
		return dobbal.Kind, rules.Options{}
	})
}
