package play

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// The clock of a game, as docs/clocks.md tells players. A turn begins when
// a seat is to move and ends with its ply; the seat must play by the
// turn's deadline. The scheduler (Tick) reminds the seat at half time and a
// day before the deadline, and judges the deadline. A clock stands still
// while the seat to move is on vacation, while a game mail bounced, and
// once an unrated game is adjourned; standing still moves the turn's start
// and deadline on by the pause, so no time is lost.

const day = 24 * time.Hour

// The bounds of the clock options.
const (
	defaultDays = 3
	maxDays     = 60  // days=N and bank=D
	maxIncHours = 240 // the H of bank=D+H
)

// clockSpec is a game's time control: days=N gives each move N days;
// bank=D+H gives each seat a bank of D days that runs while it is to move,
// to which each of its plies adds H hours, never past D days (Fischer's
// clock with a cap).
type clockSpec struct {
	perMove time.Duration // days=N; 0 in bank games
	bank    time.Duration // bank=D: each seat's bank at the start, and its cap
	inc     time.Duration // +H
}

// takeClockOptions takes days= and bank= out of a new game's options and
// checks them. msg says what is wrong, for the player, in English, or is
// "".
func takeClockOptions(opts rules.Options) (spec clockSpec, msg string) {
	return takeClockOptionsIn(i18n.English, opts)
}

// takeClockOptionsIn is takeClockOptions with msg in lang.
func takeClockOptionsIn(lang i18n.Lang, opts rules.Options) (spec clockSpec, msg string) {
	days, hasDays := opts["days"]
	bank, hasBank := opts["bank"]
	delete(opts, "days")
	delete(opts, "bank")
	switch {
	case hasDays && hasBank:
		return clockSpec{}, i18n.Tr(lang, "clocks.option.days_and_bank", nil)
	case hasBank:
		spec, err := parseBank(bank)
		if err != nil {
			return clockSpec{}, i18n.Tr(lang, "clocks.option.bank", map[string]any{"Value": bank, "MaxDays": maxDays, "MaxHours": maxIncHours})
		}
		return spec, ""
	case hasDays:
		n, err := strconv.Atoi(days)
		if err != nil || n < 1 || n > maxDays {
			return clockSpec{}, i18n.Tr(lang, "clocks.option.days", map[string]any{"Value": days, "MaxDays": maxDays})
		}
		return clockSpec{perMove: time.Duration(n) * day}, ""
	}
	return clockSpec{perMove: defaultDays * day}, ""
}

func parseBank(v string) (clockSpec, error) {
	d, h, hasInc := strings.Cut(v, "+")
	days, err := strconv.Atoi(d)
	if err != nil || days < 1 || days > maxDays {
		return clockSpec{}, fmt.Errorf("bank days %q", d)
	}
	hours := 0
	if hasInc {
		hours, err = strconv.Atoi(h)
		if err != nil || hours < 0 || hours > maxIncHours {
			return clockSpec{}, fmt.Errorf("bank hours %q", h)
		}
	}
	return clockSpec{bank: time.Duration(days) * day, inc: time.Duration(hours) * time.Hour}, nil
}

// options is the spec as stored options: days=3, bank=7 or bank=7+12.
func (c clockSpec) options() rules.Options {
	if c.bank == 0 {
		return rules.Options{"days": strconv.Itoa(int(c.perMove / day))}
	}
	v := strconv.Itoa(int(c.bank / day))
	if c.inc > 0 {
		v += "+" + strconv.Itoa(int(c.inc/time.Hour))
	}
	return rules.Options{"bank": v}
}

// specOf reads a stored game's time control; a game whose options say
// nothing of it has the default.
func specOf(optionText string) clockSpec {
	opts, err := rules.ParseOptions(strings.Fields(optionText))
	if err != nil {
		return clockSpec{perMove: defaultDays * day}
	}
	spec, msg := takeClockOptions(opts)
	if msg != "" {
		return clockSpec{perMove: defaultDays * day}
	}
	return spec
}

