package play

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"pbem/db"
	"pbem/grammar"
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
		h.say(c.String(), "A vacation is a whole number of days from 1 to %d, such as \"vacation 7\". Nothing was changed.", allowance)
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
		h.say(c.String(), "You have %d vacation day(s) left in %d, fewer than the %d asked for. Nothing was changed.", have, year, n)
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
	var ids []string
	for _, t := range tables {
		ids = append(ids, strconv.FormatInt(t.row.ID, 10))
	}
	games := "You have no game going on now; games you start meanwhile wait for you too."
	if len(ids) > 0 {
		games = fmt.Sprintf("Your clock in game %s stands still whenever it is your move; your opponents' clocks run on.", orList(ids))
	}
	h.say(c.String(), "You are on vacation until %s. %s %d of %d vacation days are left in %d. Send \"back\" to end it early: the days not begun come back.",
		when(until, h.zone(h.sender)), games, allowance-v.DaysUsed, allowance, year)
	for _, t := range tables {
		err := h.notifySeats(t, h.sender.ID, func(p db.Player) words {
			return english(fmt.Sprintf("%s is on vacation until %s: in game %d their clock stands still while it is their move.",
				t.seatLabel(t.seatOf(h.sender.Address)), when(until, h.zone(p)), t.row.ID))
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
		h.say(c.String(), "You are not on vacation, so your clocks run already.")
		return nil
	}
	refund := unbegunDays(v, h.now)
	v.DaysUsed -= refund
	v.Since, v.Until = nil, nil
	if err := h.tx.PutVacation(v); err != nil {
		return err
	}
	clocks, tables, err := h.clocksAfterVacation()
	if err != nil {
		return err
	}
	left := h.s.cfg.VacationDays - usedIn(v, h.now.UTC().Year())
	h.say(c.String(), "Welcome back: your vacation is over and your clocks run again. %d day(s) not begun came back; %d of %d vacation days are left in %d.%s",
		refund, left, h.s.cfg.VacationDays, h.now.UTC().Year(), clocks)
	return h.notifyBack(tables, func(db.Player) string { return "is back from vacation" })
}

// notifyBack tells the other seats of each of the sender's active games
// that the sender's vacation is over, as they were told when it began:
// ended says how ("is back from vacation").
func (h *handling) notifyBack(tables []*table, ended func(p db.Player) string) error {
	for _, t := range tables {
		err := h.notifySeats(t, h.sender.ID, func(p db.Player) words {
			return english(fmt.Sprintf("%s %s, and their clock in game %d runs again.",
				t.seatLabel(t.seatOf(h.sender.Address)), ended(p), t.row.ID))
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
	clocks, tables, err := h.clocksAfterVacation()
	if err != nil {
		return false, err
	}
	body := wrap(fmt.Sprintf("Your vacation ended at %s: your clocks run again.%s", when(until, h.zone(h.sender)), clocks), width) + "\n"
	if err := h.queue(h.sender.Address, nil, "[pbem] Your vacation is over", body, false, nil); err != nil {
		return false, err
	}
	return true, h.notifyBack(tables, func(p db.Player) string {
		return "is back: their vacation ended at " + when(until, h.zone(p))
	})
}

// clocksAfterVacation restarts the sender's clocks and lists, for a mail,
// the games where it is the sender's move with their deadlines. It returns
// the sender's active games too.
func (h *handling) clocksAfterVacation() (string, []*table, error) {
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
			fmt.Fprintf(&b, "\n  Game %d: play by %s.", t.row.ID, deadlineWords(clk, h.zone(h.sender), h.now))
		}
	}
	if b.Len() == 0 {
		return "", tables, nil
	}
	return "\n" + b.String(), tables, nil
}
