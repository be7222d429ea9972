package play

import (
	"errors"
	"fmt"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// move handles "[move] [GAME] PLY [#N]".
func (h *handling) move(c *grammar.Command, t *table) error {
	read := c.String()
	seat := t.seatOf(h.sender.Address)
	next := t.game.Plies() + 1
	if e := c.Move.Expect; e != 0 && e != next {
		h.say(read, "This mail expected to play ply %d, but game %d is at ply %d: the mail is older than the game. Nothing was played; here is the board as it is now.",
			e, t.row.ID, next)
		return nil
	}
	if a := h.thread.answered; c.Move.Expect == 0 && a.known && a.game == t.row.ID && a.plies != t.game.Plies() {
		h.say(read, "This mail answers a mail of game %d written %s, and %s: %s may have been meant for the board as it was. Nothing was played; here is the board as it is now. To play %s all the same, reply to this mail with it.",
			t.row.ID, writtenWords(a.plies), sinceWords(a.plies, t.game.Plies()), c.Move.Ply, c.Move.Ply)
		return nil
	}
	if _, _, ok := rules.ParseLeaveToken(c.Move.Ply); ok {
		h.say(read, "%s is how a record writes a seat leaving the game, not a ply; to leave game %d, send \"resign\". Game %d is unchanged.", c.Move.Ply, t.row.ID, t.row.ID)
		return nil
	}
	g := t.game.Clone()
	ply, err := g.Parse(c.Move.Ply)
	if err == nil {
		err = g.Play(ply)
	}
	if err != nil {
		h.say(read, "%s", refusal(h.lang, err, c.Move.Ply, t.row.ID))
		return nil
	}
	stored := db.Ply{N: next, Seat: seat, Token: ply.String(), PlayedAt: h.now, Message: h.msgRow}
	if err := h.tx.AddPly(t.row.ID, stored); err != nil {
		return err
	}
	if err := h.tx.ClearOffers(t.row.ID); err != nil {
		return err
	}
	t = h.played(t, g.Clone(), stored)
	h.focus = t
	took := takenWords(g, rules.Seat(seat))
	h.answers = append(h.answers, answer{read: read, text: fmt.Sprintf("You played %s in game %d (ply %d)%s.", ply, t.row.ID, next, took), echo: true})
	if err := h.afterPly(t, english(fmt.Sprintf("%s played %s in game %d (ply %d)%s.", t.seatLabel(seat), ply, t.row.ID, next, took))); err != nil {
		return err
	}
	// The writer of this mail knows of its own plies and of the passes
	// they bring: a further ply of the mail in this game is not stale.
	if a := &h.thread.answered; a.known && a.game == t.row.ID {
		a.plies = h.tables[t.row.ID].game.Plies()
	}
	return nil
}

// played is a game's table after a ply the store now holds: the position
// the ply was checked on, so that the game need not be read and replayed
// again (that was a sixth of a move's time).
func (h *handling) played(t *table, g rules.Game, p db.Ply) *table {
	nt := &table{row: t.row, entry: t.entry, game: g, plies: append(t.plies[:len(t.plies):len(t.plies)], p)}
	nt.row.Updated = h.now
	nt.roll()
	h.tables[t.row.ID] = nt
	return nt
}

// writtenWords says when a game mail was written: "after ply 4".
func writtenWords(plies int) string {
	if plies == 0 {
		return "before the first ply"
	}
	return fmt.Sprintf("after ply %d", plies)
}

// sinceWords says what happened in a game since a mail written after
// plies plies, now that now are played: "ply 5 was played since".
func sinceWords(plies, now int) string {
	switch {
	case now < plies:
		return "plies were taken back since"
	case now == plies+1:
		return fmt.Sprintf("ply %d was played since", now)
	case now == plies+2:
		return fmt.Sprintf("plies %d and %d were played since", plies+1, now)
	}
	return fmt.Sprintf("plies %d to %d were played since", plies+1, now)
}

// takenWords says what the ply just played in g took off the board, to
// follow "played K10": " and took L10 M10", " and lost N10 O10" for the
// mover's own stones (a poof), or "" for a game that takes nothing.
func takenWords(g rules.Game, mover rules.Seat) string {
	taker, ok := g.(rules.Taker)
	if !ok {
		return ""
	}
	var took, lost []string
	for _, p := range taker.LastTaken() {
		if p.Seat == mover {
			lost = append(lost, p.At)
		} else {
			took = append(took, p.At)
		}
	}
	var s string
	if len(took) > 0 {
		s += " and took " + strings.Join(took, " ")
	}
	if len(lost) > 0 {
		s += " and lost " + strings.Join(lost, " ")
	}
	return s
}

// refusal is the reply to a ply the rules refused: the rule's sentence, a
// command hint for a word that looks like a misspelt command, and the
// promise that nothing changed.
func refusal(lang i18n.Lang, err error, token string, game int64) string {
	msg := i18n.Error(lang, err)
	var re *rules.Error
	if errors.As(err, &re) {
		msg = i18n.Render(lang, re.Reason())
	}
	if !strings.HasPrefix(msg, token) {
		msg = upperFirst(msg)
	}
	msg = sentence(msg)
	if s := grammar.SuggestVerb(token); len(s) > 0 {
		msg += " " + i18n.Tr(lang, "play.refusal_command", map[string]any{"Token": token, "Choices": rules.OrList(s)})
	}
	return msg + " " + i18n.Tr(lang, "play.game_unchanged", map[string]any{"Game": game})
}

// afterPly plays the service's own plies (passes of blocked seats), ends
// the game when the rules say so, and tells everyone else.
func (h *handling) afterPly(t *table, headline words) error {
	if err := h.autoPlay(t); err != nil {
		return err
	}
	news, err := h.answerConditions(h.tables[t.row.ID])
	if err != nil {
		return err
	}
	t = h.tables[t.row.ID]
	if o := t.game.Outcome(); o.Over {
		// The mail's game section says the result (nextStep): the
		// headline says only what was played.
		if err := h.finish(t, o.Result(t.game.Seats()), outcomeWords(o)); err != nil {
			return err
		}
		t = h.tables[t.row.ID]
	}
	h.focus = t
	return h.notifyConditional(t, headline, news)
}

// autoPlay plays the plies nobody has a choice about: a seat whose only
// legal ply is "pass" passes at once.
func (h *handling) autoPlay(t *table) error {
	for range 8 { // at most one pass per seat in a row, and a few seats
		if t.game.Outcome().Over {
			return nil
		}
		legal := t.game.Legal()
		if len(legal) != 1 || legal[0].String() != "pass" {
			return nil
		}
		n := t.game.Plies() + 1
		if err := h.tx.AddPly(t.row.ID, db.Ply{N: n, Seat: int(t.game.ToMove()), Token: "pass", PlayedAt: h.now}); err != nil {
			return err
		}
		var err error
		if t, err = h.reload(t.row.ID); err != nil {
			return err
		}
	}
	return nil
}

// outcomeWords says why the rules ended a game: "five in a row, K10 to
// O10". It is the stored termination of a game the rules ended.
func outcomeWords(o rules.Outcome) string {
	s := string(o.Reason)
	if o.Detail.Code != "" {
		s += ", " + i18n.Render(i18n.English, o.Detail)
	}
	return s
}

// finish ends a game with a result, stops its clock and, in a rated
// game, updates the ratings.
func (h *handling) finish(t *table, result, termination string) error {
	if err := h.tx.SetState(t.row.ID, db.Finished, result, termination, h.now); err != nil {
		return err
	}
	if err := h.tx.ClearOffers(t.row.ID); err != nil {
		return err
	}
	if err := h.tx.ClearConditions(t.row.ID); err != nil {
		return err
	}
	t, err := h.reload(t.row.ID)
	if err != nil {
		return err
	}
	return h.gameOver(t)
}
