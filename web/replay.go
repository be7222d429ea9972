package web

import (
	"fmt"
	"strings"

	"pbem/db"
	"pbem/rules"
	"pbem/rules/games"
)

// replayed is a game set up from its stored kind and options, with its
// plies played up to a point.
type replayed struct {
	entry games.Entry
	game  rules.Game
	// service are the options that are the service's, not the rules'
	// (days, rated, first, private ...).
	service rules.Options
}

// replay sets a stored game up and plays its first upto plies. The store
// only holds plies the rules accepted, so an error here means a damaged
// store, and the page says so.
func replay(g db.ArchivedGame, plies []db.ArchivedPly, upto int) (*replayed, error) {
	var kind *rules.Kind
	for _, e := range games.All() {
		if e.Kind.Name == g.Kind {
			kind = e.Kind
		}
	}
	if kind == nil {
		return nil, fmt.Errorf("game %d: unknown kind %q", g.ID, g.Kind)
	}
	all, err := rules.ParseOptions(strings.Fields(g.Options))
	if err != nil {
		return nil, fmt.Errorf("game %d options: %w", g.ID, err)
	}
	engine, service := rules.Options{}, rules.Options{}
	for name, v := range all {
		if kindHas(kind, name) {
			engine[name] = v
		} else {
			service[name] = v
		}
	}
	full, err := kind.Complete(engine)
	if err != nil {
		return nil, fmt.Errorf("game %d options: %w", g.ID, err)
	}
	entry, ok := games.ForKind(kind, full)
	if !ok {
		return nil, fmt.Errorf("game %d: no game of kind %q with %s", g.ID, g.Kind, full)
	}
	state, err := kind.NewGame(engine)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	for _, p := range plies[:min(upto, len(plies))] {
		if err := rules.PlayToken(state, p.Token); err != nil {
			return nil, fmt.Errorf("game %d ply %d: %w", g.ID, p.N, err)
		}
	}
	return &replayed{entry: entry, game: state, service: service}, nil
}

func kindHas(k *rules.Kind, name string) bool {
	for _, op := range k.Options {
		if op.Name == name {
			return true
		}
	}
	return false
}
