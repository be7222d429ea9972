package rules

import (
	"sort"
	"strconv"
	"strings"
)

// Options are a game's named options, such as tournament=off or seats=3.
// Names and values are lower case.
type Options map[string]string

// ParseOptions reads "name=value" words.
func ParseOptions(words []string) (Options, error) {
	o := Options{}
	for _, w := range words {
		name, value, ok := strings.Cut(w, "=")
		name, value = strings.ToLower(strings.TrimSpace(name)), strings.ToLower(strings.TrimSpace(value))
		if !ok || name == "" || value == "" {
			return nil, M("rules.option_form", Args{"Word": w})
		}
		o[name] = value
	}
	return o, nil
}

// String writes the options as sorted "name=value" words separated by spaces.
func (o Options) String() string {
	names := make([]string, 0, len(o))
	for n := range o {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, n := range names {
		names[i] = n + "=" + o[n]
	}
	return strings.Join(names, " ")
}

// Int reads an option as a whole number; Kind.Complete has checked it.
func (o Options) Int(name string) int {
	n, _ := strconv.Atoi(o[name])
	return n
}

// Option describes one option a Kind accepts.
type Option struct {
	Name    string
	Default string
	// Values lists the accepted values; when empty, Min and Max bound a
	// whole number.
	Values   []string
	Min, Max int
	// Doc is the message id of what the option does, in a few words
	// ("option.pente.tournament"); it takes no arguments.
	Doc string
}

func (op Option) check(v string) error {
	if len(op.Values) > 0 {
		for _, ok := range op.Values {
			if v == ok {
				return nil
			}
		}
		return M("rules.option_value", Args{"Name": op.Name, "Value": v, "Values": OrList(op.Values)})
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < op.Min || n > op.Max {
		return M("rules.option_range", Args{"Name": op.Name, "Value": v, "Min": op.Min, "Max": op.Max})
	}
	return nil
}

// Kind describes a game: its name as records write it, its options, and how
// to set up a new game.
type Kind struct {
	// Name as in a record's Game tag: "Pente", "Pinuid Classic".
	Name string
	// Options are the options the game accepts, with their defaults.
	Options []Option
	// New sets up a game from complete, checked options. Use NewGame.
	New func(Options) (Game, error)
}

// NewGame checks the options, fills in the defaults and sets up a game.
func (k *Kind) NewGame(o Options) (Game, error) {
	full, err := k.Complete(o)
	if err != nil {
		return nil, err
	}
	return k.New(full)
}

// Complete checks every option against the kind and adds the defaults of
// those not given. Unknown names are errors, with the nearest known name.
func (k *Kind) Complete(o Options) (Options, error) {
	full := Options{}
	for _, op := range k.Options {
		full[op.Name] = op.Default
	}
	for name, v := range o {
		op, ok := k.option(name)
		if !ok {
			names := make([]string, len(k.Options))
			for i, op := range k.Options {
				names[i] = op.Name
			}
			args := Args{"Game": k.Name, "Name": name}
			if near := Nearest(name, names, 2); len(near) > 0 {
				args["Hint"] = DidYouMean(near)
				return nil, M("rules.no_option_hint", args)
			} else if len(names) > 0 {
				args["Names"] = strings.Join(names, ", ")
				return nil, M("rules.no_option_list", args)
			}
			return nil, M("rules.no_option", args)
		}
		if err := op.check(v); err != nil {
			return nil, err
		}
		full[name] = v
	}
	return full, nil
}

// NonDefault keeps only the options whose value differs from the default:
// what a record's Options tag needs to say.
func (k *Kind) NonDefault(o Options) Options {
	out := Options{}
	for name, v := range o {
		if op, ok := k.option(name); !ok || op.Default != v {
			out[name] = v
		}
	}
	return out
}

func (k *Kind) option(name string) (Option, bool) {
	for _, op := range k.Options {
		if op.Name == name {
			return op, true
		}
	}
	return Option{}, false
}
