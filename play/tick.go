package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// TickResult says what one Tick did.
type TickResult struct {
	// Grace is the downtime given back to every running clock: the gap
	// since the last tick, when it was longer than Config.Downtime.
	Grace time.Duration
	// Started counts the clocks set up for active games that had none.
	Started int
	// VacationsOver counts the vacations that came to their end.
	VacationsOver int
	// Reminders counts the reminders sent, half-time and last ones.
	Reminders int
	// Forfeits counts the rated games lost on time; Adjourned the unrated
	// games adjourned instead.
	Forfeits, Adjourned int
	// Digests counts the players whose digest went out.
	Digests int
	// ChallengesExpired counts the open challenges that expired.
	ChallengesExpired int
	// Queued are the outbox ids of the mails queued.
	Queued []int64
}

// tickBatch bounds the clocks one tick judges, so that a tick after a long
// stop does not hold the store for long; the rest wait for the next tick.
// It also bounds the clocks one tick sets up for active games that have
// none: after an upgrade there may be thousands (10,000 took 6.4 s, all
// before the first mail was read), and a mail to a game whose clock is
// still to come sets it up itself.
const tickBatch = 500

// Tick is the scheduler's step; the daemon calls it every minute or so
// (and once at start-up, beside the intake). It works by the service's
// clock (Config.Now), one transaction per item, in this order:
//
//  1. the heartbeat: a gap since the last tick longer than Config.Downtime
//     was downtime, and every running clock moves on by it (grace);
//  2. a clock for the active games without one (tickBatch a tick);
//  3. the end of the vacations whose time is up;
//  4. each clock due: the half-time reminder, the last reminder a day
//     before the deadline, and at the deadline a rated game lost on time
//     or an unrated one adjourned;
//  5. the digests whose hour has come.
//
// An item that fails is logged and left for the next tick; the errors are
// returned together.
func (s *Service) Tick(ctx context.Context) (TickResult, error) {
	now := s.cfg.Now()
	var res TickResult
	err := s.store.Update(ctx, func(tx *db.Tx) error {
		g, err := s.grace(tx, now, true)
		res.Grace = g
		return err
	})
	if err != nil {
		return res, fmt.Errorf("tick: heartbeat: %w", err)
	}
	var errs []error
	each := func(what string, ids []int64, do func(h *handling, id int64) (int, error), count *int) {
		for _, id := range ids {
			n, err := s.tickItem(ctx, now, &res, func(h *handling) (int, error) { return do(h, id) })
			if err != nil {
				s.log.LogAttrs(ctx, slog.LevelError, "tick item failed", slog.String("item", what), slog.Int64("id", id), slog.Any("error", err))
				errs = append(errs, fmt.Errorf("tick: %s %d: %w", what, id, err))
				continue
			}
			*count += n
		}
	}

	var clockless, over, due, expired []int64
	var digests []db.DigestWaiting
	err = s.store.View(ctx, func(tx *db.Tx) (err error) {
		if clockless, err = tx.ActiveWithoutClock(tickBatch); err != nil {
			return err
		}
		if over, err = tx.VacationsOver(now); err != nil {
			return err
		}
		if due, err = tx.DueClocks(now, tickBatch); err != nil {
			return err
		}
		if expired, err = tx.ExpiredChallenges(now); err != nil {
			return err
		}
		digests, err = s.digestsDue(tx, now)
		return err
	})
	if err != nil {
		return res, fmt.Errorf("tick: %w", err)
	}
	each("clock-for-game", clockless, func(h *handling, id int64) (int, error) {
		_, err := h.table(id) // settle sets up the clock
		return 1, err
	}, &res.Started)
	each("vacation-of-player", over, func(h *handling, id int64) (int, error) {
		ended, err := h.vacationOver(id)
		return boolCount(ended), err
	}, &res.VacationsOver)
	var forfeits, adjourned int
	each("clock-of-game", due, func(h *handling, id int64) (int, error) {
		what, err := h.judge(id)
		switch what {
		case "forfeit":
			forfeits++
		case "adjourned":
			adjourned++
		}
		return boolCount(what == halfReminder || what == lastReminder), err
	}, &res.Reminders)
	res.Forfeits, res.Adjourned = forfeits, adjourned
	each("challenge", expired, func(h *handling, id int64) (int, error) {
		done, err := h.expireChallenge(id)
		return boolCount(done), err
	}, &res.ChallengesExpired)
	var ids []int64
	for _, d := range digests {
		ids = append(ids, d.PlayerID)
	}
	each("digest-of-player", ids, func(h *handling, id int64) (int, error) {
		sent, err := h.sendDigest(id)
		return boolCount(sent), err
	}, &res.Digests)

	if len(res.Queued) > 0 || res.Grace > 0 || res.Started > 0 || res.VacationsOver > 0 || len(errs) > 0 {
		s.log.LogAttrs(ctx, slog.LevelInfo, "tick", slog.Duration("grace", res.Grace), slog.Int("clocks_started", res.Started),
			slog.Int("vacations_over", res.VacationsOver), slog.Int("reminders", res.Reminders),
			slog.Int("forfeits", res.Forfeits), slog.Int("adjourned", res.Adjourned), slog.Int("digests", res.Digests),
			slog.Int("queued", len(res.Queued)), slog.Int("errors", len(errs)))
	}
	return res, errors.Join(errs...)
}

func boolCount(b bool) int {
	if b {
		return 1
	}
	return 0
}

