package play

import (
	"fmt"
	"net/url"
	"strconv"
	"time"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
)

// The notify settings: which news of plies a player gets by mail. Replies
// to the player's own mail, invitations, the start and end of a game,
// offers, reminders, forfeits and clock holds always go at once.
const (
	notifyEvery  = "every"  // a mail after every ply (the default)
	notifyDigest = "digest" // the plies of a day in one mail per game, at an hour
	notifyMyTurn = "myturn" // a mail only when it is the player's move
)

// defaultDigestHour is the hour digests go out at when the player named
// none: the morning, in the player's time zone.
const defaultDigestHour = 8

// notifyMode is a player's notify setting.
func notifyMode(p db.Player) string {
	switch m := p.Settings["notify"]; m {
	case notifyDigest, notifyMyTurn:
		return m
	}
	return notifyEvery
}

// digestHour is the hour of the day a player's digest goes out.
func digestHour(p db.Player) int {
	if n, err := strconv.Atoi(p.Settings["digest_hour"]); err == nil && n >= 0 && n < 24 {
		return n
	}
	return defaultDigestHour
}

// notifyPly tells the other seats and the watchers of a ply. While the game
// goes on, this news follows each recipient's notify setting.
func (h *handling) notifyPly(t *table, headline words) error {
	from := len(h.notices)
	if err := h.notifyOthers(t, headline); err != nil {
		return err
	}
	if t.row.State == db.Active {
		for i := from; i < len(h.notices); i++ {
			h.notices[i].ply = true
		}
	}
	return nil
}

// notifySeats tells every seat of a game but one player's: headline says
// it for each recipient (in the recipient's time zone, say).
func (h *handling) notifySeats(t *table, except int64, headline func(p db.Player) words) error {
	return h.notifySeatsWhere(t, except, nil, headline)
}

// notifySeatsWhere is notifySeats for the seats keep takes (all when nil).
func (h *handling) notifySeatsWhere(t *table, except int64, keep func(seat int) bool, headline func(p db.Player) words) error {
	for _, s := range t.row.Seats {
		if s.PlayerID == except || keep != nil && !keep(s.Seat) {
			continue
		}
		p, err := h.tx.PlayerByID(s.PlayerID)
		if err != nil {
			return err
		}
		h.notify(p, t, headline(p))
	}
	return nil
}

// sendNow decides what becomes of a notice: it goes now, or waits for the
// recipient's digest, or is dropped because the recipient wants mail only
// when it is their move (the next such mail shows the board anyway).
func (h *handling) sendNow(n notice, t *table) (bool, error) {
	if !n.ply {
		return true, nil
	}
	switch notifyMode(n.to) {
	case notifyMyTurn:
		seat := t.seatOf(n.to.Address)
		return t.row.State != db.Active || (seat >= 0 && seat == int(t.game.ToMove())), nil
	case notifyDigest:
		return false, h.tx.AddDigestItem(db.DigestItem{PlayerID: n.to.ID, GameID: t.row.ID, Text: n.headline, Created: h.now})
	}
	return true, nil
}

// echoOnly reports whether the reply to a mail would only echo the
// sender's own plies, which notify myturn skips: the sender asked for mail
// only when it is their move, and the next such mail shows the board with
// their ply. It is an echo when every answer says a ply was played as sent
// (a refusal, a stale mail or any other command is news), nothing is
// attached or waits for confirmation, and every game shown goes on with
// another seat to move: the end of a game, or a turn of the sender's again
// after the service's passes, is news too.
func (h *handling) echoOnly() bool {
	if notifyMode(h.sender) != notifyMyTurn || h.focus == nil || len(h.answers) == 0 ||
		len(h.attachments) > 0 || len(h.unconfirmed) > 0 {
		return false
	}
	for _, a := range h.answers {
		if !a.echo {
			return false
		}
	}
	for _, id := range h.shown {
		t := h.tables[id]
		if t == nil || t.row.State != db.Active || t.seatOf(h.sender.Address) == int(t.game.ToMove()) {
			return false
		}
	}
	return true
}

// notifyCmd handles "notify [every | myturn | digest [HOUR]]".
func (h *handling) notifyCmd(c *grammar.Command, _ *table) error {
	mode := c.Notify.Mode
	if mode == "" {
		h.say(c.String(), "%s", h.tr("clocks.notify.change", map[string]any{"Setting": notifyWords(h.lang, h.sender, h.zone(h.sender))}))
		return nil
	}
	hour := ""
	if mode == notifyDigest {
		hour = strconv.Itoa(defaultDigestHour)
		if c.Notify.Hour != "" {
			n, err := strconv.Atoi(c.Notify.Hour)
			if err != nil || n < 0 || n > 23 {
				h.say(c.String(), "%s", h.tr("clocks.notify.bad_hour", map[string]any{"Hour": c.Notify.Hour}))
				return nil
			}
			hour = strconv.Itoa(n)
		}
	}
	if err := h.tx.SetSetting(h.sender.ID, "notify", mode); err != nil {
		return err
	}
	if err := h.tx.SetSetting(h.sender.ID, "digest_hour", hour); err != nil {
		return err
	}
	if err := h.refreshSender(); err != nil {
		return err
	}
	h.say(c.String(), "%s", notifyWords(h.lang, h.sender, h.zone(h.sender)))
	return nil
}

// notifyWords says what mail a player gets, in lang.
func notifyWords(lang i18n.Lang, p db.Player, loc *time.Location) string {
	switch notifyMode(p) {
	case notifyMyTurn:
		return i18n.Tr(lang, "clocks.notify.myturn", nil)
	case notifyDigest:
		return i18n.Tr(lang, "clocks.notify.digest", map[string]any{"Hour": fmt.Sprintf("%02d", digestHour(p)), "Zone": loc.String()})
	}
	return i18n.Tr(lang, "clocks.notify.every", nil)
}

// mailFooter ends every mail: what the service is and, in the manner of
// List-Unsubscribe, how to get less of this mail.
func mailFooter(lang i18n.Lang, t *table, to string) string {
	var hint string
	switch {
	case t == nil:
		hint = i18n.Tr(lang, "play.footer_settings", nil)
	case t.seatOf(to) < 0:
		hint = i18n.Tr(lang, "play.footer_spectators", map[string]any{"Game": t.row.ID})
	default:
		hint = i18n.Tr(lang, "play.footer_fewer", nil)
	}
	return "-- \n" + i18n.Tr(lang, "play.footer", nil) + "\n" + hint + "\n"
}

// unsubscribe adds a List-Unsubscribe header to a watcher's mail: a mail
// client's unsubscribe button then sends "unwatch" for the game. Seats get
// none: leaving a game is resigning, which no button should do; nor does
// anyone who does not watch the game (an answer to "board", to "unwatch").
func (h *handling) unsubscribe(headers map[string]string, t *table, to string) error {
	if t == nil || t.seatOf(to) >= 0 || t.row.State == db.Finished {
		return nil
	}
	if watching, err := h.watching(t.row.ID, to); err != nil || !watching {
		return err
	}
	subject := url.PathEscape("unwatch " + strconv.FormatInt(t.row.ID, 10))
	headers["List-Unsubscribe"] = "<mailto:" + h.s.local + "@" + h.s.domain + "?subject=" + subject + ">"
	return nil
}
