package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"pbem/db"
)

// nothingToDo answers a mail in which no command was found. In a game's
// thread (its key or subject names the game) the answer is about that
// game: its board, whose move it is, and how that game's plies are
// written; elsewhere it is the short help.
func (h *handling) nothingToDo(s seen) error {
	var b strings.Builder
	b.WriteString(h.tr("section.no_command", nil))
	if s.original {
		b.WriteString(" The mail you answered, below your text, was left unread, as was everything after it.")
	}
	t, err := h.threadTable()
	if err != nil || t == nil {
		if err == nil {
			h.say("", "%s", b.String()+" "+h.tr("section.short_help", nil))
		}
		return err
	}
	h.focus = t
	fmt.Fprintf(&b, " It answers a mail about game %d (%s). ", t.row.ID, t.title())
	seat := t.seatOf(h.sender.Address)
	switch {
	case t.row.State == db.Invited && seat >= 0 && t.row.Seats[seat].Invitation == db.Pending:
		b.WriteString("You are invited: reply \"accept\" to play, or \"decline\".")
	case t.row.State != db.Active:
		b.WriteString(notActive(t))
	case seat >= 0 && int(t.game.ToMove()) == seat:
		fmt.Fprintf(&b, "It is your move, ply %d. %s", t.game.Plies()+1, plyForm(t))
	default:
		fmt.Fprintf(&b, "It is %s's move, ply %d.", t.seatLabel(int(t.game.ToMove())), t.game.Plies()+1)
	}
	b.WriteString(" Send \"help\" for every command.")
	h.say("", "%s", b.String())
	return nil
}

// threadTable is the game the mail's thread names, or nil.
func (h *handling) threadTable() (*table, error) {
	if h.thread.game == 0 {
		return nil, nil
	}
	t, err := h.table(h.thread.game)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	return t, err
}

// plyForm says how a game's plies are written, with one that is legal
// now as the example.
func plyForm(t *table) string {
	var how string
	switch t.row.Kind {
	case "Pente":
		how = "A ply is one point: a column letter, A to T without I, and a row, 1 to 19"
	case "Pinuid Classic":
		how = "A ply is a pin's step, such as b1-c2, then the removals it makes, such as b1-c2xc1; xc1 alone is an owed removal and +c1 brings a pin back"
	case "Pinuid Quatro":
		how = "A ply is a pin's step, such as b1-c2, then the removals it makes, such as b1-c2xc1; xc1 alone is an owed removal"
	case "Pinuid Dobbal":
		how = "A ply is one token: the dice in the order used, then each step after a colon, such as 213:c2-c4:d2-d3:e2-e5 (- for a step skipped); with doubles, 113:xd7 removes a pin and 113:+c1 brings one back"
	default:
		how = "A ply is written as the game's record writes it"
	}
	if legal := t.game.Legal(); len(legal) > 0 {
		how += ", such as " + strconv.Quote(legal[len(legal)/2].String()) + " now"
	}
	return how + ". Send \"hint\" for the legal plies."
}

// quoteList is lines in quotes, joined: "K10", "board".
func quoteList(lines []string) string {
	q := make([]string, len(lines))
	for i, l := range lines {
		q[i] = strconv.Quote(l)
	}
	return strings.Join(q, ", ")
}
