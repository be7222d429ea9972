package play

import (
	"errors"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// table loads a game once per mail.
func (h *handling) table(id int64) (*table, error) {
	if t, ok := h.tables[id]; ok {
		return t, nil
	}
	t, err := loadKept(h.tx, id, h.s.positions)
	if err != nil {
		return nil, err
	}
	h.tables[id] = t
	return t, nil
}

// reload drops a game's cached state after its plies changed.
func (h *handling) reload(id int64) (*table, error) {
	delete(h.tables, id)
	return h.table(id)
}

// gameFor finds the game a command is about: the number it names, else the
// thread's, else the sender's only game that fits (when fits is given). It
// fills the number into the command so the "Read:" line shows it. When no
// game can be found the reply says why and gameFor returns nil.
func (h *handling) gameFor(c *grammar.Command, fits func(db.Game) bool) (*table, error) {
	n := int64(c.GameNumber())
	if n == 0 {
		n = h.thread.game
	}
	if n == 0 && fits != nil {
		mine, err := h.tx.GamesOf(h.sender.ID)
		if err != nil {
			return nil, err
		}
		var ids []string
		for _, g := range mine {
			if fits(g) {
				ids = append(ids, strconv.FormatInt(g.ID, 10))
				n = g.ID
			}
		}
		switch {
		case len(ids) == 0:
			h.say(c.String(), "%s", h.tr("plies.which_none", nil))
			return nil, nil
		case len(ids) > 1:
			h.say(c.String(), "%s", h.tr("plies.which_several", map[string]any{"Games": rules.OrList(ids),
				"Verb": commandWord(h.lang, c.Verb()), "First": ids[0]}))
			return nil, nil
		}
	}
	if n == 0 {
		h.say(c.String(), "%s", h.tr("plies.which_no_number", map[string]any{"Verb": commandWord(h.lang, c.Verb())}))
		return nil, nil
	}
	c.SetGameNumber(int(n))
	t, err := h.table(n)
	if errors.Is(err, db.ErrNotFound) {
		h.say(c.String(), "%s", h.tr("plies.no_game", map[string]any{"Game": n}))
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// commandWord is a command's words as a reader of lang writes them:
// "cancel conditions" is "abbrechen bedingungen" in German. A word the
// language has none for stays English; accents are written.
func commandWord(lang i18n.Lang, en string) string {
	f := strings.Fields(en)
	for i, w := range f {
		if ws := grammar.Words[w][string(lang)]; len(ws) > 0 {
			f[i] = grammar.Written(string(lang), ws[0])
		}
	}
	return strings.Join(f, " ")
}

// notActiveIn says in lang why a game cannot be played now, or "" when it
// is active.
func notActiveIn(lang i18n.Lang, t *table) string {
	args := map[string]any{"Game": t.row.ID}
	switch t.row.State {
	case db.Invited:
		return i18n.Tr(lang, "plies.not_started", args)
	case db.Declined:
		switch t.row.Termination {
		case cancelled:
			return i18n.Tr(lang, "plies.never_cancelled", args)
		case undeliverable:
			return i18n.Tr(lang, "plies.never_undeliverable", args)
		}
		return i18n.Tr(lang, "plies.never_declined", args)
	case db.Finished:
		args["Result"], args["How"] = t.row.Result, terminationText(lang, t)
		return i18n.Tr(lang, "plies.over", args)
	}
	return ""
}
