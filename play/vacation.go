package play

import (
	"strconv"
	"strings"
	"time"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// A vacation stops a player's clocks: in each of the player's games the
// clock stands still while it is the player's move (the opponents' clocks
// run on). Each player has an allowance of days a year (Config.VacationDays),
// charged when the vacation starts to the year it starts in; "back" ends it
// early and gives back the days not begun.

// unbegunDays are the days of a running vacation not begun by now.
func unbegunDays(v db.Vacation, now time.Time) int {
	if v.Since == nil || v.Until == nil {
		return 0
	}
	charged := int((v.Until.Sub(*v.Since) + day/2) / day)
	begun := int((now.Sub(*v.Since) + day - 1) / day)
	return max(charged-begun, 0)
}

// vacation handles "vacation [N]": N days away from now, replacing a
// vacation that runs; without N, the days left.
func (h *handling) vacation(c *grammar.Command, _ *table) error {
	if c.Vacation.Days == "" {
		s, err := h.vacationSummary(h.sender)
		if err != nil {
			return err
		}
		h.say(c.String(), "%s", s)
		return nil
	}
	allowance := h.s.cfg.VacationDays
	n, err := strconv.Atoi(c.Vacation.Days)
	if err != nil || n < 1 || n > allowance {
		h.say(c.String(), "%s", h.tr("clocks.vacation.range", map[string]any{"Max": allowance}))
		return nil
	}
	v, err := h.tx.Vacation(h.sender.ID)
	if err != nil {
		return err
	}
	year := h.now.UTC().Year()
	if v.Away(h.now) {
		v.DaysUsed -= unbegunDays(v, h.now) // the running vacation ends now
	}
	if v.Year != year {
		v.Year, v.DaysUsed = year, 0
	}
	if have := allowance - v.DaysUsed; n > have {
		h.say(c.String(), "%s", h.tr("clocks.vacation.too_few", map[string]any{i18n.CountArg: have, "Year": year, "Asked": n}))
		return nil
	}
	now, until := h.now, h.now.Add(time.Duration(n)*day)
	v.Since, v.Until = &now, &until
	v.DaysUsed += n
	if err := h.tx.PutVacation(v); err != nil {
		return err
	}
	tables, err := h.settlePlayer(h.sender.ID)
	if err != nil {
		return err
	}
	var ids rules.OrList
	for _, t := range tables {
		ids = append(ids, strconv.FormatInt(t.row.ID, 10))
	}
	games := h.tr("clocks.vacation.no_games", nil)
	if len(ids) > 0 {
		games = h.tr("clocks.vacation.games", map[string]any{"Games": ids})
	}
	h.say(c.String(), "%s", h.tr("clocks.vacation.set", map[string]any{
		"Until": whenIn(h.lang, until, h.zone(h.sender)), "Games": games,
		"Left": allowance - v.DaysUsed, "Days": allowance, "Year": year}))
	for _, t := range tables {
		seat := t.seatOf(h.sender.Address)
		err := h.notifySeats(t, h.sender.ID, func(p db.Player) words {
			return func(lang i18n.Lang) string {
				return i18n.Tr(lang, "clocks.vacation.notice", map[string]any{
					"Seat": t.seatLabelIn(lang, seat), "Until": whenIn(lang, until, h.zone(p)), "Game": t.row.ID})
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// back handles "back": the vacation ends now.
func (h *handling) back(c *grammar.Command, _ *table) error {
	v, err := h.tx.Vacation(h.sender.ID)
	if err != nil {
		return err
	}
	if !v.Away(h.now) {
		h.say(c.String(), "%s", h.tr("clocks.vacation.not_away", nil))
		return nil
	}
	refund := unbegunDays(v, h.now)
	v.DaysUsed -= refund
	v.Since, v.Until = nil, nil
	if err := h.tx.PutVacation(v); err != nil {
		return err
	}
	clocks, tables, err := h.clocksAfterVacation(h.lang)
	if err != nil {
		return err
	}
	year := h.now.UTC().Year()
	h.say(c.String(), "%s", h.tr("clocks.vacation.welcome", map[string]any{i18n.CountArg: refund,
		"Left": h.s.cfg.VacationDays - usedIn(v, year), "Days": h.s.cfg.VacationDays, "Year": year, "Clocks": clocks}))
	return h.notifyBack(tables, nil)
}

// notifyBack tells the other seats of each of the sender's active games
// that the sender's vacation is over, as they were told when it began:
// "back" ended it, or (ended not nil) its time ran out then.
func (h *handling) notifyBack(tables []*table, ended *time.Time) error {
	for _, t := range tables {
		seat := t.seatOf(h.sender.Address)
		err := h.notifySeats(t, h.sender.ID, func(p db.Player) words {
			return func(lang i18n.Lang) string {
				args := map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": t.row.ID}
				if ended == nil {
					return i18n.Tr(lang, "clocks.vacation.back_notice", args)
				}
				args["When"] = whenIn(lang, *ended, h.zone(p))
				return i18n.Tr(lang, "clocks.vacation.ended_notice", args)
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// vacationOver ends a player's vacation whose last day has passed, and
// tells the player (a tick's work).
func (h *handling) vacationOver(playerID int64) (bool, error) {
	v, err := h.tx.Vacation(playerID)
	if err != nil || v.Until == nil || v.Until.After(h.now) {
		return false, err
	}
	until := *v.Until
	v.Since, v.Until = nil, nil
	if err := h.tx.PutVacation(v); err != nil {
		return false, err
	}
	if h.sender, err = h.tx.PlayerByID(playerID); err != nil {
		return false, err
	}
	// The tick has no sender; the vacationer reads this mail as one.
	lang := h.s.langOf(h.sender)
	h.lang = lang
	clocks, tables, err := h.clocksAfterVacation(lang)
	if err != nil {
		return false, err
	}
	body := wrap(i18n.Tr(lang, "clocks.vacation.over", map[string]any{"When": whenIn(lang, until, h.zone(h.sender)), "Clocks": clocks}), width) + "\n"
	if err := h.queue(h.sender.Address, nil, "[pbem] "+i18n.Tr(lang, "clocks.vacation.over_subject", nil), body, false, nil); err != nil {
		return false, err
	}
	return true, h.notifyBack(tables, &until)
}

// clocksAfterVacation restarts the sender's clocks and lists, for a mail,
// the games where it is the sender's move with their deadlines, in lang.
// It returns the sender's active games too.
func (h *handling) clocksAfterVacation(lang i18n.Lang) (string, []*table, error) {
	tables, err := h.settlePlayer(h.sender.ID)
	if err != nil {
		return "", nil, err
	}
	var b strings.Builder
	for _, t := range tables {
		clk, ok, err := h.tx.Clock(t.row.ID)
		if err != nil {
			return "", nil, err
		}
		if ok && clk.Reason == db.Running && t.seatOf(h.sender.Address) == clk.Seat {
			b.WriteString("\n  " + i18n.Tr(lang, "clocks.vacation.play_by", map[string]any{
				"Game": t.row.ID, "Deadline": deadlineWords(lang, clk, h.zone(h.sender), h.now)}))
		}
	}
	if b.Len() == 0 {
		return "", tables, nil
	}
	return "\n" + b.String(), tables, nil
}
