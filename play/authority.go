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
			h.refuse(c.String(), "A confirmation must come as a reply to the mail that asked for it, from %s: its Reply-To address carries your key. Nothing was changed.", h.sender.Address)
		default:
			h.unconfirmed = append(h.unconfirmed, c.String())
		}
		return false
	}
	seat := t.seatOf(h.sender.Address)
	if seat < 0 {
		h.say(c.String(), "You do not play in game %d, so you cannot %s. Nothing was changed.", t.row.ID, spec.what)
		return false
	}
	if spec.Authority == GameOwner && t.row.Owner != h.sender.ID {
		h.say(c.String(), "Only the player who started game %d can %s. Nothing was changed.", t.row.ID, spec.what)
		return false
	}
	if !h.provenFor(t) {
		why := "This mail carries no key for game %d"
		if h.thread.forged {
			why = "The key in this mail is not yours for game %d"
		}
		h.refuse(c.String(), why+", so nothing was changed: to %s, reply to one of the game's mails from %s. "+
			"Its Reply-To address carries your key, so that nobody else can play in your name.",
			t.row.ID, spec.what, h.sender.Address)
		return false
	}
	if spec.Authority == SeatToMove {
		if toMove := int(t.game.ToMove()); toMove != seat {
			h.say(c.String(), "It is not your move in game %d: ply %d is for %s. Nothing was played.",
				t.row.ID, t.game.Plies()+1, t.seatLabel(toMove))
			return false
		}
	}
	return true
}
