package play

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"pbem/db"
)

// A game mail that bounces stops the game's clock, so that nobody loses on
// time to a mail fault; the other seats are told. The clock runs again when
// the player the mail bounced from writes to the service.

// bouncedToken finds the reply tokens in the Message-IDs a bounce quotes
// (pbem.TOKEN.RANDOM@domain); bouncedTag finds the subject tags.
var (
	bouncedToken = regexp.MustCompile(`pbem\.([0-9]+-[a-z2-7]+)\.`)
	bouncedTag   = regexp.MustCompile(`\[pbem ([0-9]+)\]`)
)

// bouncedGames are the games a bounce names for its failed recipient: by a
// reply token of that recipient, or by a subject tag. Transports quote the
// returned mail's header in the bounce's text.
func (h *handling) bouncedGames(address string) []int64 {
	text := strings.ToLower(h.m.Text + "\n" + h.m.Subject)
	var ids []int64
	for _, m := range bouncedToken.FindAllStringSubmatch(text, -1) {
		if game, ok := h.keys.check(m[1], address); ok && !slices.Contains(ids, game) {
			ids = append(ids, game)
		}
	}
	for _, m := range bouncedTag.FindAllStringSubmatch(text, -1) {
		if game, err := strconv.ParseInt(m[1], 10, 64); err == nil && !slices.Contains(ids, game) {
			ids = append(ids, game)
		}
	}
	return ids
}

// holdForBounce stops the clocks of the active games a bounce to p was
// about (all of p's active games when it names none) and tells their other
// seats.
func (h *handling) holdForBounce(p db.Player) error {
	if h.keys.secret == nil {
		secret, err := h.tx.Secret(tokenKey, 32)
		if err != nil {
			return err
		}
		h.keys = tokens{secret: secret}
	}
	ids := h.bouncedGames(p.Address)
	if len(ids) == 0 {
		games, err := h.tx.GamesOf(p.ID, db.Active)
		if err != nil {
			return err
		}
		for _, g := range games {
			ids = append(ids, g.ID)
		}
	}
	for _, id := range ids {
		t, err := h.table(id)
		if err != nil {
			return err
		}
		seat := t.seatOf(p.Address)
		if t.row.State != db.Active || seat < 0 {
			continue
		}
		if err := h.tx.HoldForBounce(id, p.ID, h.now); err != nil {
			return err
		}
		if err := h.settleClock(t); err != nil {
			return err
		}
		headline := fmt.Sprintf("Mail to %s about game %d came back undelivered, so the game's clock stands still: nobody loses on time to a mail fault. It runs again when %s writes to the service. You may still play when it is your move.",
			t.seatLabel(seat), id, shortName(p.Address, p.Name))
		if err := h.notifySeats(t, p.ID, func(db.Player) string { return headline }); err != nil {
			return err
		}
	}
	return nil
}

// releaseBounces restarts the clocks a bounce to the sender stopped, now
// that the sender wrote, and tells the sender and the other seats.
func (h *handling) releaseBounces() error {
	ids, err := h.tx.ReleaseBounces(h.sender.ID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		t, err := h.table(id)
		if err != nil {
			return err
		}
		if err := h.settleClock(t); err != nil {
			return err
		}
		if t.row.State != db.Active {
			continue
		}
		h.say("", "Mail to you about game %d had bounced, so its clock stood still. Now that you wrote, it runs again unless another bounce still holds it.", id)
		headline := fmt.Sprintf("%s wrote to the service again after a bounce: the clock of game %d runs again unless another bounce still holds it.",
			t.seatLabel(t.seatOf(h.sender.Address)), id)
		if err := h.notifySeats(t, h.sender.ID, func(db.Player) string { return headline }); err != nil {
			return err
		}
	}
	return nil
}

// Undeliverable is a game mail the SMTP server refused for good: a bounce
// the transport saw itself. The daemon calls it from the transaction that
// fails the mail (the sender's OnFail); it records the bounce against the
// recipient and stops that game's clock as a returned mail would.
func (s *Service) Undeliverable(tx *db.Tx, m db.Mail, reason string) error {
	p, err := tx.PlayerByAddress(m.To)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	h := &handling{s: s, tx: tx, now: s.cfg.Now(), tables: map[int64]*table{},
		m: Message{Subject: m.Subject, Text: reason}}
	if err := tx.SetSetting(p.ID, "bounced", h.now.UTC().Format(time.RFC3339)); err != nil {
		return err
	}
	if m.GameID == 0 {
		return nil
	}
	if err := h.holdForBounce(p); err != nil {
		return err
	}
	return h.send()
}
