package play

import (
	"strings"
	"time"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// section is the game part of a mail to a player: the board (its head,
// drawn once a handling for each table and language) and what to send
// next, then where the clock stands in the player's
// time zone or, once a rated game ended, what it did to the ratings, in
// the player's language.
func (h *handling) section(t *table, to db.Player, keyGame int64) (string, error) {
	r, err := h.readerOf(t, to, keyGame)
	if err != nil {
		return "", err
	}
	k := headKey{t, r.lang}
	head, ok := h.heads[k]
	if !ok {
		head = sectionHead(t, r.lang)
		if h.heads == nil {
			h.heads = map[headKey]string{}
		}
		h.heads[k] = head
	}
	lang := h.langOfPlayer(to)
	clock, err := h.clockLines(lang, t, to)
	if err != nil {
		return "", err
	}
	rated, err := h.ratingLines(lang, t)
	if err != nil {
		return "", err
	}
	lines := []string{wrap(nextStep(t, r), width)}
	for _, more := range []string{clock, rated, h.webLine(h.s.langOf(to), t)} {
		if more != "" {
			lines = append(lines, wrap(more, width))
		}
	}
	// One string of the right size: the head alone is a board's 2 KB.
	n := len(head)
	for _, l := range lines {
		n += len(l) + 1
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(head)
	for _, l := range lines {
		b.WriteString(l)
		b.WriteString("\n")
	}
	return b.String(), nil
}

// clockLines says where an active game's clock stands, for a mail to p in
// lang: the deadline and the time left, or why the clock stands still;
// and the banks of a bank game.
func (h *handling) clockLines(lang i18n.Lang, t *table, p db.Player) (string, error) {
	if t.row.State != db.Active {
		return "", nil
	}
	clk, ok, err := h.tx.Clock(t.row.ID)
	if err != nil || !ok {
		return "", err
	}
	loc := h.zone(p)
	mover := t.seatLabelIn(lang, clk.Seat)
	name := shortName(t.row.Seats[clk.Seat].Address, t.row.Seats[clk.Seat].Name)
	mine := t.seatOf(p.Address) == clk.Seat
	var s string
	switch clk.Reason {
	case db.Running:
		args := map[string]any{"Seat": mover, "When": whenIn(lang, clk.Deadline, loc), "Left": spanIn(lang, clk.Deadline.Sub(h.now))}
		if mine {
			s = i18n.Tr(lang, "clocks.line.deadline_yours", args)
		} else {
			s = i18n.Tr(lang, "clocks.line.deadline_of", args)
		}
	case db.PauseVacation:
		v, err := h.tx.Vacation(t.row.Seats[clk.Seat].PlayerID)
		if err != nil {
			return "", err
		}
		args := map[string]any{"Seat": mover, "Left": spanIn(lang, left(clk, h.now))}
		if v.Until != nil {
			args["Until"] = whenIn(lang, *v.Until, loc)
			s = i18n.Tr(lang, "clocks.line.vacation", args)
		} else {
			s = i18n.Tr(lang, "clocks.line.vacation_open", args)
		}
	case db.PauseBounce:
		holds, err := h.tx.BounceHolds(t.row.ID)
		if err != nil {
			return "", err
		}
		var who rules.OrList
		for _, id := range holds {
			if seat := t.row.SeatOf(id); seat >= 0 {
				who = append(who, shortName(t.row.Seats[seat].Address, t.row.Seats[seat].Name))
			}
		}
		if len(who) == 0 {
			who = rules.OrList{i18n.Tr(lang, "clocks.line.a_player", nil)} // a hold without a seat: still a sentence
		}
		s = i18n.Tr(lang, "clocks.line.bounce", map[string]any{"Who": who, "Seat": mover, "Left": spanIn(lang, left(clk, h.now))})
	case db.PauseAdjourned:
		s = i18n.Tr(lang, "clocks.line.adjourned", map[string]any{"Seat": mover, "Name": name})
	}
	spec := specOf(t.row.Options)
	if spec.bank > 0 && len(clk.Banks) == len(t.row.Seats) {
		banks := make([]string, len(clk.Banks))
		for i, b := range clk.Banks {
			if i == clk.Seat {
				b = max(left(clk, h.now), 0)
			}
			banks[i] = t.seatLabelIn(lang, i) + " " + spanIn(lang, b)
		}
		s += "\n" + i18n.Tr(lang, "clocks.line.banks", map[string]any{
			"Banks": strings.Join(banks, ", "), "Inc": spanIn(lang, spec.inc), "Cap": spanIn(lang, spec.bank)})
	}
	return s, nil
}

// clockSummary is a game's line of "games" beyond its status, for the
// sender: the time left, why the clock stands still, or the rating change
// of a finished game; "" when there is nothing to say.
func (h *handling) clockSummary(t *table, p db.Player) (string, error) {
	if t.row.State == db.Finished {
		return h.myRatingChange(t, p.ID)
	}
	if t.row.State != db.Active {
		return "", nil
	}
	clk, ok, err := h.tx.Clock(t.row.ID)
	if err != nil || !ok {
		return "", err
	}
	loc := h.zone(p)
	switch clk.Reason {
	case db.PauseVacation:
		return h.tr("clocks.summary.vacation", map[string]any{"Left": spanIn(h.lang, left(clk, h.now))}), nil
	case db.PauseBounce:
		return h.tr("clocks.summary.bounce", map[string]any{"Left": spanIn(h.lang, left(clk, h.now))}), nil
	case db.PauseAdjourned:
		return h.tr("clocks.summary.adjourned", nil), nil
	}
	return h.tr("clocks.summary.running", map[string]any{
		"Left": spanIn(h.lang, clk.Deadline.Sub(h.now)), "When": whenIn(h.lang, clk.Deadline, loc)}), nil
}

// vacationSummary is the last line of "games", for the sender: the
// vacation days left.
func (h *handling) vacationSummary(p db.Player) (string, error) {
	v, err := h.tx.Vacation(p.ID)
	if err != nil {
		return "", err
	}
	year := h.now.UTC().Year()
	args := map[string]any{"Left": h.s.cfg.VacationDays - usedIn(v, year), "Days": h.s.cfg.VacationDays, "Year": year}
	if v.Away(h.now) {
		args["Until"] = whenIn(h.lang, *v.Until, h.zone(p))
		return h.tr("clocks.summary.away", args), nil
	}
	return h.tr("clocks.summary.days_left", args), nil
}

// usedIn is how many vacation days a record has used in a year.
func usedIn(v db.Vacation, year int) int {
	if v.Year != year {
		return 0
	}
	return v.DaysUsed
}

// deadlineWords is a clock's deadline for a player's mail in lang: "Tue
// 1 Dec 2026 09:01 UTC (3 days from now)".
func deadlineWords(lang i18n.Lang, clk db.Clock, loc *time.Location, now time.Time) string {
	return i18n.Tr(lang, "clocks.line.deadline", map[string]any{"When": whenIn(lang, clk.Deadline, loc), "Left": spanIn(lang, clk.Deadline.Sub(now))})
}
