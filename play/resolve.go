package play

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/grammar"
)

// table loads a game once per mail.
func (h *handling) table(id int64) (*table, error) {
	if t, ok := h.tables[id]; ok {
		return t, nil
	}
	t, err := load(h.tx, id)
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
			h.say(c.String(), "Which game? You have no game this command fits; send \"games\" for your games.")
			return nil, nil
		case len(ids) > 1:
			h.say(c.String(), "Which game? It could be game %s: write the number after the command, such as \"%s %s\".",
				orList(ids), c.Verb(), ids[0])
			return nil, nil
		}
	}
	if n == 0 {
		h.say(c.String(), "Which game? Write its number after the command, such as \"%s 42\", or reply to one of the game's mails.", c.Verb())
		return nil, nil
	}
	c.SetGameNumber(int(n))
	t, err := h.table(n)
	if errors.Is(err, db.ErrNotFound) {
		h.say(c.String(), "There is no game %d. Send \"games\" for your games.", n)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

func orList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// notActive says why a game cannot be played now, or "" when it is active.
func notActive(t *table) string {
	switch t.row.State {
	case db.Invited:
		return fmt.Sprintf("Game %d has not started: it waits for every invitee to accept.", t.row.ID)
	case db.Declined:
		switch t.row.Termination {
		case cancelled:
			return fmt.Sprintf("Game %d never started: it was cancelled.", t.row.ID)
		case undeliverable:
			return fmt.Sprintf("Game %d never started: an invitation could not be delivered.", t.row.ID)
		}
		return fmt.Sprintf("Game %d never started: an invitation was declined.", t.row.ID)
	case db.Finished:
		return fmt.Sprintf("Game %d is over (%s, %s).", t.row.ID, t.row.Result, t.row.Termination)
	}
	return ""
}
