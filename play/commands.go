package play

import (
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
)

// Authority is what a sender must prove to have a command carried out.
type Authority int

// The authorities, from none to the most particular.
const (
	// Anyone: the command only reads; its answer goes to the sender's
	// address, so a forged From learns the forger nothing.
	Anyone Authority = iota + 1
	// AccountHolder: proof of the sender's address: a reply key of theirs
	// (any of the service's mails carries one), a trusted DKIM signature,
	// or the answer to a confirmation mail.
	AccountHolder
	// GamePlayer: a seat of the game, proven with that game's key.
	GamePlayer
	// SeatToMove: a GamePlayer whose turn it is.
	SeatToMove
	// GameOwner: the player who started the game, with its key.
	GameOwner
)

func (a Authority) String() string {
	switch a {
	case Anyone:
		return "anyone"
	case AccountHolder:
		return "the address's holder"
	case GamePlayer:
		return "a player of the game"
	case SeatToMove:
		return "the player to move"
	case GameOwner:
		return "the game's starter"
	}
	return "nobody"
}

// RateClass is how a command counts against the limits (limits.go).
type RateClass int

// The rate classes.
const (
	// RateRead: answered within the sender's hourly reply limit.
	RateRead RateClass = iota + 1
	// RateSetting: changes the sender's settings; within the reply limit.
	RateSetting
	// RateInvite: sends invitations; also within the invitation limits.
	RateInvite
	// RatePlay: changes a game. Once its sender is proven it is never
	// dropped: carried out and answered whatever the reply limit.
	RatePlay
)

func (r RateClass) String() string {
	switch r {
	case RateRead:
		return "read"
	case RateSetting:
		return "setting"
	case RateInvite:
		return "invitation"
	case RatePlay:
		return "play"
	}
	return "none"
}

// gameNeed says which game a command is about and in which state it must
// be.
type gameNeed int

const (
	noGame      gameNeed = iota // the command is about no game
	anyGame                     // any game; unnamed, the sender's only active one
	namedGame                   // any game; only a number or the thread names it
	recordGame                  // a game that started; unnamed, the only one
	activeGame                  // an active game: it must be active
	answerGame                  // a pending invitation, or an active game's offer
	invitedGame                 // a game not started yet, unnamed the sender's own
)

// commandSpec is one line of the command table: a command's form as help
// writes it, who may give it, how it counts against the limits, which game
// it needs, and its handler. The handler gets the game found (nil for
// noGame) and runs only once the authority is satisfied.
type commandSpec struct {
	Form      string
	Authority Authority
	Rate      RateClass
	game      gameNeed
	// what is what the command does, for refusals ("you cannot resign"):
	// the key of its words in the catalogs, under invite.what.
	what string
	run  func(h *handling, c *grammar.Command, t *table) error
}