// tickItem runs one item of a tick in its own transaction, as the service
// (no incoming mail, no sender): the item's work, then the clocks of every
// game it touched, then its mail. Counts and queued mail are taken only
// once the transaction commits.
func (s *Service) tickItem(ctx context.Context, now time.Time, res *TickResult, do func(h *handling) (int, error)) (int, error) {
	var n int
	var queued []int64
	err := s.store.Update(ctx, func(tx *db.Tx) error {
		h := &handling{s: s, tx: tx, now: now, tables: map[int64]*table{}}
		var err error
		if n, err = do(h); err != nil {
			return err
		}
		if err := h.settle(); err != nil {
			return err
		}
		if err := h.send(); err != nil {
			return err
		}
		queued = h.queued
		return nil
	})
	if err != nil {
		return 0, err
	}
	res.Queued = append(res.Queued, queued...)
	return n, nil
}

// grace gives back downtime: when the heartbeat is older than
// Config.Downtime, every running clock moves on by the whole gap, before
// anything is judged or charged. A tick always renews the heartbeat; a
// handled mail only when it gave grace, so that grace is given once.
func (s *Service) grace(tx *db.Tx, now time.Time, tick bool) (time.Duration, error) {
	last, ok, err := tx.LastTick()
	if err != nil {
		return 0, err
	}
	if gap := now.Sub(last); ok && gap > s.cfg.Downtime {
		n, err := tx.ShiftRunningClocks(gap)
		if err != nil {
			return 0, err
		}
		s.log.Info("downtime given back to the clocks", slog.Duration("gap", gap), slog.Int("clocks", n))
		return gap, tx.SetLastTick(now)
	}
	if tick {
		return 0, tx.SetLastTick(now)
	}
	return 0, nil
}

// judge looks at a due clock: it sends the reminder that is due or, at
// the deadline, ends a rated game on time and adjourns an unrated one. It
// says what it did: halfReminder, lastReminder, "forfeit", "adjourned" or
// "" (nothing was due after all: a ply came first).
func (h *handling) judge(id int64) (string, error) {
	t, err := h.table(id)
	if errors.Is(err, db.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if err := h.settleClock(t); err != nil {
		return "", err
	}
	clk, ok, err := h.tx.Clock(id)
	if err != nil || !ok || clk.Paused != nil || clk.CheckAt.After(h.now) {
		return "", err
	}
	sent, err := h.tx.Reminded(id, clk.Turn)
	if err != nil {
		return "", err
	}
	what := ""
	last, hasLast := lastCall(clk)
	switch {
	case !h.now.Before(clk.Deadline):
		return h.timeUp(t, clk)
	case hasLast && !sent[lastReminder] && !h.now.Before(last):
		what = lastReminder
	case !sent[halfReminder] && !sent[lastReminder] && !h.now.Before(halfTime(clk)):
		what = halfReminder
	}
	if what != "" {
		if err := h.remind(t, clk, what); err != nil {
			return "", err
		}
	}
	return what, h.saveClock(clk)
}

// remind mails the seat to move a reminder of its deadline, once per turn
// and kind whatever the seat's notify setting.
func (h *handling) remind(t *table, clk db.Clock, kind string) error {
	if first, err := h.tx.Remind(t.row.ID, clk.Turn, kind, h.now); err != nil || !first {
		return err
	}
	p, err := h.tx.PlayerByID(t.row.Seats[clk.Seat].PlayerID)
	if err != nil {
		return err
	}
	loc := h.zone(p)
	msg := "clocks.remind.half"
	switch {
	case kind != halfReminder && isRated(t):
		msg = "clocks.remind.last_rated"
	case kind != halfReminder:
		msg = "clocks.remind.last_unrated"
	}
	h.notify(p, t, func(lang i18n.Lang) string {
		return i18n.Tr(lang, msg, map[string]any{"Game": t.row.ID, "Deadline": deadlineWords(lang, clk, loc, h.now)})
	})
	return nil
}

// timeUp ends the turn of a seat that let its time run out: a rated game
// is lost on time (with three or more seats, the game ends with no winner,
// as when a seat resigns), an unrated one adjourned until the seat plays.
// Every seat and watcher is told.
func (h *handling) timeUp(t *table, clk db.Clock) (string, error) {
	seat := clk.Seat
	game := t.row.ID
	if !isRated(t) {
		now := h.now
		clk.Paused, clk.Reason = &now, db.PauseAdjourned
		if err := h.saveClock(clk); err != nil {
			return "", err
		}
		name := shortName(t.row.Seats[seat].Address, t.row.Seats[seat].Name)
		return "adjourned", h.notifyOthers(t, func(lang i18n.Lang) string {
			return i18n.Tr(lang, "clocks.timeup.adjourned", map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": game, "Name": name})
		})
	}
	going := eliminates(t)
	if err := h.leave(t, seat, rules.TimedOut); err != nil {
		return "", err
	}
	t = h.tables[t.row.ID]
	if going {
		return "forfeit", h.notifyOthers(t, func(lang i18n.Lang) string {
			s := i18n.Tr(lang, "clocks.timeup.out", map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": game})
			if more := afterTimeOut(lang, t); more != "" {
				s += " " + more
			}
			return s
		})
	}
	return "forfeit", h.notifyOthers(t, func(lang i18n.Lang) string {
		return i18n.Tr(lang, "clocks.timeup.lost", map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": game})
	})
}

// afterTimeOut says, in lang, what became of a game whose seat ran out of
// time and is out of it: who won as the last seat standing, or who is to
// move among the others; "" when the game ended otherwise.
func afterTimeOut(lang i18n.Lang, t *table) string {
	if t.row.State == db.Finished {
		if o := t.game.Outcome(); o.Over && len(o.Winners) == 1 {
			return i18n.Tr(lang, "clocks.timeup.last_standing", map[string]any{"Seat": t.seatLabelIn(lang, int(o.Winners[0]))})
		}
		return ""
	}
	return i18n.Tr(lang, "clocks.timeup.play_on", map[string]any{"Seat": t.seatLabelIn(lang, int(t.game.ToMove()))})
}
