package play

import (
	"fmt"
	"strings"

	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules/games"
)

// optionsHelp explains the options of "new".
const optionsHelp = `Options of "new", written NAME=VALUE after the addresses:

  days=N            days per move, 1 to 60 (default 3)
  bank=D+H          instead of days per move: a bank of D days for each
                    player, H hours more after each move, never more
                    than D days (bank=7+12; bank=7 adds nothing)
  rated=yes|no      whether the game counts for ratings (default yes);
                    out of time, a rated game is lost, an unrated one
                    adjourned until the player moves
  first=me|them|random
                    who takes the first seat (default me)
  private=yes|no    private=yes keeps the game out of the web archive
                    of games (default no)

Each game has options of its own; send "help GAME" to see them.`

// computerHelp explains the computer player and its levels.
const computerHelp = `The computer plays any game of this service, at once, by mail:

  new pente with computer             you against the computer, level 5
  new pente with computer level=2     an easier one
  new quatro with bob@example.org computer computer
                                      two computer seats; level=N sets
                                      the level of every computer seat

It accepts at once and answers each of your plies within seconds.
Levels, from 1 to 8:

  1-2  a beginner: misses tactics, grants takebacks
  3-4  a club player: sees short tactics, grants takebacks
  5    the default: careful, refuses takebacks
  6-8  strong to its strongest: refuses takebacks, and resigns when
       it finds a forced loss

A draw offer it accepts when it judges its side clearly worse, or the
game long and dead even; else it declines. Each level has its own
rating in each game, and games against it are rated like any other
(add rated=no for practice). After a game, "analyze GAME" has the
computer mark the mistakes of both sides.`

// gameList lists the games one a line, name and title, in the columns of
// the command list: a line per game never wraps, and never parts a name
// from its comma.
func gameList(lang i18n.Lang) string {
	var b strings.Builder
	b.WriteString(i18n.Tr(lang, "play.games_header", nil) + "\n")
	for _, e := range games.All() {
		fmt.Fprintf(&b, "\n  %-22s %s", e.Name, e.Title)
	}
	return b.String()
}

// help handles "help [TOPIC]".
func (h *handling) help(c *grammar.Command, _ *table) error {
	topic := c.Help.Topic
	switch topic {
	case "":
		h.say(c.String(), "%s\n\n%s", i18n.Tr(h.lang, "play.help", nil), gameList(h.lang))
		return nil
	case "options", "option":
		h.say(c.String(), "%s", optionsHelp)
		return nil
	case "computer", "computers", "levels", "level":
		h.say(c.String(), "%s", computerHelp)
		return nil
	}
	e, err := games.Lookup(topic)
	if err != nil {
		h.say(c.String(), "There is no help on %q. Topics: a game's name, \"options\" or \"computer\". %s.", topic, upperFirst(h.errText(err)))
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: start it with \"new %s with ADDRESS\".", e.Title, e.Name)
	var opts []string
	for _, op := range e.Kind.Options {
		if _, preset := e.Preset[op.Name]; preset {
			continue
		}
		values := strings.Join(op.Values, "|")
		if values == "" {
			values = fmt.Sprintf("%d..%d", op.Min, op.Max)
		}
		opts = append(opts, fmt.Sprintf("  %s=%s (default %s): %s", op.Name, values, op.Default, i18n.Tr(h.lang, op.Doc, nil)))
	}
	if len(opts) > 0 {
		b.WriteString("\n\nIts options:\n" + strings.Join(opts, "\n"))
	}
	g, err := e.New(nil)
	if err == nil {
		b.WriteString("\n\nThe board at the start:\n\n" + boardIn(h.lang, g.Board()))
	}
	h.say(c.String(), "%s", b.String())
	return nil
}
