package play

import (
	"slices"
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

// resultIn says a finished game's result in words in lang: "alice
// wins", "drawn".
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

// endWords says how a finished game ended, in lang: "alice wins (five in
// a row, K10 to O10)", "drawn (agreed draw)". When the rules ended it they
// say how, also for an imported game whose record words it otherwise;
// else the stored termination does (resignation, time forfeit, ...).
func endWords(lang i18n.Lang, t *table) string {
	how := terminationIn(lang, t)
	if o := t.game.Outcome(); o.Over {
		how = i18n.Tr(lang, string(o.Reason.Code()), nil)
		if o.Detail.Code != "" {
			how += ", " + i18n.Render(lang, o.Detail)
		}
	}
	if how == "" {
		return resultIn(lang, t)
	}
	return resultIn(lang, t) + " (" + how + ")"
}

// terminations are the messages of the stored terminations the service
// writes; their English is the stored text.
var terminations = []string{
	"section.termination_resignation",
	"section.termination_time_forfeit",
	"section.termination_agreed_draw",
}

// terminationIn is a game's stored termination in lang: the service's own
// ("resignation of Seat 3") put into words, any other (an imported
// record's) as stored.
func terminationIn(lang i18n.Lang, t *table) string {
	how, who, of := strings.Cut(t.row.Termination, " of ")
	i := slices.IndexFunc(terminations, func(id string) bool { return i18n.Tr(i18n.English, id, nil) == how })
	if i < 0 {
		return t.row.Termination
	}
	id := terminations[i]
	if !of {
		return i18n.Tr(lang, id, nil)
	}
	for i := range t.row.Seats {
		if t.game.SeatName(rules.Seat(i)) == who {
			return i18n.Tr(lang, "section.termination_of", map[string]any{"How": i18n.Tr(lang, id, nil), "Seat": t.seatName(lang, i)})
		}
	}
	return t.row.Termination
}

// reader is whom a game's section is written for.
type reader struct {
	address string
	// lang is the reader's language.
	lang i18n.Lang
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
	r := reader{address: p.Address, keyGame: keyGame, lang: h.s.langOf(p)}
	if p.ID == h.sender.ID {
		r.lang = h.lang
	}
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

// headKey is a section's head: a table in a language.
type headKey struct {
	t    *table
	lang i18n.Lang
}

// sectionHead is what the part of a mail that shows a game shows every
// reader of lang: who plays which seat, and the board; what the reader can
// send next follows it (section). A table is never changed once made (a
// ply makes a new one), so its head is drawn once for all its readers.
func sectionHead(t *table, lang i18n.Lang) string {
	var board string
	if t.row.State == db.Finished || t.row.State == db.Declined {
		// The final position alone: no turn or roll, and the result once,
		// in nextStep, however the game ended (or never began).
		board = boardOf(lang, t, t.game.Position())
	} else {
		board = boardOf(lang, t, t.game.Board())
	}
	var b strings.Builder
	b.Grow(len(board) + 512) // the board and a few lines above it
	b.WriteString(i18n.Tr(lang, "section.title", map[string]any{"ID": t.row.ID, "Title": t.title()}) + "\n")
	var seats []string
	for i := range t.row.Seats {
		seats = append(seats, t.seatLabelIn(lang, i))
	}
	b.WriteString(wrap(i18n.Tr(lang, "section.seats", map[string]any{"Seats": strings.Join(seats, ", ")}), width) + "\n")
	if opts := shownOptions(t); opts != "" {
		b.WriteString(wrap(i18n.Tr(lang, "section.options", map[string]any{"Options": opts}), width) + "\n")
	}
	b.WriteString("\n")
	b.WriteString(board)
	b.WriteString("\n")
	return b.String()
}

// boardIn renders a board in lang.
func boardIn(lang i18n.Lang, board rules.Text) string {
	return board.Render(func(m rules.Msg) string { return i18n.Render(lang, m) })
}

// boardOf renders a game's board in lang. In a game of three or more
// seats the lines under the grid put the players' names to the seats:
// "alice (Seat 1) to play".
func boardOf(lang i18n.Lang, t *table, board rules.Text) string {
	if len(t.row.Seats) <= 2 {
		return boardIn(lang, board)
	}
	var pairs []string
	for i := range t.row.Seats {
		pairs = append(pairs, t.seatName(lang, i), t.seatLabelIn(lang, i))
	}
	named := strings.NewReplacer(pairs...)
	return board.Render(func(m rules.Msg) string { return named.Replace(i18n.Render(lang, m)) })
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

// nextStep tells the reader what to send next, in the reader's language.
func nextStep(t *table, r reader) string {
	lang, id := r.lang, t.row.ID
	tr := func(key string, args map[string]any) string { return i18n.Tr(lang, "section."+key, args) }
	seat := t.seatOf(r.address)
	// elsewhere is what to do when the step is a reply and a reply to
	// this mail is about another game.
	elsewhere := func(what string) string {
		return tr("elsewhere", map[string]any{"Key": r.keyGame, "ID": id, "What": tr(what, nil)})
	}
	switch t.row.State {
	case db.Invited:
		for _, s := range t.row.Seats {
			if s.Seat == seat && s.Invitation == db.Pending {
				if r.keyGame != id {
					return tr("invited_elsewhere", map[string]any{"Elsewhere": elsewhere("to_answer")})
				}
				return tr("invited", nil)
			}
		}
		return tr("waiting_invitees", nil)
	case db.Declined:
		return tr("declined", nil)
	case db.Finished:
		return tr("over", map[string]any{"End": endWords(lang, t), "ID": id})
	}
	toMove := int(t.game.ToMove())
	if seat != toMove {
		args := map[string]any{"Who": t.seatLabelIn(lang, toMove), "ID": id}
		switch {
		case seat >= 0:
			return tr("waiting_seat", args)
		case r.watching:
			return tr("waiting_watching", args)
		}
		return tr("waiting_other", args)
	}
	var parts []string
	if rl, ok := t.game.(rules.Roller); ok {
		if faces, ok := rl.Roll(); ok {
			parts = append(parts, tr("your_roll", map[string]any{"Roll": joinInts(faces)}))
		}
	}
	ply := t.game.Plies() + 1
	if r.keyGame != id {
		parts = append(parts, tr("your_move_elsewhere", map[string]any{"Ply": ply, "Elsewhere": elsewhere("to_play")}))
		return strings.Join(parts, " ")
	}
	example := tr("your_ply", nil)
	if p, ok := rules.ExamplePly(t.game); ok {
		example = p.String()
	}
	parts = append(parts, tr("your_move", map[string]any{"Ply": ply, "Example": example}))
	return strings.Join(parts, " ")
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}
