// Package games names every game pbem plays: the names players use in
// commands ("keryo-pente", "quatro") and the names records use in their Game
// and Variant tags ("Pinuid Quatro", "Keryo-Pente"), each tied to an engine's
// Kind and the options that make the variant.
package games

import (
	"strings"

	"pbem/rules"
	"pbem/rules/dobbal"
	"pbem/rules/pente"
	"pbem/rules/pinuid"
)

// Entry is one game as players name it.
type Entry struct {
	// Name is the command name: "pente", "keryo-pente", "quatro".
	Name string
	// Title is how records and mails name the game: "Keryo-Pente".
	Title string
	// Kind is the engine.
	Kind *rules.Kind
	// Preset are the options that make this game of its Kind
	// ("variant=keryo"); a player's own options may not contradict them.
	Preset rules.Options
	// Aliases are further names accepted on input, lower case.
	Aliases []string
}

// All lists the games in the order help texts show them.
func All() []Entry {
	return []Entry{
		penteEntry("pente", pente.Pente),
		penteEntry("keryo-pente", pente.Keryo, "keryo"),
		penteEntry("gomoku", pente.Gomoku),
		penteEntry("g-pente", pente.GPente),
		penteEntry("boat-pente", pente.Boat, "boat"),
		penteEntry("poof-pente", pente.Poof, "poof"),
		{Name: "pinuid", Title: "Pinuid Classic", Kind: pinuid.Classic, Aliases: []string{"pinuid-classic", "classic"}},
		{Name: "quatro", Title: "Pinuid Quatro", Kind: pinuid.Quatro, Aliases: []string{"pinuid-quatro"}},
		{Name: "dobbal", Title: "Pinuid Dobbal", Kind: dobbal.Kind, Aliases: []string{"pinuid-dobbal"}},
	}
}

func penteEntry(name string, v pente.Variant, aliases ...string) Entry {
	return Entry{Name: name, Title: v.String(), Kind: pente.Kind,
		Preset: rules.Options{"variant": v.Option()}, Aliases: aliases}
}

// Lookup finds a game by command name, title or alias, ignoring case, spaces
// and dashes ("Keryo-Pente", "keryo pente", "Pinuid Classic").
func Lookup(name string) (Entry, error) {
	key := squash(name)
	all := All()
	var names []string
	for _, e := range all {
		if squash(e.Name) == key || squash(e.Title) == key {
			return e, nil
		}
		for _, a := range e.Aliases {
			if squash(a) == key {
				return e, nil
			}
		}
		names = append(names, e.Name)
	}
	if near := rules.Nearest(name, names, 3); len(near) > 0 {
		return Entry{}, rules.M("rules.no_game_hint", rules.Args{"Name": name, "Hint": rules.DidYouMean(near)})
	}
	return Entry{}, rules.M("rules.no_game_list", rules.Args{"Name": name, "Names": strings.Join(names, ", ")})
}

// ForKind finds the entry for a kind and complete options: the inverse of
// Lookup, used to title a game.
func ForKind(k *rules.Kind, o rules.Options) (Entry, bool) {
	for _, e := range All() {
		if e.Kind != k {
			continue
		}
		match := true
		for name, v := range e.Preset {
			if o[name] != v {
				match = false
			}
		}
		if match {
			return e, true
		}
	}
	return Entry{}, false
}

// New sets up a game of this entry with the player's options on top of the
// preset. An option that contradicts the preset is an error.
func (e Entry) New(o rules.Options) (rules.Game, error) {
	all := rules.Options{}
	for name, v := range o {
		all[name] = v
	}
	for name, v := range e.Preset {
		if got, ok := all[name]; ok && got != v {
			return nil, rules.M("rules.option_conflict", rules.Args{"Name": name, "Got": got, "Game": e.Title, "Want": v})
		}
		all[name] = v
	}
	return e.Kind.NewGame(all)
}

func squash(s string) string {
	s = strings.ToLower(s)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return r
	}, s)
}
