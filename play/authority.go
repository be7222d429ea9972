package play

import (
	"pbem/db"
	"pbem/grammar"
)

// proofOf says what the mail shows of the sender's address: a reply key
// of the sender's (for a game, or the account key every other mail of the
// service carries), or a trusted DKIM signature aligned with From.
func (h *handling) proofOf() db.Proof {
	switch {
	case h.thread.verified:
		return db.KeyProof
	case h.s.cfg.TrustDKIM && h.m.DKIMAligned:
		return db.DKIMProof
	}
	return db.NoProof
}

// provenFor reports whether the mail proves the sender for a game: that
// game's key (a key of another game proves the address, but a key leaked
// with a forwarded mail must not reach the sender's other games), or DKIM.
func (h *handling) provenFor(t *table) bool {
	return h.proof == db.DKIMProof || (h.thread.verified && h.thread.keyGame == t.row.ID)
}

// authorize checks that the sender has the authority a command needs (the
// command table's); when not, the reply says what is missing and nothing
// is done. A setting sent without proof waits for a confirmation round
// trip (confirm.go).
func (h *handling) authorize(spec *commandSpec, c *grammar.Command, t *table) bool {
	switch spec.Authority {
	case Anyone:
		return true
	case AccountHolder:
		switch {
		case h.proof != db.NoProof || h.confirmed:
			return true
		case c.Confirm:
			h.refuse(c.String(), "%s", h.tr("invite.confirm_reply_needed", map[string]any{"Address": h.sender.Address}))
		default:
			h.unconfirmed = append(h.unconfirmed, c.String())
		}
		return false
	}
	seat := t.seatOf(h.sender.Address)
	args := map[string]any{"Game": t.row.ID, "What": spec.whatIn(h.lang), "Address": h.sender.Address}
	if seat < 0 {
		h.say(c.String(), "%s", h.tr("invite.not_a_player", args))
		return false
	}
	if spec.Authority == GameOwner && t.row.Owner != h.sender.ID {
		h.say(c.String(), "%s", h.tr("invite.not_the_starter", args))
		return false
	}
	if !h.provenFor(t) {
		msg := "invite.no_key"
		if h.thread.forged {
			msg = "invite.wrong_key"
		}
		h.refuse(c.String(), "%s", h.tr(msg, args))
		return false
	}
	if spec.Authority == SeatToMove {
		if toMove := int(t.game.ToMove()); toMove != seat {
			h.say(c.String(), "%s", h.tr("invite.not_your_move", map[string]any{"Game": t.row.ID,
				"Ply": t.game.Plies() + 1, "Name": t.seatLabelIn(h.lang, toMove)}))
			return false
		}
	}
	return true
}
