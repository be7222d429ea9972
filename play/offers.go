package play

import (
	"fmt"
	"slices"
	"strings"

	"pbem/db"
	"pbem/grammar"
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
		h.say(c.String(), "A takeback undoes your last ply while nobody has played since; in game %d someone has, or you have not played yet. Nothing was changed.", t.row.ID)
		return nil
	}
	if o, open, err := h.tx.GetOffer(t.row.ID, db.Takeback); err != nil {
		return err
	} else if open && o.Seat != seat {
		h.say(c.String(), "%s asked for a takeback in game %d; answer it with \"accept\" or \"decline\" first.", t.seatLabel(o.Seat), t.row.ID)
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
		h.say(c.String(), "You already %s in game %d; waiting for the others.", offerWords(kind, true), t.row.ID)
		return nil
	}
	o.Agreed = append(o.Agreed, seat)
	if kind == db.Takeback {
		if who := h.computerTakeback(t, &o); who != "" {
			if open {
				if err := h.tx.ClearOffers(t.row.ID, kind); err != nil {
					return err
				}
			}
			h.say(c.String(), "%s declines takebacks: from level %d up the computer plays every game out as played. Nothing was changed.", who, friendlyLevels+1)
			return nil
		}
	}
	if !allAgreed(t, o.Agreed) {
		if err := h.tx.PutOffer(t.row.ID, o); err != nil {
			return err
		}
		if !open {
			h.say(c.String(), "You %s in game %d. The others are asked; it happens when all agree.", offerWords(kind, true), t.row.ID)
			return h.notifyOthers(t, english(fmt.Sprintf("%s %s in game %d. Reply \"accept\" to agree or \"decline\" to refuse.",
				t.seatLabel(seat), offerWords(kind, false), t.row.ID)))
		}
		h.say(c.String(), "You agreed to the %s in game %d; waiting for the others.", kind, t.row.ID)
		return nil
	}
	// Everyone agreed.
	if err := h.tx.ClearOffers(t.row.ID, kind); err != nil {
		return err
	}
	switch kind {
	case db.DrawOffer:
		if err := h.finish(t, drawResult(len(t.row.Seats)), "agreed draw"); err != nil {
			return err
		}
		t = h.tables[t.row.ID]
		h.focus = t
		h.say(c.String(), "Every seat agreed: game %d is drawn.", t.row.ID)
		return h.notifyOthers(t, english(fmt.Sprintf("Every seat agreed to a draw: game %d is drawn.", t.row.ID)))
	default:
		n, ok := h.lastOwnPly(t, o.Seat)
		if !ok {
			h.say(c.String(), "The takeback in game %d came too late: a ply was played since. Nothing was changed.", t.row.ID)
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
		h.say(c.String(), "The takeback in game %d is agreed: ply %d and after are undone.", t.row.ID, n)
		return h.notifyOthers(t, english(fmt.Sprintf("The takeback in game %d is agreed: ply %d and after are undone.", t.row.ID, n)))
	}
}

// offerWords is what making an offer is called, for the maker ("you")
// or for the others.
func offerWords(kind db.OfferKind, you bool) string {
	switch {
	case kind == db.DrawOffer:
		return "offered a draw"
	case you:
		return "asked to take back your last ply"
	}
	return "asked to take back their last ply"
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
		h.say(c.String(), "You declined the %s in game %d.", kind, t.row.ID)
		return h.notifyOthers(t, english(fmt.Sprintf("%s declined the %s in game %d; play goes on.", t.seatLabel(seat), kind, t.row.ID)))
	}
	h.say(c.String(), "Game %d has no open offer for you to %s.", t.row.ID, c.Answer.Verb)
	return nil
}
