package play

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/db"
	"pbem/grammar"
)

// A setting (notify, timezone, vacation, watch, block, ...) changes what
// the service does for an address, so it needs proof of the address: a
// reply key, or a trusted DKIM signature. Sent without proof, it waits:
// the reply, which goes to the address itself, lists it and asks for
// "confirm" in answer. The confirmation is tied to that one mail (its
// Message-ID, which the answer's In-Reply-To names), so a forger who sends
// more commands in the player's name cannot slip them into a confirmation
// the player gives for their own.

// confirmFor is how long a confirmation can be given.
const confirmFor = 7 * 24 * time.Hour

// askConfirmation adds to the reply the request to confirm the commands
// that waited for proof.
func (h *handling) askConfirmation() {
	if len(h.unconfirmed) == 0 {
		return
	}
	var b strings.Builder
	b.WriteString(h.tr("invite.confirm_ask", map[string]any{"Count": len(h.unconfirmed)}))
	for _, c := range h.unconfirmed {
		b.WriteString("\n  " + c)
	}
	b.WriteString("\n" + h.tr("invite.confirm_ignore", nil))
	h.refuse("", "%s", b.String())
}

// recordConfirmation keeps the commands waiting for confirmation, tied to
// the reply that asks for it, once that reply is queued.
func (h *handling) recordConfirmation() error {
	if len(h.unconfirmed) == 0 || h.replyID == "" {
		return nil
	}
	_, err := h.tx.AddConfirmation(db.Confirmation{PlayerID: h.sender.ID, Commands: h.unconfirmed,
		MailID: h.replyID, Created: h.now})
	return err
}

// confirm handles "confirm": the commands the mail answered asked to
// confirm are carried out now.
func (h *handling) confirm(c *grammar.Command, _ *table) error {
	conf, err := h.tx.ConfirmationFor(h.sender.ID, append([]string{h.m.InReplyTo}, h.m.References...))
	if errors.Is(err, db.ErrNotFound) {
		h.say(c.String(), "%s", h.tr("invite.confirm_nothing", nil))
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case conf.Done != nil:
		h.say(c.String(), "%s", h.tr("invite.confirm_done_already", map[string]any{"When": whenIn(h.lang, *conf.Done, h.zone(h.sender))}))
		return nil
	case h.now.Sub(conf.Created) > confirmFor:
		h.say(c.String(), "%s", h.tr("invite.confirm_lapsed", map[string]any{"When": whenIn(h.lang, conf.Created, h.zone(h.sender))}))
		return nil
	}
	if err := h.tx.ConfirmationDone(conf.ID, h.now); err != nil {
		return err
	}
	h.say(c.String(), "%s", h.tr("invite.confirmed", map[string]any{"Commands": strings.Join(conf.Commands, "; ")}))
	h.confirmed = true
	defer func() { h.confirmed = false }()
	for _, line := range conf.Commands {
		cmd, err := grammar.ParseCommand(line)
		if err != nil {
			return fmt.Errorf("confirmation %d: stored command %q: %w", conf.ID, line, err)
		}
		if err := h.do(cmd); err != nil {
			return err
		}
	}
	return nil
}
