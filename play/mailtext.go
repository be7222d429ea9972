package play

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// gameSubject is "[pbem 42] Pente: alice vs bob - your move", the status
// seen from the recipient's side.
func gameSubject(lang i18n.Lang, t *table, to string) string {
	return "[pbem " + strconv.FormatInt(t.row.ID, 10) + "] " + t.title() + " - " + gameStatus(lang, t, to)
}

func gameStatus(lang i18n.Lang, t *table, to string) string {
	switch t.row.State {
	case db.Invited:
		return i18n.Tr(lang, "play.status_invitation", nil)
	case db.Declined:
		if t.row.Termination != "" {
			return i18n.Tr(lang, "play.status_cancelled", nil) // by its starter, or for an invitation undeliverable
		}
		return i18n.Tr(lang, "play.status_declined", nil)
	case db.Finished:
		return i18n.Tr(lang, "play.status_over", map[string]any{"Result": resultIn(lang, t)})
	}
	seat := int(t.game.ToMove())
	if t.seatOf(to) == seat {
		return i18n.Tr(lang, "play.status_your_move", nil)
	}
	return i18n.Tr(lang, "play.status_to_move", map[string]any{"Name": shortName(t.row.Seats[seat].Address, t.row.Seats[seat].Name)})
}

// resultWords says a finished game's result in words: "alice wins",
// "drawn".
func resultWords(t *table) string { return resultIn(i18n.English, t) }

// resultIn is resultWords in lang.
func resultIn(lang i18n.Lang, t *table) string {
	scores := strings.Split(t.row.Result, "-")
	if len(scores) != len(t.row.Seats) {
		return t.row.Result
	}
	var winners []string
	draw, none := true, true
	for i, sc := range scores {
		if sc != "0" {
			none = false
		}
		if sc == "1" {
			winners = append(winners, shortName(t.row.Seats[i].Address, t.row.Seats[i].Name))
		}
		if sc != "1/2" {
			draw = false
		}
	}
	switch {
	case none:
		return i18n.Tr(lang, "play.result_no_winner", nil)
	case draw:
		return i18n.Tr(lang, "play.result_drawn", nil)
	case len(winners) == 1:
		return i18n.Tr(lang, "play.result_wins", map[string]any{"Name": winners[0]})
	}
	return t.row.Result
}

// endWords says how a finished game ended: "alice wins (five in a row,
// K10 to O10)", "drawn (agreement)". When the rules ended it they say how,
// also for an imported game whose record words it otherwise; else the
// stored termination does (resignation, time forfeit, ...).
func endWords(t *table) string {
	how := t.row.Termination
	if o := t.game.Outcome(); o.Over {
		how = outcomeWords(o)
	}
	if how == "" {
		return resultWords(t)
	}
	return resultWords(t) + " (" + how + ")"
}

// reader is whom a game's section is written for.
type reader struct {
	address string
	// watching is set when the reader watches the game (a seat never
	// needs to).
	watching bool
	// keyGame is the game the mail's key is for: a reply to the mail is
	// about that game. Only a reply with several games shows one whose
	// key it does not carry.
	keyGame int64
}

// readerOf is a player as the reader of a game's section in a mail whose
// key is for keyGame.
func (h *handling) readerOf(t *table, p db.Player, keyGame int64) (reader, error) {
	r := reader{address: p.Address, keyGame: keyGame}
	if t.seatOf(p.Address) >= 0 {
		return r, nil
	}
	var err error
	r.watching, err = h.watching(t.row.ID, p.Address)
	return r, err
}

// watching reports whether an address watches a game.
func (h *handling) watching(game int64, address string) (bool, error) {
	ws, err := h.tx.Watchers(game)
	if err != nil {
		return false, err
	}
	for _, w := range ws {
		if strings.EqualFold(w.Address, address) {
			return true, nil
		}
	}
	return false, nil
}

