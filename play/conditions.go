package play

import (
	"errors"
	"slices"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// Conditional moves: in a game of two seats without dice a player may
// leave answers to the opponent's coming plies, "if L9 then M10", chained
// ("if L9 then M10 if N11 then O12": after my M10, if they then play N11,
// I answer O12), with several lines for alternatives. A seat's lines form a
// tree kept in the store, seen by nobody else until played. When the
// opponent plays a ply the tree answers, the answer is played in the same
// transaction, as the seat's own ply but with no time taken from its clock,
// and one mail tells each player of both plies. A ply the tree does not
// cover drops the whole tree, and its owner is told. Every answer is
// checked when stored and again when played.

// conditionsAllowed says why a game takes no conditional moves, in lang,
// or "".
func conditionsAllowed(lang i18n.Lang, t *table) string {
	if takesConditions(t) {
		return ""
	}
	if len(t.row.Seats) != 2 {
		return i18n.Tr(lang, "plies.cond_two_players", map[string]any{"Game": t.row.ID, "Seats": len(t.row.Seats)})
	}
	return i18n.Tr(lang, "plies.cond_dice", map[string]any{"Game": t.row.ID})
}

// takesConditions reports whether a game takes conditional moves: two
// seats, no dice.
func takesConditions(t *table) bool {
	_, dice := t.game.(rules.Roller)
	return len(t.row.Seats) == 2 && !dice
}

// conditionLine writes a line of plies as the command does: "if L9 then
// M10 if N11 then O12".
func conditionLine(plies []string) string {
	var parts []string
	for i := 0; i+1 < len(plies); i += 2 {
		parts = append(parts, "if "+plies[i]+" then "+plies[i+1])
	}
	return strings.Join(parts, " ")
}

// treeText shows a seat's conditional moves one line each.
func treeText(lines [][]string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("\n  " + conditionLine(l))
	}
	return b.String()
}

// checkLine plays a line of conditions on a copy of the game, the
// opponent's plies and the answers in turn, and gives the plies in
// canonical form. A ply the rules refuse stops it: why names the ply,
// whose it is and the rule, in lang.
func checkLine(lang i18n.Lang, t *table, owner int, plies []string) (line []string, why string) {
	g := t.game.Clone()
	out := make([]string, 0, len(plies))
	for i, tok := range plies {
		whose := "answer"
		if i%2 == 0 {
			whose = "opponent"
		}
		if g.Outcome().Over {
			return nil, i18n.Tr(lang, "plies.cond_over_"+whose, map[string]any{"Ply": tok})
		}
		if want := rules.Seat(owner); (i%2 == 1) != (g.ToMove() == want) {
			return nil, i18n.Tr(lang, "plies.cond_turn_"+whose, map[string]any{"Ply": tok, "Seat": t.seatLabelIn(lang, int(g.ToMove()))})
		}
		p, err := g.Parse(tok)
		if err == nil {
			err = g.Play(p)
		}
		if err != nil {
			return nil, i18n.Tr(lang, "plies.cond_refused_"+whose, map[string]any{"Ply": tok, "N": g.Plies() + 1, "Reason": ruleWords(lang, err)})
		}
		out = append(out, p.String())
	}
	return out, ""
}

// ruleWords is a rules error's sentence with the rule it names, in lang.
func ruleWords(lang i18n.Lang, err error) string {
	var re *rules.Error
	if !errors.As(err, &re) {
		return i18n.Error(lang, err)
	}
	msg := strings.TrimSuffix(i18n.Render(lang, re.Reason()), ".")
	if rule := i18n.Tr(lang, string(re.Rule), nil); re.Rule != "" && !strings.Contains(msg, "("+rule+")") {
		msg += " (" + rule + ")"
	}
	return msg
}

// conflict finds how a new line contradicts a stored one: the same plies
// of the opponent answered otherwise. It gives the index of the
// opponent's ply answered otherwise, or -1 when the lines agree.
func conflict(old, line []string) int {
	for i := 0; i+1 < len(old) && i+1 < len(line); i += 2 {
		if old[i] != line[i] {
			return -1
		}
		if old[i+1] != line[i+1] {
			return i
		}
	}
	return -1
}

