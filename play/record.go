package play

import "pbem/grammar"

// record1 handles "record": the game's record attached.
func (h *handling) record1(c *grammar.Command) error {
	t, err := h.anyGame(c)
	if t == nil || err != nil {
		return err
	}
	h.say(c.String(), "Records by mail are not available yet.")
	return nil
}

// review handles "review": a record attached or pasted, checked.
func (h *handling) review(c *grammar.Command) error {
	h.say(c.String(), "Reviews by mail are not available yet.")
	return nil
}
