package play

import (
	"net/mail"
	"strings"

	"pbem/db"
	"pbem/grammar"
)

// blocks handles "block" alone: what the sender refuses invitations from.
func (h *handling) blocks(c *grammar.Command, _ *table) error {
	list, err := h.tx.Blocks(h.sender.ID)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		h.say(c.String(), "%s", h.tr("invite.blocks_none", nil))
		return nil
	}
	var words []string
	for _, b := range list {
		if b == db.BlockAll {
			b = h.tr("invite.blocks_all", nil)
		}
		words = append(words, b)
	}
	h.say(c.String(), "%s", h.tr("invite.blocks_list", map[string]any{"List": strings.Join(words, ", ")}))
	return nil
}

// block handles "block ADDRESS|invitations" and "unblock ...": an
// address's invitations, or every invitation, are refused without the
// sender being troubled with them.
func (h *handling) block(c *grammar.Command, _ *table) error {
	// The answers name the address as written; the store keeps it in
	// lower case. kind is "address" or "all", the answers' keys.
	target, kind := c.Block.Target, "address"
	args := map[string]any{"Address": c.Block.Target, "Target": c.Block.Target}
	if target == "invitations" {
		target, kind = db.BlockAll, "all"
	} else {
		a, err := mail.ParseAddress(target)
		if err != nil {
			h.say(c.String(), "%s", h.tr("invite."+c.Block.Verb+"_bad_address", args))
			return nil
		}
		target = strings.ToLower(a.Address)
		if target == h.sender.Address {
			h.say(c.String(), "%s", h.tr("invite.block_own_address", nil))
			return nil
		}
	}
	if c.Block.Verb == "unblock" {
		was, err := h.tx.Unblock(h.sender.ID, target)
		if err != nil {
			return err
		}
		if !was {
			h.say(c.String(), "%s", h.tr("invite.unblock_not_"+kind, args))
			return nil
		}
		h.say(c.String(), "%s", h.tr("invite.unblocked_"+kind, args))
		return nil
	}
	if err := h.tx.Block(h.sender.ID, target, h.now); err != nil {
		return err
	}
	h.say(c.String(), "%s", h.tr("invite.blocked_"+kind, args))
	return nil
}
