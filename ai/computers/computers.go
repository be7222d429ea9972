// Package computers names the computer player for each game kind, as
// rules/games names the engines.
package computers

import (
	"pbem/ai"
	"pbem/ai/dobbal"
	"pbem/ai/greedy"
	penteai "pbem/ai/pente"
	"pbem/ai/pinuid"
	"pbem/rules"
	rulesdobbal "pbem/rules/dobbal"
	"pbem/rules/pente"
	rulespinuid "pbem/rules/pinuid"
)

// For returns the engine that plays games of kind k.
func For(k *rules.Kind) ai.Engine {
	if e, ok := engines()[k]; ok {
		return e
	}
	return greedy.Engine{}
}

// engines maps each kind to its engine; kinds without one get the greedy
// player.
func engines() map[*rules.Kind]ai.Engine {
	return map[*rules.Kind]ai.Engine{
		pente.Kind:          penteai.Engine{},
		rulespinuid.Classic: pinuid.Engine{},
		rulespinuid.Quatro:  pinuid.Engine{},
		rulesdobbal.Kind:    dobbal.Engine{},
	}
}
