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
		h.say(read, "%s", h.tr("invite.invite_per_mail", map[string]any{"Count": lim.InviteesPerMail}))
		return false, nil
	}
	// Mail without proof (not a reply to one of the service's mails, which
	// carry the key) may invite no more a day than one mail may.
	perDay, msg := lim.InviteesPerDay, "invite.invite_per_day"
	if h.proof == db.NoProof {
		perDay, msg = lim.InviteesPerMail, "invite.invite_per_day_unproven"
	}
	n, err := h.tx.InvitationsBy(h.sender.ID, h.now.Add(-day))
	if err != nil {
		return false, err
	}
	if n+len(invitees) > perDay {
		h.say(read, "%s", h.tr(msg, map[string]any{"Count": n, "Max": perDay, "After": whenIn(h.lang, h.now.Add(day), h.zone(h.sender))}))
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
				h.say(read, "%s %s", why, h.tr("invite.nothing_started", nil))
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
			h.say(read, "%s", h.tr("invite.strangers_open", map[string]any{"Address": addr, "Count": open}))
			return false, nil
		}
	}
	h.limits.invited += len(invitees)
	return true, nil
}

// refusesInvitation says why a player takes no invitation from the sender
// now, in the sender's language, or "".
func (h *handling) refusesInvitation(p db.Player, quiet time.Duration) (string, error) {
	blocked, err := h.tx.Blocked(p.ID, h.sender.Address)
	if err != nil || blocked {
		return h.tr("invite.blocks_you", map[string]any{"Address": p.Address}), err
	}
	declined, err := h.tx.DeclinedFrom(p.ID, h.sender.ID, h.now.Add(-quiet))
	if err != nil || declined {
		return h.tr("invite.declined_lately", map[string]any{"Address": p.Address}), err
	}
	return "", nil
}
