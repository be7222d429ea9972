package play

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"pbem/db"
	"pbem/i18n"
	"pbem/mailer"
	"pbem/rules"
)

// A mail the service sent that did not reach its recipient is a bounce:
// either the SMTP server refused it for good (Undeliverable), or a mail
// system took it and later sent a delivery report back to its envelope
// sender (noteBounce). A bounced game mail stops the game's clock, so that
// nobody loses on time to a mail fault, and the other seats are told; the
// clock runs again when the player the mail bounced from writes to the
// service. A bounced invitation cancels its game and the others are told.
//
// Only a report that answers a mail the service sent counts: it must come
// to that mail's envelope sender (envelope.go), with a valid mac, and when
// it says which recipient failed, that must be the mail's recipient. Other
// "bounces" are ignored: anyone can write From: MAILER-DAEMON and
// X-Failed-Recipients.

// bounceVerdict is what became of a mail that looks like a delivery report.
type bounceVerdict int

const (
	notABounce        bounceVerdict = iota // no sign of a delivery report
	bounceNoToken                          // to no envelope sender of ours
	bounceBadToken                         // an envelope sender whose mac does not check
	bounceUnknownMail                      // a valid-looking id of no mail in the outbox
	bounceOtherRcpt                        // reports a recipient that is not the mail's
	bounceNotFailed                        // reports a delay or a delivery, not a failure
	bounceRepeated                         // the mail bounced already
	bounceGenuine                          // answers a mail we sent: acted on
)

func (v bounceVerdict) String() string {
	switch v {
	case notABounce:
		return "not a bounce"
	case bounceNoToken:
		return "no envelope token"
	case bounceBadToken:
		return "bad envelope token"
	case bounceUnknownMail:
		return "no such mail"
	case bounceOtherRcpt:
		return "reports another recipient"
	case bounceNotFailed:
		return "not a failure"
	case bounceRepeated:
		return "bounced already"
	case bounceGenuine:
		return "genuine"
	}
	return fmt.Sprintf("bounceVerdict(%d)", int(v))
}

// report is what a delivery report says of the recipients it reports.
type report struct {
	hasStatus  bool     // it has a machine-readable delivery status
	failed     []string // the recipients it says failed (final and original addresses)
	diagnostic string   // the remote server's answer, when it gave one
}

// readReport reads a mail's delivery-status parts and X-Failed-Recipients.
func readReport(m Message) report {
	var r report
	for _, a := range m.Attachments {
		if !mailer.IsDeliveryStatus(a.Type) {
			continue
		}
		r.hasStatus = true
		for _, rs := range mailer.ParseDeliveryStatus(a.Data).Recipients {
			if !rs.Failed() {
				continue
			}
			for _, addr := range []string{rs.Final, rs.Original} {
				if addr != "" && !slices.Contains(r.failed, addr) {
					r.failed = append(r.failed, addr)
				}
			}
			if r.diagnostic == "" {
				r.diagnostic = rs.Diagnostic
			}
		}
	}
	for k, v := range m.Headers {
		if !strings.EqualFold(k, "X-Failed-Recipients") {
			continue
		}
		for _, addr := range strings.Split(v, ",") {
			if a := strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>")); a != "" && !slices.Contains(r.failed, a) {
				r.failed = append(r.failed, a)
			}
		}
	}
	return r
}

// looksLikeBounce says whether a mail not to be answered (noAnswer's
// reason) is a delivery report: from MAILER-DAEMON or postmaster, with an
// empty Return-Path, or with a delivery-status part.
func looksLikeBounce(reason string, m Message) bool {
	if reason == "bounce" {
		return true
	}
	for k, v := range m.Headers {
		if strings.EqualFold(k, "Return-Path") && strings.TrimSpace(v) == "<>" {
			return true
		}
	}
	return slices.ContainsFunc(m.Attachments, func(a Attachment) bool { return mailer.IsDeliveryStatus(a.Type) })
}

// judgeBounce decides whether a mail is a delivery report for a mail the
// service sent, and for which: it finds the envelope sender the report was
// sent to among the mail's recipients (To, Cc, Delivered-To), checks its
// mac against that outbox mail's recipient, and checks that recipient is
// among the ones the report says failed, when it says any.
func (h *handling) judgeBounce(reason string) (bounceVerdict, db.Mail, report, error) {
	if !looksLikeBounce(reason, h.m) {
		return notABounce, db.Mail{}, report{}, nil
	}
	env, err := h.envelopes()
	if err != nil {
		return 0, db.Mail{}, report{}, err
	}
	verdict := bounceNoToken
	var sent db.Mail
	for _, to := range h.m.To {
		id, mac, ok := env.parse(to)
		if !ok {
			continue
		}
		m, err := h.tx.MailByID(id)
		if errors.Is(err, db.ErrNotFound) {
			verdict = max(verdict, bounceUnknownMail)
			continue
		}
		if err != nil {
			return 0, db.Mail{}, report{}, err
		}
		if !env.valid(id, mac, m.To) {
			verdict = max(verdict, bounceBadToken)
			continue
		}
		sent, verdict = m, bounceGenuine
		break
	}
	if verdict != bounceGenuine {
		return verdict, db.Mail{}, report{}, nil
	}
	rep := readReport(h.m)
	switch {
	case rep.hasStatus && len(rep.failed) == 0:
		return bounceNotFailed, sent, rep, nil
	case len(rep.failed) > 0 && !slices.Contains(rep.failed, sent.To):
		return bounceOtherRcpt, sent, rep, nil
	case sent.Bounced != nil:
		return bounceRepeated, sent, rep, nil
	}
	return bounceGenuine, sent, rep, nil
}

