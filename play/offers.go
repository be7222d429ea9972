package play

import (
	"slices"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
)

// resign handles "resign": with two seats the other seat wins; in Pinuid
// Quatro the seat is eliminated and the others play on (leaving.go).
func (h *handling) resign(c *grammar.Command, t *table) error {
	return h.resignSeat(c.String(), t, t.seatOf(h.sender.Address))
}

// draw handles "draw": it offers a draw, or agrees to the open offer. The
// game is drawn when every seat has agreed. An offer lapses with the next
// ply.
func (h *handling) draw(c *grammar.Command, t *table) error {
	return h.agree(c, t, db.DrawOffer)
}

// takeback handles "takeback": the sender asks to undo its last ply, which
// must still be the last ply played (passes the service played after it do
// not count). Every other seat must accept.
func (h *handling) takeback(c *grammar.Command, t *table) error {
	seat := t.seatOf(h.sender.Address)
	if _, ok := h.lastOwnPly(t, seat); !ok {
		h.say(c.String(), "%s", h.tr("plies.takeback_not_last", map[string]any{"Game": t.row.ID}))
		return nil
	}
	if o, open, err := h.tx.GetOffer(t.row.ID, db.Takeback); err != nil {
		return err
	} else if open && o.Seat != seat {
		h.say(c.String(), "%s", h.tr("plies.takeback_answer_first", map[string]any{"Seat": t.seatLabelIn(h.lang, o.Seat), "Game": t.row.ID}))
		return nil
	}
	return h.agree(c, t, db.Takeback)
}

// lastOwnPly is the number of seat's last ply if no other seat has played
// since, the service's passes and the computer's plies aside: the
// computer answers within seconds, so a takeback against it undoes its
// answer too.
func (h *handling) lastOwnPly(t *table, seat int) (int, bool) {
	for i := len(t.plies) - 1; i >= 0; i-- {
		p := t.plies[i]
		if p.Seat == seat && p.Token != "pass" {
			return p.N, true
		}
		if _, computer := h.s.isComputerSeat(t, p.Seat); !computer && (p.Message != 0 || p.Token != "pass") {
			return 0, false
		}
	}
	return 0, false
}

// agree records the sender's agreement to an offer of a kind, making the
// offer when there is none, and carries it out once every seat agreed.
func (h *handling) agree(c *grammar.Command, t *table, kind db.OfferKind) error {
	seat := t.seatOf(h.sender.Address)
	if h.outOfPlay(c.String(), t, seat) {
		return nil
	}
	o, open, err := h.tx.GetOffer(t.row.ID, kind)
	if err != nil {
		return err
	}
	if !open {
		o = db.Offer{Kind: kind, Seat: seat, Ply: t.game.Plies(), Made: h.now}
	}
	if slices.Contains(o.Agreed, seat) {
		h.say(c.String(), "%s", h.tr(offerID(kind, "already"), map[string]any{"Game": t.row.ID}))
		return nil
	}
	o.Agreed = append(o.Agreed, seat)
	if kind == db.Takeback {
		if who := h.computerTakeback(t, &o); who >= 0 {
			if open {
				if err := h.tx.ClearOffers(t.row.ID, kind); err != nil {
					return err
				}
			}
			h.say(c.String(), "%s", h.tr("plies.computer_no_takeback", map[string]any{"Seat": t.seatLabelIn(h.lang, who), "Level": friendlyLevels + 1}))
			return nil
		}
	}
	if !allAgreed(t, o.Agreed) {
		if err := h.tx.PutOffer(t.row.ID, o); err != nil {
			return err
		}
		if !open {
			h.say(c.String(), "%s", h.tr(offerID(kind, "made_you"), map[string]any{"Game": t.row.ID}))
			return h.notifyAnswering(t, func(lang i18n.Lang) string {
				return i18n.Tr(lang, offerID(kind, "made"), map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": t.row.ID})
			})
		}
		h.say(c.String(), "%s", h.tr(offerID(kind, "agreed_waiting"), map[string]any{"Game": t.row.ID}))
		return nil
	}
	// Everyone agreed.
	if err := h.tx.ClearOffers(t.row.ID, kind); err != nil {
		return err
	}
	switch kind {
	case db.DrawOffer:
		if err := h.finish(t, drawResult(len(t.row.Seats)), agreedDraw); err != nil {
			return err
		}
		t = h.tables[t.row.ID]
		h.focus = t
		h.say(c.String(), "%s", h.tr("plies.draw_agreed_you", map[string]any{"Game": t.row.ID}))
		return h.notifyOthers(t, tr("plies.draw_agreed", map[string]any{"Game": t.row.ID}))
	default:
		n, ok := h.lastOwnPly(t, o.Seat)
		if !ok {
			h.say(c.String(), "%s", h.tr("plies.takeback_late", map[string]any{"Game": t.row.ID}))
			return nil
		}
		if err := h.tx.DeletePliesFrom(t.row.ID, n, h.now); err != nil {
			return err
		}
		// Conditional moves were checked against the plies taken back.
		if err := h.tx.ClearConditions(t.row.ID); err != nil {
			return err
		}
		t, err = h.reload(t.row.ID)
		if err != nil {
			return err
		}
		h.focus = t
		agreed := tr("plies.takeback_agreed", map[string]any{"Game": t.row.ID, "Ply": n})
		h.say(c.String(), "%s", agreed(h.lang))
		return h.notifyOthers(t, agreed)
	}
}

// agreedDraw is the stored termination of a game drawn by agreement.
const agreedDraw = "agreed draw"

// offerID is the catalog's message about an offer of a kind ("draw",
// "takeback"): what is "made_you", "made", "already", "agreed_waiting",
// "declined_you" or "declined".
func offerID(kind db.OfferKind, what string) string {
	return "plies." + string(kind) + "_" + what
}

func drawResult(seats int) string {
	s := make([]string, seats)
	for i := range s {
		s[i] = "1/2"
	}
	return strings.Join(s, "-")
}

// answerOffer handles "accept"/"decline" in an active game: the open
// takeback request or draw offer of another seat.
func (h *handling) answerOffer(c *grammar.Command, t *table) error {
	seat := t.seatOf(h.sender.Address)
	if h.outOfPlay(c.String(), t, seat) {
		return nil
	}
	for _, kind := range []db.OfferKind{db.Takeback, db.DrawOffer} {
		o, open, err := h.tx.GetOffer(t.row.ID, kind)
		if err != nil {
			return err
		}
		if !open || slices.Contains(o.Agreed, seat) {
			continue
		}
		if c.Answer.Verb == "accept" {
			return h.agree(c, t, kind)
		}
		if err := h.tx.ClearOffers(t.row.ID, kind); err != nil {
			return err
		}
		h.say(c.String(), "%s", h.tr(offerID(kind, "declined_you"), map[string]any{"Game": t.row.ID}))
		return h.notifyOthers(t, func(lang i18n.Lang) string {
			return i18n.Tr(lang, offerID(kind, "declined"), map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": t.row.ID})
		})
	}
	id := "plies.no_offer_decline"
	if c.Answer.Verb == "accept" {
		id = "plies.no_offer_accept"
	}
	h.say(c.String(), "%s", h.tr(id, map[string]any{"Game": t.row.ID}))
	return nil
}
