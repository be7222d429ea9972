package play

import (
	"errors"
	"fmt"
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

// conditionsAllowed says why a game takes no conditional moves, or "".
func conditionsAllowed(t *table) string {
	if len(t.row.Seats) != 2 {
		return fmt.Sprintf("Conditional moves are for games of two players; game %d has %d.", t.row.ID, len(t.row.Seats))
	}
	if _, dice := t.game.(rules.Roller); dice {
		return fmt.Sprintf("Conditional moves are for games without dice: in game %d the rolls to come are not known.", t.row.ID)
	}
	return ""
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
// canonical form. A ply the rules refuse stops it: the error names the
// ply, whose it is and the rule.
func checkLine(lang i18n.Lang, t *table, owner int, plies []string) ([]string, error) {
	g := t.game.Clone()
	out := make([]string, 0, len(plies))
	for i, tok := range plies {
		whose := "your answer"
		if i%2 == 0 {
			whose = "the opponent's ply"
		}
		if g.Outcome().Over {
			return nil, fmt.Errorf("the game would be over before %s %s", whose, tok)
		}
		if want := rules.Seat(owner); (i%2 == 1) != (g.ToMove() == want) {
			return nil, fmt.Errorf("%s %s would come when %s is to move", whose, tok, t.seatLabel(int(g.ToMove())))
		}
		p, err := g.Parse(tok)
		if err == nil {
			err = g.Play(p)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s, ply %d, is refused: %s", whose, tok, g.Plies()+1, ruleWords(lang, err))
		}
		out = append(out, p.String())
	}
	return out, nil
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

// conflict says how a new line contradicts a stored one: the same plies
// of the opponent answered otherwise. "" when they agree.
func conflict(old, line []string) string {
	for i := 0; i+1 < len(old) && i+1 < len(line); i += 2 {
		if old[i] != line[i] {
			return ""
		}
		if old[i+1] != line[i+1] {
			return fmt.Sprintf("your conditions answer %s with %s already (%s)", line[i], old[i+1], conditionLine(old))
		}
	}
	return ""
}

// conditional handles "if PLY then PLY ...": the line is checked in the
// position it would be played in and added to the sender's tree.
func (h *handling) conditional(c *grammar.Command, t *table) error {
	read := c.String()
	if why := conditionsAllowed(t); why != "" {
		h.say(read, "%s Nothing was stored.", why)
		return nil
	}
	seat := t.seatOf(h.sender.Address)
	if int(t.game.ToMove()) == seat {
		h.say(read, "It is your move in game %d: conditional moves answer your opponent's coming plies, so play your ply first (in the same mail, above the conditions, or later). Nothing was stored.", t.row.ID)
		return nil
	}
	line, err := checkLine(h.lang, t, seat, c.If.Plies)
	if err != nil {
		h.say(read, "This line was not stored: %s. Your other conditions in game %d are unchanged.", err, t.row.ID)
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
		if why := conflict(old, line); why != "" {
			h.say(read, "This line was not stored: %s. Send \"cancel conditions %d\" and then the lines you want. Your other conditions are unchanged.", why, t.row.ID)
			return nil
		}
		if slices.Equal(old, line) {
			h.say(read, "You have this line in game %d already. Your conditional moves:%s", t.row.ID, treeText(conds.Lines))
			return nil
		}
	}
	conds.Seat, conds.Lines, conds.At, conds.Updated = seat, append(conds.Lines, line), t.game.Plies(), h.now
	if err := h.tx.PutConditions(t.row.ID, conds); err != nil {
		return err
	}
	h.say(read, "Stored for game %d. Your conditional moves, which only you see until they are played:%s", t.row.ID, treeText(conds.Lines))
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
		h.say(c.String(), "You have no conditional moves in game %d. Send \"if PLY then PLY\" while it is your opponent's move to set some.", t.row.ID)
	case c.Conditions.Cancel:
		if err := h.tx.DeleteConditions(t.row.ID, seat); err != nil {
			return err
		}
		h.say(c.String(), "Your conditional moves in game %d are cancelled:%s", t.row.ID, treeText(conds.Lines))
	default:
		h.say(c.String(), "Your conditional moves in game %d, which only you see until they are played:%s", t.row.ID, treeText(conds.Lines))
	}
	return nil
}

// condNews is what the conditional moves did after a ply: the sentences
// for the watchers, and for each seat (its own answers are "your").
type condNews struct {
	all    string
	bySeat map[int]string
}

// add tells of a conditional answer: the owner reads own, the other seat
// and the watchers others.
func (n *condNews) add(owner int, own, others string) {
	n.all += " " + others
	for s := range 2 {
		if s == owner {
			n.bySeat[s] += " " + own
		} else {
			n.bySeat[s] += " " + others
		}
	}
}

// answerConditions plays the answers of the conditional moves of the seat
// to move, once the opponent has played, for as long as trees answer (the
// answer may meet the other seat's tree). A ply a tree does not cover, or
// an answer the rules now refuse, drops the tree.
func (h *handling) answerConditions(t *table) (condNews, error) {
	news := condNews{bySeat: map[int]string{}}
	for range 64 { // every round uses up a level of a tree
		if t.row.State != db.Active || t.game.Outcome().Over || conditionsAllowed(t) != "" || len(t.plies) == 0 {
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
			news.bySeat[seat] += fmt.Sprintf(" Your conditional moves answered ply %d, and the game has gone past it, so they are cancelled:%s", conds.At+1, treeText(conds.Lines))
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
			news.bySeat[seat] += fmt.Sprintf(" Your conditional moves did not cover %s, so they are cancelled:%s", last.Token, treeText(conds.Lines))
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
			lang, lerr := h.seatLang(t, seat)
			if lerr != nil {
				return news, lerr
			}
			news.bySeat[seat] += fmt.Sprintf(" Your conditional answer %s to %s was not played: the rules refuse it now (%s), so your conditional moves stop here and it is your move.",
				answer, last.Token, ruleWords(lang, err))
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
		took := takenWords(g, rules.Seat(seat))
		news.add(seat, fmt.Sprintf("Your conditional move answered: %s (ply %d)%s.", p, n, took),
			fmt.Sprintf("%s answered with a conditional move: %s (ply %d)%s.", t.seatLabel(seat), p, n, took))
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
			if mine := strings.TrimSpace(news.bySeat[s.Seat]); mine != "" {
				h.say("", "%s", mine)
			}
			continue
		}
		p, err := h.tx.PlayerByID(s.PlayerID)
		if err != nil {
			return err
		}
		h.notify(p, t, english(headline(h.s.langOf(p))+news.bySeat[s.Seat]))
	}
	ws, err := h.tx.Watchers(t.row.ID)
	if err != nil {
		return err
	}
	for _, w := range ws {
		if w.ID != h.sender.ID && t.seatOf(w.Address) < 0 {
			h.notify(w, t, english(headline(h.s.langOf(w))+news.all))
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