// noteBounce handles a mail that is not answered: when it is a delivery
// report for a mail the service sent, the bounce is recorded against that
// mail's recipient and game. Nothing is ever answered to it; the other
// seats may be told.
func (h *handling) noteBounce(reason string) error {
	verdict, sent, rep, err := h.judgeBounce(reason)
	if err != nil {
		return err
	}
	if verdict == notABounce {
		return nil
	}
	h.s.log.Info("delivery report", slog.String("message_id", h.m.MessageID), slog.String("from", h.m.From),
		slog.String("verdict", verdict.String()), slog.Int64("mail", sent.ID), slog.String("recipient", sent.To))
	if verdict != bounceGenuine {
		return nil
	}
	if _, err := h.tx.MarkBounced(sent.ID, h.now); err != nil {
		return err
	}
	why := rules.M("invite.bounce_report", nil)
	if rep.diagnostic != "" {
		why = rules.M("invite.bounce_system_said", rules.Args{"Reason": quoteReason(rep.diagnostic)})
	}
	if err := h.bounced(sent, why); err != nil {
		return err
	}
	return h.send()
}

// Undeliverable is a mail the SMTP server refused for good: a bounce the
// transport saw itself. The daemon calls it from the transaction that
// fails the mail (the sender's OnFail); it is recorded as a returned mail
// would be.
func (s *Service) Undeliverable(tx *db.Tx, m db.Mail, reason string) error {
	now := s.cfg.Now()
	// Downtime is given back before a clock is stopped: a stopped clock
	// is not moved on by the grace.
	if _, err := s.grace(tx, now, false); err != nil {
		return err
	}
	h := &handling{s: s, tx: tx, now: now, tables: map[int64]*table{}}
	if err := h.bounced(m, rules.M("invite.bounce_server_said", rules.Args{"Reason": quoteReason(reason)})); err != nil {
		return err
	}
	return h.send()
}

// quoteReason is a server's answer as a player reads it: on one line and
// not too long. The catalogs' messages quote it.
func quoteReason(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "..."
	}
	return s
}

// bounced records that mail m did not reach its recipient: against the
// recipient, and in the game it was about. why says so, for the players
// told, each in their language.
func (h *handling) bounced(m db.Mail, why rules.Msg) error {
	p, err := h.tx.PlayerByAddress(m.To)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := h.tx.SetSetting(p.ID, "bounced", h.now.UTC().Format(time.RFC3339)); err != nil {
		return err
	}
	if m.GameID == 0 {
		return nil
	}
	t, err := h.table(m.GameID)
	if err != nil {
		return err
	}
	seat := t.seatOf(p.Address)
	switch {
	case seat < 0:
		return nil // a watcher's mail: no clock waits for a watcher
	case t.row.State == db.Invited && t.row.Seats[seat].Invitation == db.Pending:
		return h.cancelUndelivered(t, seat, p, why)
	case t.row.State == db.Active:
		return h.holdForBounce(t, seat, p)
	}
	return nil
}

// cancelUndelivered cancels a game whose invitation could not be
// delivered: it can never start, as the invitee cannot answer. The seat
// counts as declined and the game moves to the state declined; the other
// seats (the inviter among them) are told.
func (h *handling) cancelUndelivered(t *table, seat int, p db.Player, why rules.Msg) error {
	t, err := h.declineSeat(t, seat, undeliverable)
	if err != nil {
		return err
	}
	headline := tr("invite.bounce_invitation", map[string]any{"Address": p.Address, "Game": t.row.ID, "Why": why})
	return h.notifySeats(t, p.ID, func(db.Player) words { return headline })
}

// holdForBounce stops the clock of an active game whose mail to the player
// at seat bounced, and tells the other seats. A game held for the player
// already is left as it is.
func (h *handling) holdForBounce(t *table, seat int, p db.Player) error {
	holds, err := h.tx.BounceHolds(t.row.ID)
	if err != nil {
		return err
	}
	if slices.Contains(holds, p.ID) {
		return nil
	}
	if err := h.tx.HoldForBounce(t.row.ID, p.ID, h.now); err != nil {
		return err
	}
	if err := h.settleClock(t); err != nil {
		return err
	}
	headline := func(lang i18n.Lang) string {
		return i18n.Tr(lang, "invite.bounce_hold", map[string]any{"Name": t.seatLabelIn(lang, seat), "Game": t.row.ID,
			"Player": shortName(p.Address, p.Name)})
	}
	return h.notifySeats(t, p.ID, func(db.Player) words { return headline })
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
		h.say("", "%s", h.tr("invite.bounce_released", map[string]any{"Game": id}))
		seat := t.seatOf(h.sender.Address)
		headline := func(lang i18n.Lang) string {
			return i18n.Tr(lang, "invite.bounce_released_notice", map[string]any{"Name": t.seatLabelIn(lang, seat), "Game": id})
		}
		if err := h.notifySeats(t, h.sender.ID, func(db.Player) words { return headline }); err != nil {
			return err
		}
	}
	return nil
}
