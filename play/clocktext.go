package play

import (
	"fmt"
	"strings"
	"time"

	"pbem/db"
)

// section is the game part of a mail to a player: the board and what to
// send next (gameSection), then where the clock stands in the player's
// time zone or, once a rated game ended, what it did to the ratings.
func (h *handling) section(t *table, to db.Player, keyGame int64) (string, error) {
	r, err := h.readerOf(t, to, keyGame)
	if err != nil {
		return "", err
	}
	s := gameSection(t, r)
	clock, err := h.clockLines(t, to)
	if err != nil {
		return "", err
	}
	rated, err := h.ratingLines(t)
	if err != nil {
		return "", err
	}
	for _, more := range []string{clock, rated, h.webLine(h.s.langOf(to), t)} {
		if more != "" {
			s += wrap(more, width) + "\n"
		}
	}
	return s, nil
}

// clockLines says where an active game's clock stands, for a mail to p:
// the deadline and the time left, or why the clock stands still; and the
// banks of a bank game.
func (h *handling) clockLines(t *table, p db.Player) (string, error) {
	if t.row.State != db.Active {
		return "", nil
	}
	clk, ok, err := h.tx.Clock(t.row.ID)
	if err != nil || !ok {
		return "", err
	}
	loc := h.zone(p)
	mover := t.seatLabel(clk.Seat)
	name := shortName(t.row.Seats[clk.Seat].Address, t.row.Seats[clk.Seat].Name)
	mine := t.seatOf(p.Address) == clk.Seat
	var s string
	switch clk.Reason {
	case db.Running:
		if mine {
			s = fmt.Sprintf("Your deadline: %s, %s from now.", when(clk.Deadline, loc), span(clk.Deadline.Sub(h.now)))
		} else {
			s = fmt.Sprintf("Deadline of %s: %s, %s from now.", mover, when(clk.Deadline, loc), span(clk.Deadline.Sub(h.now)))
		}
	case db.PauseVacation:
		v, err := h.tx.Vacation(t.row.Seats[clk.Seat].PlayerID)
		if err != nil {
			return "", err
		}
		until := "they are back"
		if v.Until != nil {
			until = when(*v.Until, loc)
		}
		s = fmt.Sprintf("The clock stands still while %s is on vacation, until %s; %s will be left then.", mover, until, span(left(clk, h.now)))
	case db.PauseBounce:
		holds, err := h.tx.BounceHolds(t.row.ID)
		if err != nil {
			return "", err
		}
		var who []string
		for _, id := range holds {
			if seat := t.row.SeatOf(id); seat >= 0 {
				who = append(who, shortName(t.row.Seats[seat].Address, t.row.Seats[seat].Name))
			}
		}
		if len(who) == 0 {
			who = []string{"a player"} // a hold without a seat: still a sentence
		}
		s = fmt.Sprintf("The clock stands still: mail to %s bounced. It runs again when %s writes to the service; then %s has %s left.",
			orList(who), orList(who), mover, span(left(clk, h.now)))
	case db.PauseAdjourned:
		s = fmt.Sprintf("Adjourned: the time of %s ran out in this unrated game. It goes on when %s plays; the clock then starts afresh.", mover, name)
	}
	spec := specOf(t.row.Options)
	if spec.bank > 0 && len(clk.Banks) == len(t.row.Seats) {
		banks := make([]string, len(clk.Banks))
		for i, b := range clk.Banks {
			if i == clk.Seat {
				b = max(left(clk, h.now), 0)
			}
			banks[i] = t.seatLabel(i) + " " + span(b)
		}
		s += fmt.Sprintf("\nTime banks: %s. Each move adds %s, up to %s.", strings.Join(banks, ", "), span(spec.inc), span(spec.bank))
	}
	return s, nil
}

// clockSummary is a game's line of "games" beyond its status: the time
// left, why the clock stands still, or the rating change of a finished
// game; "" when there is nothing to say.
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
		return fmt.Sprintf("clock stopped for a vacation, %s left", span(left(clk, h.now))), nil
	case db.PauseBounce:
		return fmt.Sprintf("clock stopped after a bounce, %s left", span(left(clk, h.now))), nil
	case db.PauseAdjourned:
		return "adjourned until the seat to move plays", nil
	}
	return fmt.Sprintf("%s left, until %s", span(clk.Deadline.Sub(h.now)), when(clk.Deadline, loc)), nil
}

// vacationSummary is the last line of "games": the vacation days left.
func (h *handling) vacationSummary(p db.Player) (string, error) {
	v, err := h.tx.Vacation(p.ID)
	if err != nil {
		return "", err
	}
	year := h.now.UTC().Year()
	leftDays := h.s.cfg.VacationDays - usedIn(v, year)
	s := fmt.Sprintf("Vacation: %d of %d days left in %d (\"vacation N\" stops your clocks).", leftDays, h.s.cfg.VacationDays, year)
	if v.Away(h.now) {
		s = fmt.Sprintf("You are on vacation until %s; %d of %d vacation days are left in %d. Send \"back\" to end it early.",
			when(*v.Until, h.zone(p)), leftDays, h.s.cfg.VacationDays, year)
	}
	return s, nil
}

// usedIn is how many vacation days a record has used in a year.
func usedIn(v db.Vacation, year int) int {
	if v.Year != year {
		return 0
	}
	return v.DaysUsed
}

// deadlineWords is a clock's deadline for a player's mail: "Tue 1 Dec
// 2026 09:01 UTC (3 days from now)".
func deadlineWords(clk db.Clock, loc *time.Location, now time.Time) string {
	return fmt.Sprintf("%s (%s from now)", when(clk.Deadline, loc), span(clk.Deadline.Sub(now)))
}
