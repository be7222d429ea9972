package play

import (
	"errors"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
	"pbem/rules/dobbal"
	"pbem/rules/pente"
	"pbem/rules/pinuid"
)

// nothingToDo answers a mail in which no command was found. In a game's
// thread (its key or subject names the game) the answer is about that
// game: its board, whose move it is, and how that game's plies are
// written; elsewhere it is the short help.
func (h *handling) nothingToDo(s seen) error {
	parts := []string{h.tr("clocks.nothing.no_command", nil)}
	if s.original {
		parts = append(parts, h.tr("clocks.nothing.original", nil))
	}
	t, err := h.threadTable()
	if err != nil || t == nil {
		if err == nil {
			parts = append(parts, h.tr("clocks.nothing.short_help", nil))
			h.say("", "%s", strings.Join(parts, " "))
		}
		return err
	}
	h.focus = t
	parts = append(parts, h.tr("clocks.nothing.about", map[string]any{"Game": t.row.ID, "Title": t.title()}))
	seat := t.seatOf(h.sender.Address)
	ply := t.game.Plies() + 1
	switch {
	case t.row.State == db.Invited && seat >= 0 && t.row.Seats[seat].Invitation == db.Pending:
		parts = append(parts, h.tr("clocks.nothing.invited", nil))
	case t.row.State != db.Active:
		parts = append(parts, notActiveIn(h.lang, t))
	case seat >= 0 && int(t.game.ToMove()) == seat:
		parts = append(parts, h.tr("clocks.nothing.your_move", map[string]any{"Ply": ply, "Form": plyForm(h.lang, t)}))
	default:
		parts = append(parts, h.tr("clocks.nothing.their_move", map[string]any{"Seat": t.seatLabelIn(h.lang, int(t.game.ToMove())), "Ply": ply}))
	}
	parts = append(parts, h.tr("clocks.nothing.help", nil))
	h.say("", "%s", strings.Join(parts, " "))
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
// now as the example, in lang.
func plyForm(lang i18n.Lang, t *table) string {
	id := "clocks.nothing.any"
	switch t.entry.Kind {
	case pente.Kind:
		id = "clocks.nothing.pente"
	case pinuid.Classic:
		id = "clocks.nothing.classic"
	case pinuid.Quatro:
		id = "clocks.nothing.quatro"
	case dobbal.Kind:
		id = "clocks.nothing.dobbal"
	}
	how := i18n.Tr(lang, id, nil)
	if p, ok := rules.ExamplePly(t.game); ok {
		return i18n.Tr(lang, "clocks.nothing.form", map[string]any{"How": how, "Example": strconv.Quote(p.String())})
	}
	return i18n.Tr(lang, "clocks.nothing.form_none", map[string]any{"How": how})
}

// quoteList is lines in quotes, joined: "K10", "board".
func quoteList(lines []string) string {
	q := make([]string, len(lines))
	for i, l := range lines {
		q[i] = strconv.Quote(l)
	}
	return strings.Join(q, ", ")
}