// timeControl is the record's TimeControl tag in PGN's seconds form:
// "*259200" for 3 days per move (the sandglass form, as records.md has it
// for days per move), "604800+43200" for a bank of 7 days and 12 hours a
// move (PGN's incremental form).
func (c clockSpec) timeControl() string {
	if c.bank == 0 {
		return "*" + strconv.FormatInt(int64(c.perMove/time.Second), 10)
	}
	return strconv.FormatInt(int64(c.bank/time.Second), 10) + "+" + strconv.FormatInt(int64(c.inc/time.Second), 10)
}

// TimeControl is the PGN TimeControl tag of a game with these stored
// options ("days=3 rated=yes ..."). New games carry it in their tags from
// the start; this serves games set up before.
func TimeControl(options string) string { return specOf(options).timeControl() }

// startBanks are the banks of a new game's seats.
func (c clockSpec) startBanks(seats int) []time.Duration {
	if c.bank == 0 {
		return nil
	}
	b := make([]time.Duration, seats)
	for i := range b {
		b[i] = c.bank
	}
	return b
}

// turnLength is how long a seat's turn may last.
func (c clockSpec) turnLength(clk db.Clock, seat int) time.Duration {
	if c.bank == 0 || seat >= len(clk.Banks) {
		return c.perMove
	}
	return clk.Banks[seat]
}

// charge takes the time a seat used on its turn from its bank and adds the
// increment, up to the cap.
func (c clockSpec) charge(clk *db.Clock, seat int, used time.Duration) {
	if c.bank == 0 || seat >= len(clk.Banks) {
		return
	}
	left := max(clk.Banks[seat]-used, 0)
	clk.Banks[seat] = min(left+c.inc, c.bank)
}

// used is how much of the current turn has run: the pauses do not count.
func used(clk db.Clock, now time.Time) time.Duration {
	end := now
	if clk.Paused != nil {
		end = *clk.Paused
	}
	return max(end.Sub(clk.Started), 0)
}

// left is the time left on a clock, at now or when it was paused.
func left(clk db.Clock, now time.Time) time.Duration {
	end := now
	if clk.Paused != nil {
		end = *clk.Paused
	}
	return clk.Deadline.Sub(end)
}

// The reminders of a turn.
const (
	halfReminder = "half" // half the turn's time is used
	lastReminder = "last" // a day before the deadline
)

// halfTime is when half a turn's time is used.
func halfTime(clk db.Clock) time.Time {
	return clk.Started.Add(clk.Deadline.Sub(clk.Started) / 2)
}

// lastCall is when the last reminder goes out: a day before the deadline,
// in turns of more than two days (in shorter ones the half-time reminder
// comes as late or later).
func lastCall(clk db.Clock) (time.Time, bool) {
	if clk.Deadline.Sub(clk.Started) <= 2*day {
		return time.Time{}, false
	}
	return clk.Deadline.Add(-day), true
}

// nextCheck is when the scheduler must look at a running clock next: the
// next reminder not yet sent, or the deadline. A half-time reminder not
// sent before the last one is not sent at all.
func nextCheck(clk db.Clock, sent map[string]bool) time.Time {
	next := clk.Deadline
	last, hasLast := lastCall(clk)
	if hasLast && !sent[lastReminder] && last.Before(next) {
		next = last
	}
	if !sent[halfReminder] && !sent[lastReminder] {
		if half := halfTime(clk); half.Before(next) {
			next = half
		}
	}
	return next
}

// saveClock stores a clock with the time the scheduler must look next.
func (h *handling) saveClock(clk db.Clock) error {
	sent, err := h.tx.Reminded(clk.GameID, clk.Turn)
	if err != nil {
		return err
	}
	clk.CheckAt = nextCheck(clk, sent)
	return h.tx.PutClock(clk)
}

// settle brings the clock of every game this mail or tick touched up to
// date: a clock for a game that began, a new turn after a ply or a
// takeback, a pause or a restart when a hold began or ended.
func (h *handling) settle() error {
	ids := make([]int64, 0, len(h.tables))
	for id := range h.tables {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := h.settleClock(h.tables[id]); err != nil {
			return err
		}
	}
	return nil
}

