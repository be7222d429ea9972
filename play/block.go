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
		h.say(c.String(), "You block nobody. \"block ADDRESS\" refuses that address's invitations; \"block invitations\" refuses every invitation.")
		return nil
	}
	var words []string
	for _, b := range list {
		if b == db.BlockAll {
			b = "all invitations"
		}
		words = append(words, b)
	}
	h.say(c.String(), "You block: %s. \"unblock ADDRESS\" or \"unblock invitations\" undoes a block.", strings.Join(words, ", "))
	return nil
}

// block handles "block ADDRESS|invitations" and "unblock ...": an
// address's invitations, or every invitation, are refused without the
// sender being troubled with them.
func (h *handling) block(c *grammar.Command, _ *table) error {
	target, what := c.Block.Target, "invitations from "+c.Block.Target
	if target == "invitations" {
		target, what = db.BlockAll, "all invitations"
	} else {
		a, err := mail.ParseAddress(target)
		if err != nil {
			h.say(c.String(), "%q is not a mail address: write \"%s name@example.org\" or \"%s invitations\". Nothing was changed.",
				target, c.Block.Verb, c.Block.Verb)
			return nil
		}
		target = strings.ToLower(a.Address)
		if target == h.sender.Address {
			h.say(c.String(), "That is your own address. Nothing was changed.")
			return nil
		}
	}
	if c.Block.Verb == "unblock" {
		was, err := h.tx.Unblock(h.sender.ID, target)
		if err != nil {
			return err
		}
		if !was {
			h.say(c.String(), "You did not block %s. Nothing was changed.", what)
			return nil
		}
		h.say(c.String(), "You take %s again.", what)
		return nil
	}
	if err := h.tx.Block(h.sender.ID, target, h.now); err != nil {
		return err
	}
	h.say(c.String(), "From now on %s are refused, and you are not told of them. \"unblock %s\" undoes it.",
		what, c.Block.Target)
	return nil
}
