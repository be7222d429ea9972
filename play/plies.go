package play

import (
	"errors"
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
		h.say(read, "%s", h.tr("plies.stale_expected", map[string]any{"Expected": e, "Game": t.row.ID, "Next": next}))
		return nil
	}
	if a := h.thread.answered; c.Move.Expect == 0 && a.known && a.game == t.row.ID && a.plies != t.game.Plies() {
		h.say(read, "%s", h.tr("plies.stale_answered", map[string]any{"Game": t.row.ID, "Written": writtenWords(h.lang, a.plies),
			"Since": sinceWords(h.lang, a.plies, t.game.Plies()), "Ply": c.Move.Ply}))
		return nil
	}
	if _, _, ok := rules.ParseLeaveToken(c.Move.Ply); ok {
		h.say(read, "%s", h.tr("plies.leave_token", map[string]any{"Ply": c.Move.Ply, "Game": t.row.ID}))
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
	tk := takenBy(g, rules.Seat(seat))
	h.answers = append(h.answers, answer{read: read, text: h.tr("plies.you_played", map[string]any{"Ply": ply.String(), "Game": t.row.ID,
		"N": next, "Taken": tk.words(h.lang, true)}), echo: true})
	if err := h.afterPly(t, playedWords(t, seat, ply.String(), next, tk)); err != nil {
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
func writtenWords(lang i18n.Lang, plies int) string {
	if plies == 0 {
		return i18n.Tr(lang, "plies.written_before_first", nil)
	}
	return i18n.Tr(lang, "plies.written_after", map[string]any{"Ply": plies})
}

// sinceWords says what happened in a game since a mail written after
// plies plies, now that now are played: "ply 5 was played since".
func sinceWords(lang i18n.Lang, plies, now int) string {
	switch {
	case now < plies:
		return i18n.Tr(lang, "plies.since_taken_back", nil)
	case now == plies+1:
		return i18n.Tr(lang, "plies.since_one", map[string]any{"Ply": now})
	case now == plies+2:
		return i18n.Tr(lang, "plies.since_two", map[string]any{"From": plies + 1, "To": now})
	}
	return i18n.Tr(lang, "plies.since_range", map[string]any{"From": plies + 1, "To": now})
}

// taken is what the ply just played took off the board: the opponents'
// stones it took, and the mover's own it lost (a poof).
type taken struct{ took, lost []string }

// takenBy is what the last ply of g, the mover's, took off the board;
// nothing for a game that takes nothing.
func takenBy(g rules.Game, mover rules.Seat) taken {
	var tk taken
	taker, ok := g.(rules.Taker)
	if !ok {
		return tk
	}
	for _, p := range taker.LastTaken() {
		if p.Seat == mover {
			tk.lost = append(tk.lost, p.At)
		} else {
			tk.took = append(tk.took, p.At)
		}
	}
	return tk
}

// words says it to follow "played K10": " and took L10 M10", " and lost
// N10 O10", or "". you is set when the reader is the mover.
func (tk taken) words(lang i18n.Lang, you bool) string {
	took, lost := "plies.took", "plies.lost"
	if you {
		took, lost = "plies.took_you", "plies.lost_you"
	}
	var s string
	if len(tk.took) > 0 {
		s += i18n.Tr(lang, took, map[string]any{"Points": strings.Join(tk.took, " ")})
	}
	if len(tk.lost) > 0 {
		s += i18n.Tr(lang, lost, map[string]any{"Points": strings.Join(tk.lost, " ")})
	}
	return s
}

// playedWords tells the others of a seat's ply: "bob (Black) played K10
// in game 3 (ply 5) and took L10 M10."
func playedWords(t *table, seat int, ply string, n int, tk taken) words {
	return func(lang i18n.Lang) string {
		return i18n.Tr(lang, "plies.played", map[string]any{"Seat": t.seatLabelIn(lang, seat), "Ply": ply,
			"Game": t.row.ID, "N": n, "Taken": tk.words(lang, false)})
	}
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
		if !rules.OnlyPass(t.game) {
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

// outcomeText is outcomeWords with the reason in lang: "fünf in einer
// Reihe, K10 to O10"; the detail is as the stored termination gives it.
func outcomeText(lang i18n.Lang, o rules.Outcome) string {
	return i18n.Tr(lang, string(o.Reason.Code()), nil) + strings.TrimPrefix(outcomeWords(o), string(o.Reason))
}

// terminationText is how a finished game ended, in lang: the rules'
// reason when they ended it, else the stored termination ("agreed draw")
// in lang where the catalog has it, else as stored.
func terminationText(lang i18n.Lang, t *table) string {
	how := t.row.Termination
	if o := t.game.Outcome(); o.Over && outcomeWords(o) == how {
		return outcomeText(lang, o)
	}
	id := "plies.end." + strings.ReplaceAll(how, " ", "_")
	if s := i18n.Tr(lang, id, nil); s != id {
		return s
	}
	return how
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