// conditional handles "if PLY then PLY ...": the line is checked in the
// position it would be played in and added to the sender's tree.
func (h *handling) conditional(c *grammar.Command, t *table) error {
	read := c.String()
	if why := conditionsAllowed(h.lang, t); why != "" {
		h.say(read, "%s", h.tr("plies.cond_nothing_stored", map[string]any{"Why": why}))
		return nil
	}
	seat := t.seatOf(h.sender.Address)
	if int(t.game.ToMove()) == seat {
		h.say(read, "%s", h.tr("plies.cond_your_move", map[string]any{"Game": t.row.ID}))
		return nil
	}
	line, why := checkLine(h.lang, t, seat, c.If.Plies)
	if why != "" {
		h.say(read, "%s", h.tr("plies.cond_not_stored", map[string]any{"Why": why, "Game": t.row.ID}))
		return nil
	}
	conds, _, err := h.tx.GetConditions(t.row.ID, seat)
	if err != nil {
		return err
	}
	if conds.At != t.game.Plies() {
		// Lines set for another ply of the game are stale.
		conds.Lines = nil
	}
	for _, old := range conds.Lines {
		if i := conflict(old, line); i >= 0 {
			h.say(read, "%s", h.tr("plies.cond_conflict", map[string]any{"Ply": line[i], "Answer": old[i+1],
				"Line": conditionLine(old), "Game": t.row.ID}))
			return nil
		}
		if slices.Equal(old, line) {
			h.say(read, "%s", h.tr("plies.cond_have_already", map[string]any{"Game": t.row.ID, "Lines": treeText(conds.Lines)}))
			return nil
		}
	}
	conds.Seat, conds.Lines, conds.At, conds.Updated = seat, append(conds.Lines, line), t.game.Plies(), h.now
	if err := h.tx.PutConditions(t.row.ID, conds); err != nil {
		return err
	}
	h.say(read, "%s", h.tr("plies.cond_stored", map[string]any{"Game": t.row.ID, "Lines": treeText(conds.Lines)}))
	return nil
}

// conditionsCmd handles "conditions [GAME]" and "cancel conditions
// [GAME]".
func (h *handling) conditionsCmd(c *grammar.Command, t *table) error {
	seat := t.seatOf(h.sender.Address)
	conds, ok, err := h.tx.GetConditions(t.row.ID, seat)
	if err != nil {
		return err
	}
	switch {
	case !ok || conds.At != t.game.Plies() && !c.Conditions.Cancel: // stale lines are dropped when next met
		h.say(c.String(), "%s", h.tr("plies.cond_none", map[string]any{"Game": t.row.ID}))
	case c.Conditions.Cancel:
		if err := h.tx.DeleteConditions(t.row.ID, seat); err != nil {
			return err
		}
		h.say(c.String(), "%s", h.tr("plies.cond_cancelled", map[string]any{"Game": t.row.ID, "Lines": treeText(conds.Lines)}))
	default:
		h.say(c.String(), "%s", h.tr("plies.cond_list", map[string]any{"Game": t.row.ID, "Lines": treeText(conds.Lines)}))
	}
	return nil
}

// condNews is what the conditional moves did after a ply: the sentences
// for the watchers, and for each seat (its own answers are "your"), each
// put into its reader's language when the mail is written.
type condNews struct {
	all    []words
	bySeat map[int][]words
}

// add tells of a conditional answer: the owner reads own, the other seat
// and the watchers others.
func (n *condNews) add(owner int, own, others words) {
	n.all = append(n.all, others)
	for s := range 2 {
		if s == owner {
			n.bySeat[s] = append(n.bySeat[s], own)
		} else {
			n.bySeat[s] = append(n.bySeat[s], others)
		}
	}
}

// after is a headline (or none) followed by news, in the reader's
// language.
func after(headline words, news []words) words {
	return func(lang i18n.Lang) string {
		var s string
		if headline != nil {
			s = headline(lang)
		}
		for _, w := range news {
			s += " " + w(lang)
		}
		return s
	}
}

