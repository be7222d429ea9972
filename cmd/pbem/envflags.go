package main

import (
	"flag"
	"fmt"
)

// envFlags gives flags an environment variable each. A variable is read by
// its flag's own parser, before the command line, so a flag on the command
// line wins over its variable and both refuse the same bad values. An empty
// variable counts as unset.
type envFlags struct {
	fs   *flag.FlagSet
	vars []envVar
}

type envVar struct{ flag, name string }

// Var defines a flag set by value and by the variable env.
func (e *envFlags) Var(value flag.Value, name, env, usage string) {
	e.fs.Var(value, name, fmt.Sprintf("%s (env %s)", usage, env))
	e.vars = append(e.vars, envVar{flag: name, name: env})
}

// String defines a string flag set by the variable env.
func (e *envFlags) String(p *string, name, def, env, usage string) {
	e.fs.StringVar(p, name, def, fmt.Sprintf("%s (env %s)", usage, env))
	e.vars = append(e.vars, envVar{flag: name, name: env})
}

// apply sets each flag whose variable getenv finds. The error names the
// variable, its value and what is wanted: PBEM_POLL="30": want a positive
// duration such as 30s.
func (e *envFlags) apply(getenv func(string) string) error {
	for _, v := range e.vars {
		val := getenv(v.name)
		if val == "" {
			continue
		}
		if err := e.fs.Set(v.flag, val); err != nil {
			return fmt.Errorf("%s=%q: %w", v.name, val, err)
		}
	}
	return nil
}

// names are the variables, in the order the flags were defined.
func (e *envFlags) names() []string {
	out := make([]string, len(e.vars))
	for i, v := range e.vars {
		out[i] = v.name
	}
	return out
}
