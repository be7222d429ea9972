package play

import (
	"errors"
	"time"

	"pbem/db"
)

// admitInvitees checks the invitation limits for the invitees of one "new"
// command: how many players a mail and a sender may invite, and what each
// invitee accepts (their blocks, an invitation they declined lately, how
// many strangers' invitations they have open). When one fails, the reply
// says why and nothing is started.
func (h *handling) admitInvitees(read string, invitees []string) (bool, error) {
	lim := h.s.cfg.Limits
	if h.limits.invited+len(invitees) > lim.InviteesPerMail {
		h.say(read, "One mail may invite at most %d players, and this one named more. Nothing was started; send the rest in another mail.", lim.InviteesPerMail)
		return false, nil
	}
	perDay := lim.InviteesPerDay
	if h.proof == db.NoProof {
		perDay = lim.InviteesPerMail
	}
	n, err := h.tx.InvitationsBy(h.sender.ID, h.now.Add(-day))
	if err != nil {
		return false, err
	}
	if n+len(invitees) > perDay {
		h.say(read, "You invited %d players in the last day; the most is %d%s. Nothing was started: try again after %s.",
			n, perDay, unprovenNote(h.proof), when(h.now.Add(day), h.zone(h.sender)))
		return false, nil
	}
	for _, addr := range invitees {
		p, err := h.tx.PlayerByAddress(addr)
		if errors.Is(err, db.ErrNotFound) {
			continue // new to the service: nothing blocked or open yet
		}
		if err != nil {
			return false, err
		}
		if why, err := h.refusesInvitation(p, lim.DeclinedQuiet); why != "" || err != nil {
			if err == nil {
				h.say(read, "%s Nothing was started.", why)
			}
			return false, err
		}
		met, err := h.tx.PlayedTogether(h.sender.ID, p.ID)
		if err != nil {
			return false, err
		}
		if met {
			continue
		}
		open, err := h.tx.PendingFromStrangers(p.ID)
		if err != nil {
			return false, err
		}
		if open >= lim.PendingFromStrangers {
			h.say(read, "%s has %d invitations open from players they have not played yet; no more are sent until they answer some. Nothing was started.", addr, open)
			return false, nil
		}
	}
	h.limits.invited += len(invitees)
	return true, nil
}

// refusesInvitation says why a player takes no invitation from the sender
// now, or "".
func (h *handling) refusesInvitation(p db.Player, quiet time.Duration) (string, error) {
	blocked, err := h.tx.Blocked(p.ID, h.sender.Address)
	if err != nil || blocked {
		return p.Address + " does not take invitations from you.", err
	}
	declined, err := h.tx.DeclinedFrom(p.ID, h.sender.ID, h.now.Add(-quiet))
	if err != nil || declined {
		return p.Address + " declined an invitation of yours lately, so no new one is sent for now.", err
	}
	return "", nil
}

// unprovenNote explains the smaller allowance of mail without proof.
func unprovenNote(p db.Proof) string {
	if p != db.NoProof {
		return ""
	}
	return " for mail that is not a reply to one of this service's mails (a reply carries your key)"
}