// answerConditions plays the answers of the conditional moves of the seat
// to move, once the opponent has played, for as long as trees answer (the
// answer may meet the other seat's tree). A ply a tree does not cover, or
// an answer the rules now refuse, drops the tree.
func (h *handling) answerConditions(t *table) (condNews, error) {
	news := condNews{bySeat: map[int][]words{}}
	for range 64 { // every round uses up a level of a tree
		if t.row.State != db.Active || t.game.Outcome().Over || !takesConditions(t) || len(t.plies) == 0 {
			return news, nil
		}
		seat := int(t.game.ToMove())
		last := t.plies[len(t.plies)-1]
		if last.Seat == seat {
			return news, nil
		}
		conds, ok, err := h.tx.GetConditions(t.row.ID, seat)
		if err != nil || !ok {
			return news, err
		}
		if conds.At != last.N-1 {
			// The game went past the ply the lines answer (the service
			// passed for their owner, say): they no longer fit.
			if err := h.tx.DeleteConditions(t.row.ID, seat); err != nil {
				return news, err
			}
			news.bySeat[seat] = append(news.bySeat[seat], tr("plies.cond_gone_past", map[string]any{"Ply": conds.At + 1, "Lines": treeText(conds.Lines)}))
			return news, nil
		}
		var answer string
		var rest [][]string
		for _, l := range conds.Lines {
			if len(l) >= 2 && l[0] == last.Token {
				answer = l[1]
				if len(l) > 2 {
					rest = append(rest, l[2:])
				}
			}
		}
		if answer == "" {
			if err := h.tx.DeleteConditions(t.row.ID, seat); err != nil {
				return news, err
			}
			news.bySeat[seat] = append(news.bySeat[seat], tr("plies.cond_not_covered", map[string]any{"Ply": last.Token, "Lines": treeText(conds.Lines)}))
			return news, nil
		}
		g := t.game.Clone()
		p, err := g.Parse(answer)
		if err == nil {
			err = g.Play(p)
		}
		if err != nil {
			if err := h.tx.DeleteConditions(t.row.ID, seat); err != nil {
				return news, err
			}
			refused, ply := err, last.Token
			news.bySeat[seat] = append(news.bySeat[seat], func(lang i18n.Lang) string {
				return i18n.Tr(lang, "plies.cond_answer_refused", map[string]any{"Answer": answer, "Ply": ply, "Reason": ruleWords(lang, refused)})
			})
			return news, nil
		}
		n := t.game.Plies() + 1
		if err := h.tx.AddPly(t.row.ID, db.Ply{N: n, Seat: seat, Token: p.String(), PlayedAt: h.now, Conditional: true}); err != nil {
			return news, err
		}
		if err := h.tx.ClearOffers(t.row.ID); err != nil {
			return news, err
		}
		conds.Lines, conds.At, conds.Updated = rest, n, h.now
		if err := h.tx.PutConditions(t.row.ID, conds); err != nil {
			return news, err
		}
		tk, tt, ply := takenBy(g, rules.Seat(seat)), t, p.String()
		news.add(seat, func(lang i18n.Lang) string {
			return i18n.Tr(lang, "plies.cond_answered_you", map[string]any{"Ply": ply, "N": n, "Taken": tk.words(lang, true)})
		}, func(lang i18n.Lang) string {
			return i18n.Tr(lang, "plies.cond_answered", map[string]any{"Seat": tt.seatLabelIn(lang, seat), "Ply": ply, "N": n, "Taken": tk.words(lang, false)})
		})
		if t, err = h.reload(t.row.ID); err != nil {
			return news, err
		}
		if err := h.autoPlay(t); err != nil {
			return news, err
		}
		t = h.tables[t.row.ID]
	}
	return news, nil
}

// notifyConditional tells the others of a ply and what conditional moves
// did after it, in one mail each; the sender's reply says it too.
func (h *handling) notifyConditional(t *table, headline words, news condNews) error {
	if len(news.bySeat) == 0 {
		return h.notifyPly(t, headline)
	}
	from := len(h.notices)
	for _, s := range t.row.Seats {
		if s.PlayerID == h.sender.ID {
			if mine := news.bySeat[s.Seat]; len(mine) > 0 {
				h.say("", "%s", strings.TrimSpace(after(nil, mine)(h.lang)))
			}
			continue
		}
		p, err := h.tx.PlayerByID(s.PlayerID)
		if err != nil {
			return err
		}
		h.notify(p, t, after(headline, news.bySeat[s.Seat]))
	}
	ws, err := h.tx.Watchers(t.row.ID)
	if err != nil {
		return err
	}
	for _, w := range ws {
		if w.ID != h.sender.ID && t.seatOf(w.Address) < 0 {
			h.notify(w, t, after(headline, news.all))
		}
	}
	if t.row.State == db.Active {
		for i := from; i < len(h.notices); i++ {
			h.notices[i].ply = true
		}
	}
	return nil
}

// conditionalComment marks, in a record, a ply that conditional moves
// played.
const conditionalComment = "conditional"
