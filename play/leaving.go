package play

import (
	"fmt"
	"strings"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// A seat that leaves a game before its end: by resigning or when its time
// runs out. With two seats the other wins. In a game of more seats whose
// rules eliminate seats (Pinuid Quatro) the seat is eliminated as the rules
// eliminate one: its pins stay as obstacles, it is skipped, and the others
// play on until one is left, who wins. The leaving is stored as a ply of
// its own (s3:resign, s3:time) so that the game's replay, its record and
// its review all see it where it happened.

// leavingWords is the termination of a game ended by a seat leaving.
func leavingWords(why rules.Leaving) string {
	if why == rules.TimedOut {
		return "time forfeit"
	}
	return "resignation"
}

// eliminates reports whether a seat leaving t goes out alone while the
// others play on.
func eliminates(t *table) bool {
	_, ok := t.game.(rules.Eliminator)
	return ok && len(t.row.Seats) > 2
}

// leave ends a seat's part in a game. In a game of two seats the other
// wins; in a game that eliminates seats the seat is eliminated (eliminate);
// in any other game of more seats no single winner follows, so every seat
// scores 0 (the record's form for no result) and the termination names
// who left.
func (h *handling) leave(t *table, seat int, why rules.Leaving) error {
	if eliminates(t) {
		return h.eliminate(t, seat, why)
	}
	scores := make([]string, len(t.row.Seats))
	for i := range scores {
		scores[i] = "0"
		if len(scores) == 2 && i != seat {
			scores[i] = "1"
		}
	}
	words := leavingWords(why)
	if len(scores) > 2 {
		words += " of " + t.game.SeatName(rules.Seat(seat))
	}
	return h.finish(t, strings.Join(scores, "-"), words)
}

// eliminate takes a seat out of a game that goes on: the leaving is a ply
// of the leaving seat, open offers lapse as with any ply, the service's
// passes follow, and the game ends when the rules say so (one seat left).
// The callers tell the players.
func (h *handling) eliminate(t *table, seat int, why rules.Leaving) error {
	g := t.game.Clone()
	if err := g.(rules.Eliminator).Eliminate(rules.Seat(seat), why); err != nil {
		return fmt.Errorf("game %d: %s of seat %d: %w", t.row.ID, why, seat+1, err)
	}
	n := t.game.Plies() + 1
	if err := h.tx.AddPly(t.row.ID, db.Ply{N: n, Seat: seat, Token: rules.LeaveToken(rules.Seat(seat), why), PlayedAt: h.now, Message: h.msgRow}); err != nil {
		return err
	}
	if err := h.tx.ClearOffers(t.row.ID); err != nil {
		return err
	}
	t, err := h.reload(t.row.ID)
	if err != nil {
		return err
	}
	if err := h.autoPlay(t); err != nil {
		return err
	}
	t = h.tables[t.row.ID]
	if o := t.game.Outcome(); o.Over {
		return h.finish(t, o.Result(t.game.Seats()), outcomeWords(o))
	}
	return nil
}

// outWords says, in lang, that a seat is out of a game that goes on, or
// who won: a sentence to follow another, with its leading space.
func outWords(lang i18n.Lang, t *table) string {
	if t.row.State == db.Finished {
		if o := t.game.Outcome(); o.Over && len(o.Winners) == 1 {
			return " " + i18n.Tr(lang, "invite.out_winner", map[string]any{"Name": t.seatLabelIn(lang, int(o.Winners[0]))})
		}
		return ""
	}
	return " " + i18n.Tr(lang, "invite.out_goes_on", map[string]any{"Name": t.seatLabelIn(lang, int(t.game.ToMove()))})
}

// resignSeat is "resign" from a seat: with two seats the other wins; in a
// game that eliminates seats the sender is out and the others play on.
func (h *handling) resignSeat(read string, t *table, seat int) error {
	if !rules.InPlay(t.game, rules.Seat(seat)) {
		h.say(read, "%s", h.tr("invite.out_already", map[string]any{"Game": t.row.ID}))
		return nil
	}
	going := eliminates(t)
	if err := h.leave(t, seat, rules.Resigned); err != nil {
		return err
	}
	t = h.tables[t.row.ID]
	h.focus = t
	if !going {
		h.say(read, "%s", h.tr("invite.resigned", map[string]any{"Game": t.row.ID}))
		return h.notifyOthers(t, func(lang i18n.Lang) string {
			return i18n.Tr(lang, "invite.resigned_notice", map[string]any{"Name": t.seatLabelIn(lang, seat), "Game": t.row.ID})
		})
	}
	h.say(read, "%s", h.tr("invite.resigned_out", map[string]any{"Game": t.row.ID})+outWords(h.lang, t))
	return h.notifyOthers(t, func(lang i18n.Lang) string {
		return i18n.Tr(lang, "invite.resigned_out_notice", map[string]any{"Name": t.seatLabelIn(lang, seat), "Game": t.row.ID}) +
			outWords(lang, t)
	})
}

// outOfPlay refuses a command of a seat that has left the game or was
// eliminated; it reports whether it did.
func (h *handling) outOfPlay(read string, t *table, seat int) bool {
	if seat < 0 || rules.InPlay(t.game, rules.Seat(seat)) {
		return false
	}
	h.say(read, "%s", h.tr("invite.out_of_play", map[string]any{"Game": t.row.ID}))
	return true
}

// allAgreed reports whether every seat still in play is among agreed.
func allAgreed(t *table, agreed []int) bool {
	for i := range t.row.Seats {
		if !rules.InPlay(t.game, rules.Seat(i)) {
			continue
		}
		found := false
		for _, a := range agreed {
			found = found || a == i
		}
		if !found {
			return false
		}
	}
	return true
}

// onlyLeavings reports whether every ply after the first from is a seat
// leaving the game, which starts no new turn for the seat to move.
func onlyLeavings(t *table, from int) bool {
	if from < 0 || from >= len(t.plies) {
		return false
	}
	for _, p := range t.plies[from:] {
		if _, _, ok := rules.ParseLeaveToken(p.Token); !ok {
			return false
		}
	}
	return true
}
