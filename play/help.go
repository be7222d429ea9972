package play

import (
	"fmt"
	"strings"

	"pbem/grammar"
	"pbem/rules/games"
)

// helpText lists the commands, as service.md does.
const helpText = `Commands, one per line, in the subject or the body of a mail:

  new GAME with ADDRESS [ADDRESS...] [OPTION=VALUE...]
                         invite; starts when all invitees accept;
                         "computer" as an ADDRESS plays the computer
  new GAME with anyone [OPTION=VALUE...] [rating LOW-HIGH]
                         an open challenge, for 7 days
  challenges             the open challenges
  accept challenge N     take challenge N: the game starts
  cancel challenge N     withdraw your challenge N
  accept [GAME]          accept an invitation, a draw or a takeback
  decline [GAME]         say no to it
  cancel [GAME]          withdraw your invitation before it starts
  [move] [GAME] PLY [#N] play; #N is the ply number you expect
  board [GAME]           the current board
  games                  your games and whose turn it is
  hint [GAME]            the legal plies now
  preview [GAME] PLY...  the board after some plies; nothing stored
  if PLY then PLY...     conditional moves: answer your opponent's
                         next ply at once, in two-player games without
                         dice ("if L9 then M10 if N11 then O12")
  conditions [GAME]      your conditional moves, seen only by you
  cancel conditions [GAME]
                         drop them all
  resign [GAME]          give up
  draw [GAME]            offer a draw, or agree to one
  takeback [GAME]        ask to undo your last ply
  record [GAME]          the game's record, attached as a .pgn file
  review                 with a .pgn attached or pasted: check it
  analyze [GAME]         the computer goes through a finished game, or
                         a .pgn attached or pasted, and marks mistakes
  watch GAME             get a mail after every ply of a game
  unwatch GAME           stop
  vacation N             stop your clocks for N days
  back                   end your vacation early
  timezone ZONE          show times in your zone, such as Europe/Berlin
  notify every|myturn|digest [HOUR]
                         a mail after every ply, only when it is your
                         move, or one a day per game at HOUR
  pictures on|off        a picture of the board in game mails (on)
  language en|de|es|pt   the language of your mail: English, Deutsch,
                         español, português
  block ADDRESS          refuse that address's invitations
  block invitations      refuse every invitation; "block" lists them
  unblock ADDRESS|invitations
                         undo a block
  ratings [GAME]         your ratings, or a game's best players
  help [TOPIC]           this text; TOPIC is a game, "options" or
                         "computer"

In a reply to a game's mail the game number may be left out. Every
mail of this service carries your key in its Reply-To address: reply
to a game's mail to play, and to any of them to change your settings,
so that nobody else can act in your name. A setting sent otherwise
waits until you answer "confirm" to the mail that asks.`

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
func gameList() string {
	var b strings.Builder
	b.WriteString("Games (send \"help GAME\" for one's rules and options):\n")
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
		h.say(c.String(), "%s\n\n%s", helpText, gameList())
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
		opts = append(opts, fmt.Sprintf("  %s=%s (default %s): %s", op.Name, values, op.Default, op.Doc))
	}
	if len(opts) > 0 {
		b.WriteString("\n\nIts options:\n" + strings.Join(opts, "\n"))
	}
	g, err := e.New(nil)
	if err == nil {
		b.WriteString("\n\nThe board at the start:\n\n" + g.Board())
	}
	h.say(c.String(), "%s", b.String())
	return nil
}
