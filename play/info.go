package play

import (
	"fmt"
	"strings"

	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// board handles "board": the reply ends with the game's board.
func (h *handling) board(c *grammar.Command, t *table) error {
	h.say(c.String(), "%s", h.tr("clocks.info.board", map[string]any{"Game": t.row.ID}))
	return nil
}

// maxHint is how many legal plies a hint lists before it counts the rest.
const maxHint = 60

// hint handles "hint": the legal plies of the seat to move.
func (h *handling) hint(c *grammar.Command, t *table) error {
	if why := notActiveIn(h.lang, t); why != "" {
		h.say(c.String(), "%s", why)
		return nil
	}
	legal := t.game.Legal()
	if hinter, ok := t.game.(rules.Hinter); ok && len(legal) > maxHint {
		h.say(c.String(), "%s", h.tr("clocks.info.hint", map[string]any{"Seat": t.seatLabelIn(h.lang, int(t.game.ToMove())), "Hint": i18n.Render(h.lang, hinter.Hint())}))
		return nil
	}
	words := make([]string, 0, min(len(legal), maxHint))
	for i, p := range legal {
		if i == maxHint {
			break
		}
		words = append(words, p.String())
	}
	args := map[string]any{"Seat": t.seatLabelIn(h.lang, int(t.game.ToMove())), i18n.CountArg: len(legal), "Game": t.row.ID,
		"Plies": strings.Join(words, " ")}
	id := "clocks.info.legal"
	if len(legal) > maxHint {
		id, args["More"] = "clocks.info.legal_more", len(legal)-maxHint
	}
	h.say(c.String(), "%s", h.tr(id, args))
	return nil
}

// preview handles "preview": the board after some plies, nothing stored.
func (h *handling) preview(c *grammar.Command, t *table) error {
	if why := notActiveIn(h.lang, t); why != "" {
		h.say(c.String(), "%s", why)
		return nil
	}
	g := t.game.Clone()
	// With dice, the first ply must use the roll of the turn; later turns'
	// rolls are not known yet, so any roll goes for them. A line of
	// conditional moves previews as its plies: "if" and "then" are no plies.
	for _, tok := range c.Preview.Plies {
		if strings.EqualFold(tok, "if") || strings.EqualFold(tok, "then") {
			continue
		}
		if err := rules.PlayToken(g, tok); err != nil {
			h.say(c.String(), "%s", h.tr("clocks.info.preview_stops", map[string]any{"Token": tok, "Reason": refusal(h.lang, err, tok, t.row.ID)}))
			return nil
		}
	}
	h.say(c.String(), "%s\n\n%s", h.tr("clocks.info.preview", map[string]any{"Game": t.row.ID, "Plies": strings.Join(c.Preview.Plies, " ")}),
		boardIn(h.lang, g.Board()))
	return nil
}

// games handles "games": the sender's games and whose turn it is.
func (h *handling) games(c *grammar.Command, _ *table) error {
	mine, err := h.tx.GamesOf(h.sender.ID)
	if err != nil {
		return err
	}
	if len(mine) == 0 {
		h.say(c.String(), "%s", h.tr("clocks.info.no_games", nil))
		return nil
	}
	var b strings.Builder
	b.WriteString(h.tr("clocks.info.games", map[string]any{"Number": len(mine)}))
	for _, row := range mine {
		t, err := h.table(row.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n  %d  %s - %s", row.ID, t.title(), gameStatus(h.lang, t, h.sender.Address))
		more, err := h.clockSummary(t, h.sender)
		if err != nil {
			return err
		}
		if more != "" {
			fmt.Fprintf(&b, "\n      %s", more)
		}
	}
	vacation, err := h.vacationSummary(h.sender)
	if err != nil {
		return err
	}
	h.say(c.String(), "%s\n%s", b.String(), vacation)
	return nil
}

// watch handles "watch" and "unwatch".
func (h *handling) watch(c *grammar.Command, t *table) error {
	if c.Watch.Verb == "unwatch" {
		was, err := h.tx.Unwatch(t.row.ID, h.sender.ID)
		if err != nil {
			return err
		}
		if !was {
			h.say(c.String(), "%s", h.tr("clocks.info.not_watching", map[string]any{"Game": t.row.ID}))
			return nil
		}
		h.say(c.String(), "%s", h.tr("clocks.info.unwatched", map[string]any{"Game": t.row.ID}))
		return nil
	}
	if t.seatOf(h.sender.Address) >= 0 {
		h.say(c.String(), "%s", h.tr("clocks.info.watch_seat", map[string]any{"Game": t.row.ID}))
		return nil
	}
	if err := h.tx.Watch(t.row.ID, h.sender.ID, h.now); err != nil {
		return err
	}
	h.say(c.String(), "%s", h.tr("clocks.info.watching", map[string]any{"Game": t.row.ID}))
	return nil
}