// commandTable is the command table: every command the service knows, in
// the order help lists them. Settings that only show their value need no
// proof; changing them does. A Service makes it once (it is a function, not
// a variable, because handlers such as confirm dispatch through it).
func commandTable() []commandSpec {
	return []commandSpec{
		{"new GAME with ADDRESS...", Anyone, RateInvite, noGame, "start_game", (*handling).newGame},
		{"challenges", Anyone, RateRead, noGame, "list_challenges", (*handling).challenges},
		{"accept challenge N", AccountHolder, RateInvite, noGame, "take_challenge", (*handling).takeChallenge},
		{"cancel challenge N", AccountHolder, RateSetting, noGame, "withdraw_challenge", (*handling).withdrawChallenge},
		{"accept [GAME]", GamePlayer, RatePlay, answerGame, "accept", (*handling).answerCmd},
		{"decline [GAME]", GamePlayer, RatePlay, answerGame, "decline", (*handling).answerCmd},
		{"cancel [GAME]", GameOwner, RatePlay, invitedGame, "cancel_invitation", (*handling).cancel},
		{"[move] [GAME] PLY [#N]", SeatToMove, RatePlay, activeGame, "play", (*handling).move},
		{"resign [GAME]", GamePlayer, RatePlay, activeGame, "resign", (*handling).resign},
		{"draw [GAME]", GamePlayer, RatePlay, activeGame, "offer_draw", (*handling).draw},
		{"takeback [GAME]", GamePlayer, RatePlay, activeGame, "ask_takeback", (*handling).takeback},
		{"board [GAME]", Anyone, RateRead, anyGame, "see_board", (*handling).board},
		{"games", Anyone, RateRead, noGame, "list_games", (*handling).games},
		{"hint [GAME]", Anyone, RateRead, anyGame, "get_hint", (*handling).hint},
		{"preview [GAME] PLY...", Anyone, RateRead, anyGame, "preview", (*handling).preview},
		{"if PLY then PLY...", GamePlayer, RatePlay, activeGame, "set_conditions", (*handling).conditional},
		{"conditions [GAME]", GamePlayer, RateRead, activeGame, "see_conditions", (*handling).conditionsCmd},
		{"cancel conditions [GAME]", GamePlayer, RatePlay, activeGame, "cancel_conditions", (*handling).conditionsCmd},
		{"record [GAME]", Anyone, RateRead, recordGame, "get_record", (*handling).recordCmd},
		{"review", Anyone, RateRead, noGame, "review_records", (*handling).review},
		{"analyze [GAME]", Anyone, RateRead, noGame, "get_analysis", (*handling).analyze},
		{"watch GAME", AccountHolder, RateSetting, namedGame, "watch_game", (*handling).watch},
		{"unwatch GAME", AccountHolder, RateSetting, namedGame, "unwatch_game", (*handling).watch},
		{"vacation", Anyone, RateRead, noGame, "see_vacation", (*handling).vacation},
		{"vacation N", AccountHolder, RateSetting, noGame, "start_vacation", (*handling).vacation},
		{"back", AccountHolder, RateSetting, noGame, "end_vacation", (*handling).back},
		{"timezone", Anyone, RateRead, noGame, "see_timezone", (*handling).timezone},
		{"timezone ZONE", AccountHolder, RateSetting, noGame, "set_timezone", (*handling).timezone},
		{"notify", Anyone, RateRead, noGame, "see_notify", (*handling).notifyCmd},
		{"notify every|myturn|digest [HOUR]", AccountHolder, RateSetting, noGame, "set_notify", (*handling).notifyCmd},
		{"pictures", Anyone, RateRead, noGame, "see_pictures", (*handling).picturesCmd},
		{"pictures on|off", AccountHolder, RateSetting, noGame, "set_pictures", (*handling).picturesCmd},
		{"language", Anyone, RateRead, noGame, "see_language", (*handling).languageCmd},
		{"language en|de|es|pt", AccountHolder, RateSetting, noGame, "set_language", (*handling).languageCmd},
		{"block", Anyone, RateRead, noGame, "see_blocks", (*handling).blocks},
		{"block ADDRESS|invitations", AccountHolder, RateSetting, noGame, "block", (*handling).block},
		{"unblock ADDRESS|invitations", AccountHolder, RateSetting, noGame, "unblock", (*handling).block},
		{"confirm", AccountHolder, RateSetting, noGame, "confirm", (*handling).confirm},
		{"ratings [GAME]", Anyone, RateRead, noGame, "see_ratings", (*handling).ratingsCmd},
		{"help [TOPIC]", Anyone, RateRead, noGame, "get_help", (*handling).help},
	}
}

// whatIn is what the command does, in lang: "aufgeben".
func (spec *commandSpec) whatIn(lang i18n.Lang) string {
	return i18n.Tr(lang, "invite.what."+spec.what, nil)
}

// verb is the command word a line of the table is for: its form's first
// word ("[move]" is move), with the plain lower-case words after it
// ("cancel conditions").
func (spec *commandSpec) verb() string {
	words := strings.Fields(spec.Form)
	v := strings.Trim(words[0], "[]")
	for _, w := range words[1:] {
		if strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
			break
		}
		v += " " + w
	}
	return v
}

// specFor finds a command's line of the table: the line of its verb, or,
// for a setting that has a line to show it and one to change it, the
// first when the command only shows it (grammar's Shows).
func (s *Service) specFor(c *grammar.Command) *commandSpec {
	var found *commandSpec
	for i := range s.commands {
		spec := &s.commands[i]
		if spec.verb() != c.Verb() {
			continue
		}
		if found == nil || c.Shows() == (spec.Form == spec.verb()) {
			found = spec
		}
	}
	return found
}

// fits is the test a game must pass to be the one an unnumbered command
// is about, when the thread names none either; nil when only a number or
// the thread may name it.
func (h *handling) fits(need gameNeed) func(db.Game) bool {
	switch need {
	case anyGame, activeGame:
		return func(g db.Game) bool { return g.State == db.Active }
	case recordGame:
		return func(g db.Game) bool { return g.State == db.Active || g.State == db.Finished }
	case answerGame:
		return func(g db.Game) bool {
			if g.State == db.Invited {
				for _, s := range g.Seats {
					if s.PlayerID == h.sender.ID && s.Invitation == db.Pending {
						return true
					}
				}
				return false
			}
			return g.State == db.Active
		}
	case invitedGame:
		return func(g db.Game) bool { return g.State == db.Invited && g.Owner == h.sender.ID }
	}
	return nil
}
