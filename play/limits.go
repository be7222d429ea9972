package play

import (
	"strings"
	"time"

	"pbem/db"
)

// Limits bound what one address can make the service do. Mail without
// proof of its sender and proven mail (a reply key, a trusted DKIM
// signature) are counted apart, so that a stranger forging a player's
// address spends only the allowance of unproven mail, never the player's.
type Limits struct {
	// Unproven is how many mails without proof one address gets answered
	// an hour; the rest are kept unanswered. 10 when 0.
	Unproven int
	// Proven is how many proven mails one address gets answered an hour.
	// Past it, commands that change a game are still carried out and
	// answered; the others are not, and the sender is told once an hour
	// when to send them again. 60 when 0.
	Proven int
	// Refusals is how many short replies an address gets a day to mail
	// that needed proof and had none (a move without its key, a setting
	// waiting for confirmation): the most a forger can make the service
	// send to someone else. 2 when 0.
	Refusals int

	// InviteesPerMail is how many players one mail may invite, over all
	// its "new" commands. 4 when 0.
	InviteesPerMail int
	// InviteesPerDay is how many players one address may invite a day;
	// mail without proof may invite only InviteesPerMail a day. 20 when 0.
	InviteesPerDay int
	// PendingFromStrangers is how many unanswered invitations a player may
	// have from players never met in a game; more wait until some are
	// answered. 3 when 0.
	PendingFromStrangers int
	// DeclinedQuiet is how long a player who declined an invitation hears
	// no new one from the same inviter. 30 days when 0.
	DeclinedQuiet time.Duration
	// OpenChallenges is how many open challenges ("new GAME with anyone")
	// one player may have at once. 3 when 0.
	OpenChallenges int
	// ChallengeLife is how long a challenge stays open before it expires
	// and its poster is told. 7 days when 0.
	ChallengeLife time.Duration
}

// DefaultLimits are the limits a zero Limits stands for.
func DefaultLimits() Limits { return Limits{}.withDefaults() }

func (l Limits) withDefaults() Limits {
	l.Unproven = orDefault(l.Unproven, 10)
	l.Proven = orDefault(l.Proven, 60)
	l.Refusals = orDefault(l.Refusals, 2)
	l.InviteesPerMail = orDefault(l.InviteesPerMail, 4)
	l.InviteesPerDay = orDefault(l.InviteesPerDay, 20)
	l.PendingFromStrangers = orDefault(l.PendingFromStrangers, 3)
	l.DeclinedQuiet = orDefault(l.DeclinedQuiet, 30*day)
	l.OpenChallenges = orDefault(l.OpenChallenges, 3)
	l.ChallengeLife = orDefault(l.ChallengeLife, 7*day)
	return l
}

// orDefault is v, or def when v is not positive.
func orDefault[T int | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// limitState is how the sender's limits stand for the mail in hand.
type limitState struct {
	// over is set when proven mail is over the hourly limit: only
	// commands that change a game run.
	over bool
	// skipped are the commands not carried out for it.
	skipped []string
	// ran counts the commands whose handler ran.
	ran int
	// invited counts the players this mail invited.
	invited int
}

// answeredOutcomes are the outcomes of mail that got a reply.
var answeredOutcomes = []string{Answered.String(), Rejected.String(), Refused.String(), Told.String()}

// checkLimits counts the sender's answered mail of the last hour, of the
// same kind (proven or not) as this one. Unproven mail over the limit is
// kept unanswered and stop is true; proven mail goes on, restricted to
// the commands that change a game.
func (h *handling) checkLimits() (stop bool, err error) {
	lim := h.s.cfg.Limits
	proven := h.proof != db.NoProof
	n, err := h.tx.CountFrom(h.sender.Address, h.m.Received.Add(-time.Hour), proven, answeredOutcomes...)
	if err != nil {
		return false, err
	}
	switch {
	case proven && n >= lim.Proven:
		h.limits.over = true
	case !proven && n >= lim.Unproven:
		h.outcome = Limited
		return true, h.tx.SetOutcome(h.msgRow, h.outcome.String())
	}
	return false, nil
}

// skipOverLimit reports whether a command is left out because the sender
// is over the hourly limit: all but the commands that change a game are.
func (h *handling) skipOverLimit(spec *commandSpec, c interface{ String() string }) bool {
	if !h.limits.over || spec.Rate == RatePlay {
		return false
	}
	h.limits.skipped = append(h.limits.skipped, c.String())
	return true
}

// settleLimits decides, once the commands ran, what reply the limits
// allow: over the hourly limit, the sender is told which commands wait,
// once an hour when nothing else was done; unproven mail whose only news
// is a refusal gets a short reply, at most Limits.Refusals a day.
func (h *handling) settleLimits() error {
	lim := h.s.cfg.Limits
	if len(h.limits.skipped) > 0 {
		if h.limits.ran == 0 {
			told, err := h.tx.CountFrom(h.sender.Address, h.m.Received.Add(-time.Hour), true, Told.String())
			if err != nil {
				return err
			}
			if told > 0 {
				return h.keepUnanswered()
			}
			h.outcome = Told
			h.answers = nil
			h.focus = nil
		}
		h.say("", "%s", h.tr("frame.over_limit", map[string]any{
			"Max": lim.Proven, "Skipped": strings.Join(h.limits.skipped, "; "), "When": when(h.now.Add(time.Hour), h.zone(h.sender))}))
		return nil
	}
	if h.proof != db.NoProof || h.limits.ran > 0 || !h.refused() {
		return nil
	}
	refused, err := h.tx.CountFrom(h.sender.Address, h.m.Received.Add(-24*time.Hour), false, Refused.String())
	if err != nil {
		return err
	}
	if refused >= lim.Refusals {
		return h.keepUnanswered()
	}
	// A forged From makes this reply go to someone who did not write:
	// keep it to the refusal, without the board.
	h.outcome = Refused
	h.focus = nil
	kept := h.answers[:0]
	for _, a := range h.answers {
		if a.refusal {
			kept = append(kept, a)
		}
	}
	h.answers = kept
	return nil
}

// refused reports whether the reply says that proof was missing.
func (h *handling) refused() bool {
	for _, a := range h.answers {
		if a.refusal {
			return true
		}
	}
	return false
}

// keepUnanswered drops the reply: the mail is kept as Limited.
func (h *handling) keepUnanswered() error {
	h.outcome = Limited
	h.answers = nil
	h.focus = nil
	h.unconfirmed = nil
	return nil
}