// gameSection is the part of a mail that shows a game: who plays which
// seat, the board, and what the reader can send next.
func gameSection(t *table, r reader) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Game %d, %s\n", t.row.ID, t.title())
	var seats []string
	for i := range t.row.Seats {
		seats = append(seats, t.seatLabel(i))
	}
	b.WriteString(wrap("Seats: "+strings.Join(seats, ", "), width) + "\n")
	if opts := shownOptions(t); opts != "" {
		b.WriteString(wrap("Options: "+opts, width) + "\n")
	}
	b.WriteString("\n")
	if t.row.State == db.Finished || t.row.State == db.Declined {
		// The final position alone: no turn or roll, and the result once,
		// in nextStep, however the game ended (or never began).
		b.WriteString(namedBoard(t, t.game.Position()))
	} else {
		b.WriteString(namedBoard(t, t.game.Board()))
	}
	b.WriteString("\n")
	b.WriteString(wrap(nextStep(t, r), width) + "\n")
	return b.String()
}

// shownOptions are the options worth showing in a game's mail: not the
// ones the game's name implies, nor first=, which only mattered at the
// start.
func shownOptions(t *table) string {
	all, err := rules.ParseOptions(strings.Fields(t.row.Options))
	if err != nil {
		return t.row.Options
	}
	for name := range t.entry.Preset {
		delete(all, name)
	}
	delete(all, "first")
	return all.String()
}

// nextStep tells the reader what to send next.
func nextStep(t *table, r reader) string {
	id := t.row.ID
	seat := t.seatOf(r.address)
	// elsewhere is what to do when the step is a reply and a reply to
	// this mail is about another game.
	elsewhere := func(what string) string {
		return fmt.Sprintf("A reply to this mail is about game %d: to %s, reply to one of game %d's mails (send \"board %d\" for one).",
			r.keyGame, what, id, id)
	}
	switch t.row.State {
	case db.Invited:
		for _, s := range t.row.Seats {
			if s.Seat == seat && s.Invitation == db.Pending {
				if r.keyGame != id {
					return "You are invited; the game starts when every invitee has accepted. " + elsewhere("accept or decline")
				}
				return "To play, reply \"accept\"; to say no, reply \"decline\". The game starts when every invitee has accepted."
			}
		}
		return "The game starts when every invitee has accepted."
	case db.Declined:
		return "This game will not be played. Send \"new GAME with ADDRESS\" to start another."
	case db.Finished:
		return fmt.Sprintf("Game over: %s. Send \"record %d\" for the game's record.", endWords(t), id)
	}
	toMove := int(t.game.ToMove())
	if seat != toMove {
		who := t.seatLabel(toMove)
		switch {
		case seat >= 0:
			return fmt.Sprintf("Waiting for %s. You will get the board when it is your move.", who)
		case r.watching:
			return fmt.Sprintf("Waiting for %s. You watch this game; send \"unwatch %d\" to stop.", who, id)
		}
		return fmt.Sprintf("Waiting for %s. Send \"watch %d\" to get a mail after every ply of this game.", who, id)
	}
	var b strings.Builder
	if rl, ok := t.game.(rules.Roller); ok {
		if faces, ok := rl.Roll(); ok {
			fmt.Fprintf(&b, "Your roll: %s. ", joinInts(faces))
		}
	}
	if r.keyGame != id {
		fmt.Fprintf(&b, "It is your move, ply %d. %s", t.game.Plies()+1, elsewhere("play"))
		return b.String()
	}
	example := "your ply"
	if legal := t.game.Legal(); len(legal) > 0 {
		example = legal[len(legal)/2].String()
	}
	fmt.Fprintf(&b, "It is your move, ply %d: reply with it, such as \"%s\" (add \"#%d\" to guard against old mail), or \"hint\" for the legal plies.",
		t.game.Plies()+1, example, t.game.Plies()+1)
	return b.String()
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}
