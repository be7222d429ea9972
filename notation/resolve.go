package notation

import (
	"strings"

	"pbem/grammar"
	"pbem/rules"
	"pbem/rules/games"
)

// reader holds what reading one file takes: its source, the games looked
// up by the names its tags give, and the games set up from the tags that
// choose them (a file names the same few games over and over).
type reader struct {
	src   *grammar.Source
	spare *Game // a game to reuse, see recycle
	// spareState is the position of the game recycled last, when its
	// engine can set it up afresh (rules.Resetter).
	spareState rules.Game
	games      map[string]lookup
	setups     map[setupKey]setup
}

// setupKey is what in the tags chooses a game and its options.
type setupKey struct {
	game, variant, options string
	unrated                bool
}

// clone is k holding its own copies of its strings: the reader keeps it
// past the game, and a game's text may be reused once it is read.
func (k setupKey) clone() setupKey {
	k.game, k.variant, k.options = strings.Clone(k.game), strings.Clone(k.variant), strings.Clone(k.options)
	return k
}

// cloneOptions is o with its own copies of its strings, as setupKey.clone.
func cloneOptions(o rules.Options) rules.Options {
	c := make(rules.Options, len(o))
	for k, v := range o {
		c[strings.Clone(k)] = strings.Clone(v)
	}
	return c
}

// setup is a game and its complete, checked options.
type setup struct {
	entry games.Entry
	opts  rules.Options
}

type lookup struct {
	entry games.Entry
	err   error
}

func newReader(src *grammar.Source) *reader {
	return &reader{src: src, games: map[string]lookup{}, setups: map[setupKey]setup{}}
}

func (r *reader) lookup(name string) (games.Entry, error) {
	l, ok := r.games[name]
	if !ok {
		l.entry, l.err = games.Lookup(name)
		r.games[strings.Clone(name)] = l
	}
	return l.entry, l.err
}

// resolve reads the tags: the game and its options (Game, Variant, Options,
// pente.org's Rated), the players and the roster, and sets up the game.
func (g *Game) resolve(r *reader) *Problem {
	ix, dup, err := index(g.tags)
	if err != nil {
		return problemAt(r.src, g.tags[dup].Line, g.tags[dup].Col, cause(err))
	}
	tag := func(k int) *Tag {
		if ix[k] == 0 {
			return nil
		}
		return &g.tags[ix[k]-1]
	}
	at := func(t *Tag, why rules.Msg) *Problem {
		if t == nil {
			return problemAt(r.src, g.Line, g.Col, why)
		}
		return problemAt(r.src, t.Line, t.Col, why)
	}
	// inTag says which tag a fault of the game's setup is in.
	inTag := func(name string, err error) rules.Msg {
		return rules.M("notation.in_tag", rules.Args{"Tag": name, "Problem": cause(err)})
	}
	gameTag, variantTag, optTag, rated := tag(tagGame), tag(tagVariant), tag(tagOptions), tag(tagRated)
	if t := tag(tagSetup); t != nil {
		return at(t, rules.M("notation.setup_tag", nil))
	}
	value := func(t *Tag) string {
		if t == nil {
			return ""
		}
		return t.Value
	}
	key := setupKey{game: value(gameTag), variant: value(variantTag), options: value(optTag),
		unrated: rated != nil && unrated(rated.Value)}
	if known, ok := r.setups[key]; ok {
		state, err := r.newState(known)
		if err != nil {
			return at(gameTag, cause(err))
		}
		g.Entry, g.Options, g.State = known.entry, known.opts, state
		g.takeTags(ix, state.Seats())
		return nil
	}
	if gameTag == nil && variantTag == nil {
		return at(nil, rules.M("notation.no_game_tag", nil))
	}
	var entry games.Entry
	if gameTag != nil {
		if entry, err = r.lookup(gameTag.Value); err != nil {
			return at(gameTag, inTag("Game", err))
		}
	}
	if variantTag != nil {
		v, err := r.lookup(variantTag.Value)
		if err != nil {
			return at(variantTag, inTag("Variant", err))
		}
		if gameTag != nil && v.Kind != entry.Kind {
			return at(variantTag, rules.M("notation.variant_of", rules.Args{"Variant": v.Title, "Game": gameTag.Value}))
		}
		entry = v
	}
	opts := rules.Options{}
	if optTag != nil {
		if opts, err = rules.ParseOptions(strings.Fields(optTag.Value)); err != nil {
			return at(optTag, inTag("Options", err))
		}
	}
	if key.unrated && hasOption(entry.Kind, "tournament") {
		if _, set := opts["tournament"]; !set {
			opts["tournament"] = "off" // pente.org plays unrated games without it
		}
	}
	state, err := entry.New(opts)
	if err != nil {
		if optTag == nil {
			return at(gameTag, cause(err))
		}
		return at(optTag, inTag("Options", err))
	}
	r.setups[key.clone()] = setup{entry: entry, opts: cloneOptions(state.Options())}
	g.Entry, g.Options, g.State = entry, state.Options(), state
	g.takeTags(ix, state.Seats())
	return nil
}

// newState sets up a game of a known setup, on the recycled position when
// there is one of the same kind.
func (r *reader) newState(known setup) (rules.Game, error) {
	if spare := r.spareState; spare != nil && spare.Kind() == known.entry.Kind {
		r.spareState = nil
		spare.(rules.Resetter).Reset(known.opts)
		return spare, nil
	}
	return known.entry.Kind.New(known.opts)
}

func hasOption(k *rules.Kind, name string) bool {
	for _, op := range k.Options {
		if op.Name == name {
			return true
		}
	}
	return false
}

// takeTags fills the roster and the seats' names from the known tags and
// keeps every other tag in Other, to be written back.
func (g *Game) takeTags(ix tagIndex, seats int) {
	var usedBuf [32]bool // most records have a few tags: no allocation
	used := usedBuf[:0]
	if len(g.tags) <= len(usedBuf) {
		used = usedBuf[:len(g.tags)]
	} else {
		used = make([]bool, len(g.tags))
	}
	take := func(ks ...int) string {
		for _, k := range ks {
			if i := ix[k]; i != 0 {
				used[i-1] = true
				return g.tags[i-1].Value
			}
		}
		return ""
	}
	g.Event, g.Site, g.Round = take(tagEvent), take(tagSite), take(tagRound)
	if d := take(tagDate); d != "" {
		g.Date = normalDate(d)
	}
	g.Termination, g.TimeControl = take(tagTermination), take(tagTimeControl)
	take(tagGame)
	take(tagVariant)
	take(tagOptions)
	if i := ix[tagResult]; i != 0 {
		g.resultTag = &g.tags[i-1]
		take(tagResult)
	}
	if cap(g.Names) < seats {
		g.Names = make([]string, seats)
	}
	g.Names = g.Names[:seats]
	for i := range g.Names {
		var buf [3]int
		ks := buf[:0]
		if seats > 2 {
			ks = append(ks, tagSeat1+i)
		}
		switch i {
		case 0:
			ks = append(ks, tagWhite, tagPlayer1)
		case 1:
			ks = append(ks, tagBlack, tagPlayer2)
		}
		g.Names[i] = take(ks...)
	}
	if seats > 2 {
		take(tagWhite) // written again from seats 1 and 2
		take(tagBlack)
	}
	if cap(g.Other) < len(g.tags) {
		g.Other = make([]Tag, 0, len(g.tags))
	}
	g.Other = g.Other[:0]
	for i, t := range g.tags {
		if !used[i] {
			g.Other = append(g.Other, t)
		}
	}
}