// settleClock brings one game's clock up to date.
func (h *handling) settleClock(t *table) error {
	if t.row.State != db.Active {
		return nil // only active games have clocks; gameOver removed a finished game's
	}
	clk, ok, err := h.tx.Clock(t.row.ID)
	if err != nil {
		return err
	}
	spec := specOf(t.row.Options)
	seat, plies := int(t.game.ToMove()), t.game.Plies()
	changed := false
	switch {
	case !ok:
		clk = db.Clock{GameID: t.row.ID, Banks: spec.startBanks(len(t.row.Seats))}
		h.newTurn(&clk, spec, seat, plies)
		changed = true
	case clk.Seat == seat && plies > clk.Plies && onlyLeavings(t, clk.Plies):
		// Another seat left the game: the turn of the seat to move goes on.
		clk.Plies = plies
		changed = true
	case clk.Seat != seat || clk.Plies != plies:
		if plies > clk.Plies {
			// The seat on turn played: a takeback charges nobody.
			spec.charge(&clk, clk.Seat, used(clk, h.now))
		}
		h.newTurn(&clk, spec, seat, plies)
		changed = true
	}
	held, err := h.reconcile(t, &clk)
	if err != nil {
		return err
	}
	if !changed && !held {
		return nil
	}
	return h.saveClock(clk)
}

// newTurn starts a seat's turn now; a new turn also ends an adjournment.
func (h *handling) newTurn(clk *db.Clock, spec clockSpec, seat, plies int) {
	clk.Turn++
	clk.Seat, clk.Plies = seat, plies
	clk.Started = h.now
	clk.Deadline = h.now.Add(spec.turnLength(*clk, seat))
	clk.Paused, clk.Reason = nil, db.Running
}

// reconcile stops or restarts a clock as its holds say: a bounce of the
// game's mail, or the seat to move on vacation. An adjourned clock stays
// stopped until a ply starts a new turn. It reports whether it changed the
// clock.
func (h *handling) reconcile(t *table, clk *db.Clock) (bool, error) {
	if clk.Reason == db.PauseAdjourned {
		return false, nil
	}
	want, err := h.holdReason(t, clk.Seat)
	if err != nil {
		return false, err
	}
	switch {
	case want != db.Running && clk.Paused == nil:
		now := h.now
		clk.Paused, clk.Reason = &now, want
	case want != db.Running && clk.Reason != want:
		clk.Reason = want
	case want == db.Running && clk.Paused != nil:
		d := h.now.Sub(*clk.Paused)
		clk.Started, clk.Deadline = clk.Started.Add(d), clk.Deadline.Add(d)
		clk.Paused, clk.Reason = nil, db.Running
	default:
		return false, nil
	}
	return true, nil
}

// holdReason says why a game's clock must stand still now, or Running.
func (h *handling) holdReason(t *table, seat int) (db.PauseReason, error) {
	holds, err := h.tx.BounceHolds(t.row.ID)
	if err != nil {
		return "", err
	}
	if len(holds) > 0 {
		return db.PauseBounce, nil
	}
	if seat < 0 || seat >= len(t.row.Seats) {
		return db.Running, nil
	}
	v, err := h.tx.Vacation(t.row.Seats[seat].PlayerID)
	if err != nil {
		return "", err
	}
	if v.Away(h.now) {
		return db.PauseVacation, nil
	}
	return db.Running, nil
}

// settlePlayer brings the clocks of a player's active games up to date,
// after the player's vacation or bounce holds changed.
func (h *handling) settlePlayer(playerID int64) ([]*table, error) {
	games, err := h.tx.GamesOf(playerID, db.Active)
	if err != nil {
		return nil, err
	}
	var out []*table
	for i := len(games) - 1; i >= 0; i-- { // oldest first
		t, err := h.table(games[i].ID)
		if err != nil {
			return nil, err
		}
		if err := h.settleClock(t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// isRated reports whether a game counts for ratings (rated=yes, the
// default); a rated game is lost on time, an unrated one adjourned.
func isRated(t *table) bool {
	opts, err := rules.ParseOptions(strings.Fields(t.row.Options))
	return err != nil || opts["rated"] != "no"
}
