package play

import (
	"errors"
	"strings"
	"time"

	"pbem/db"
	"pbem/i18n"
)

// A player with "notify digest HOUR" gets the news of plies held back and
// sent once a day at HOUR in the player's time zone: one mail per game,
// each a game mail as any other, so that a reply to it plays.

// digestDue is when news held since oldest goes out: at the first hour
// o'clock in loc after it. Days are the zone's calendar days, so the hour
// stays put across a change of daylight saving time.
func digestDue(oldest time.Time, loc *time.Location, hour int) time.Time {
	l := oldest.In(loc)
	due := time.Date(l.Year(), l.Month(), l.Day(), hour, 0, 0, 0, loc)
	if !due.After(oldest) {
		due = time.Date(l.Year(), l.Month(), l.Day()+1, hour, 0, 0, 0, loc)
	}
	return due
}

// digestsDue lists the players whose held news must go out by now: at
// their digest hour, or at once when they no longer want digests.
func (s *Service) digestsDue(tx *db.Tx, now time.Time) ([]db.DigestWaiting, error) {
	waiting, err := tx.DigestsWaiting()
	if err != nil {
		return nil, err
	}
	h := &handling{s: s, tx: tx, now: now}
	var out []db.DigestWaiting
	for _, w := range waiting {
		p, err := tx.PlayerByID(w.PlayerID)
		if err != nil {
			return nil, err
		}
		if notifyMode(p) != notifyDigest || !now.Before(digestDue(w.Oldest, h.zone(p), digestHour(p))) {
			out = append(out, w)
		}
	}
	return out, nil
}

// sendDigest mails a player the news held back, one mail per game, and
// forgets it. It reports whether anything went out.
func (h *handling) sendDigest(playerID int64) (bool, error) {
	items, err := h.tx.DigestItems(playerID)
	if err != nil || len(items) == 0 {
		return false, err
	}
	p, err := h.tx.PlayerByID(playerID)
	if err != nil {
		return false, err
	}
	loc := h.zone(p)
	var order []int64
	byGame := map[int64][]db.DigestItem{}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.ID
		if _, ok := byGame[it.GameID]; !ok {
			order = append(order, it.GameID)
		}
		byGame[it.GameID] = append(byGame[it.GameID], it)
	}
	for _, g := range order {
		t, err := h.table(g)
		if errors.Is(err, db.ErrNotFound) {
			continue
		}
		if err != nil {
			return false, err
		}
		// The items were rendered in p's language when they were stored;
		// the frame is rendered now.
		since := byGame[g][0].Created
		var items strings.Builder
		for _, it := range byGame[g] {
			items.WriteString("\n- " + it.Text)
		}
		list := items.String()
		h.notify(p, t, func(lang i18n.Lang) string {
			return i18n.Tr(lang, "clocks.digest.head", map[string]any{"Game": g, "Since": whenIn(lang, since, loc)}) + list
		})
	}
	return true, h.tx.DeleteDigestItems(ids)
}
