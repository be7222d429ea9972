package play

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/ratings"
	"pbem/rules"
	"pbem/rules/games"
)

// Open challenges: "new pente with anyone [OPTION=VALUE...] [rating
// LOW-HIGH]" posts an invitation to anyone, for two-player games. Anyone
// may take it with "accept challenge N"; a challenge posted while a
// matching one is open (same game, same options, each poster inside the
// other's rating range) is paired with it at once. A challenge that nobody
// takes expires after Limits.ChallengeLife, and its poster is told. A
// player has at most Limits.OpenChallenges open at once.

// ratingRange is a challenge's bound on the taker's rating; 0 is no bound.
type ratingRange struct{ low, high int }

// parseRange reads "1400-1800", "1400-" or "-1800".
func parseRange(s string) (ratingRange, bool) {
	lo, hi, ok := strings.Cut(s, "-")
	if !ok {
		return ratingRange{}, false
	}
	var r ratingRange
	var err error
	if lo != "" {
		if r.low, err = strconv.Atoi(lo); err != nil || r.low < 0 {
			return ratingRange{}, false
		}
	}
	if hi != "" {
		if r.high, err = strconv.Atoi(hi); err != nil || r.high < 0 {
			return ratingRange{}, false
		}
	}
	return r, (lo != "" || hi != "") && (r.high == 0 || r.low <= r.high)
}

func (r ratingRange) admits(rating int) bool {
	return (r.low == 0 || rating >= r.low) && (r.high == 0 || rating <= r.high)
}

// in says the range in lang, as it follows "for a player of".
func (r ratingRange) in(lang i18n.Lang) string {
	args := map[string]any{"Low": r.low, "High": r.high}
	switch {
	case r.low == 0 && r.high == 0:
		return i18n.Tr(lang, "invite.range_any", nil)
	case r.high == 0:
		return i18n.Tr(lang, "invite.range_min", args)
	case r.low == 0:
		return i18n.Tr(lang, "invite.range_max", args)
	}
	return i18n.Tr(lang, "invite.range_between", args)
}

func rangeOf(c db.Challenge) ratingRange { return ratingRange{c.MinRating, c.MaxRating} }

// ratingIn is a player's rating in a game, rounded; a player without one
// counts as a newcomer's.
func (h *handling) ratingIn(playerID int64, kind string) (int, error) {
	r, ok, err := h.tx.Rating(playerID, kind)
	if err != nil {
		return 0, err
	}
	if !ok {
		return int(ratings.Initial.R), nil
	}
	return int(math.Round(r.R)), nil
}

// challengeOptions checks the options of a challenge as "new" does and
// gives them complete, as a game stores them; msg says what is wrong.
func challengeOptions(lang i18n.Lang, entry games.Entry, given []string) (all rules.Options, rr ratingRange, clock clockSpec, msg string) {
	opts, err := rules.ParseOptions(given)
	if err != nil {
		return nil, rr, clock, sentence(upperFirst(i18n.Error(lang, err)))
	}
	if v, ok := opts["rating"]; ok {
		delete(opts, "rating")
		if rr, ok = parseRange(v); !ok {
			return nil, rr, clock, i18n.Tr(lang, "invite.range_bad", map[string]any{"Value": v})
		}
	}
	clock, msg = takeClockOptionsIn(lang, opts)
	if msg != "" {
		return nil, rr, clock, msg
	}
	engine, svc := rules.Options{}, clock.options()
	for name, v := range opts {
		if so, ok := serviceOptions[name]; ok {
			if !contains(so.values, v) {
				return nil, rr, clock, optionValueText(lang, name, v, so.values)
			}
			svc[name] = v
			continue
		}
		engine[name] = v
	}
	for name, so := range serviceOptions {
		// An option without a default (private) is stored only when given.
		if _, ok := svc[name]; !ok && so.def != "" {
			svc[name] = so.def
		}
	}
	g, err := entry.New(engine)
	if err != nil {
		return nil, rr, clock, sentence(upperFirst(i18n.Error(lang, err)))
	}
	if g.Seats() != 2 {
		return nil, rr, clock, i18n.Tr(lang, "invite.challenge_two_seats", map[string]any{"Title": entry.Title, "Seats": g.Seats()})
	}
	all = rules.Options{}
	for k, v := range g.Options() {
		all[k] = v
	}
	for k, v := range svc {
		all[k] = v
	}
	return all, rr, clock, ""
}

// postChallenge handles "new GAME with anyone ...": it pairs the challenge
// with a matching open one, or posts it.
func (h *handling) postChallenge(c *grammar.Command) error {
	read := c.String()
	if !h.authorize(&commandSpec{Authority: AccountHolder, what: "post_challenge"}, c, nil) {
		return nil
	}
	entry, err := games.Lookup(c.New.Game)
	if err != nil {
		h.say(read, "%s %s", sentence(upperFirst(h.errText(err))), h.tr("invite.nothing_posted", nil))
		return nil
	}
	all, rr, _, msg := challengeOptions(h.lang, entry, c.New.Options)
	if msg != "" {
		h.say(read, "%s %s", msg, h.tr("invite.nothing_posted", nil))
		return nil
	}
	lim := h.s.cfg.Limits
	if h.limits.invited+1 > lim.InviteesPerMail {
		h.say(read, "%s", h.tr("invite.challenge_per_mail", map[string]any{"Count": lim.InviteesPerMail}))
		return nil
	}
	// A challenge counts as one invitee against the daily limit.
	invited, err := h.tx.InvitationsBy(h.sender.ID, h.now.Add(-day))
	if err != nil {
		return err
	}
	posted, err := h.tx.ChallengesBy(h.sender.ID, h.now.Add(-day))
	if err != nil {
		return err
	}
	if invited+posted+1 > lim.InviteesPerDay {
		h.say(read, "%s", h.tr("invite.challenge_per_day", map[string]any{"Count": invited + posted,
			"Max": lim.InviteesPerDay, "After": whenIn(h.lang, h.now.Add(day), h.zone(h.sender))}))
		return nil
	}
	open, err := h.tx.OpenChallenges(h.now)
	if err != nil {
		return err
	}
	mine := 0
	for _, o := range open {
		if o.PlayerID == h.sender.ID {
			mine++
		}
	}
	if mine >= lim.OpenChallenges {
		h.say(read, "%s", h.tr("invite.challenge_open_max", map[string]any{"Count": mine}))
		return nil
	}
	h.limits.invited++
	ch := db.Challenge{PlayerID: h.sender.ID, Address: h.sender.Address, Name: h.sender.Name, Kind: entry.Name,
		Options: all.String(), MinRating: rr.low, MaxRating: rr.high, Created: h.now, Expires: h.now.Add(lim.ChallengeLife)}
	mySelf, err := h.ratingIn(h.sender.ID, entry.Name)
	if err != nil {
		return err
	}
	for _, o := range open {
		if o.PlayerID == h.sender.ID || o.Kind != ch.Kind || o.Options != ch.Options || !rangeOf(o).admits(mySelf) {
			continue
		}
		theirs, err := h.ratingIn(o.PlayerID, entry.Name)
		if err != nil {
			return err
		}
		if !rr.admits(theirs) {
			continue
		}
		if ok, err := h.mayMeet(o); !ok || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		// A match: the older challenge is taken by this one.
		t, err := h.startChallenge(o, h.sender)
		if err != nil || t == nil {
			return err
		}
		h.say(read, "%s", h.tr("invite.challenge_matched", map[string]any{"ID": o.ID, "Name": shortName(o.Address, o.Name),
			"Since": whenIn(h.lang, o.Created, h.zone(h.sender)), "Game": t.row.ID, "Title": t.title()}))
		return h.notifyOthers(t, tr("invite.challenge_matched_notice", map[string]any{"ID": o.ID,
			"Name": shortName(h.sender.Address, h.sender.Name), "Address": h.sender.Address, "Game": t.row.ID}))
	}
	id, err := h.tx.AddChallenge(ch)
	if err != nil {
		return err
	}
	h.say(read, "%s", h.tr("invite.challenge_posted", map[string]any{"ID": id, "Title": entry.Title,
		"Options": shownChallengeOptions(entry, ch.Options), "Range": rr.in(h.lang), "Until": whenIn(h.lang, ch.Expires, h.zone(h.sender))}))
	return nil
}

// mayMeet reports whether the sender may play the poster of a challenge:
// neither blocks the other's invitations.
func (h *handling) mayMeet(o db.Challenge) (bool, error) {
	poster, err := h.tx.PlayerByID(o.PlayerID)
	if err != nil {
		return false, err
	}
	if blocked, err := h.tx.Blocked(poster.ID, h.sender.Address); err != nil || blocked {
		return false, err
	}
	blocked, err := h.tx.Blocked(h.sender.ID, poster.Address)
	return !blocked, err
}

// startChallenge makes the game of a challenge taken by taker, closes the
// challenge, and begins the game; nil when another took it first.
func (h *handling) startChallenge(o db.Challenge, taker db.Player) (*table, error) {
	opts, err := rules.ParseOptions(strings.Fields(o.Options))
	if err != nil {
		return nil, fmt.Errorf("challenge %d options: %w", o.ID, err)
	}
	entry, err := games.Lookup(o.Kind)
	if err != nil {
		return nil, fmt.Errorf("challenge %d: %w", o.ID, err)
	}
	seats := []int64{o.PlayerID, taker.ID}
	switch opts["first"] {
	case "them":
		seats[0], seats[1] = seats[1], seats[0]
	case "random":
		if randomSeed()%2 == 1 {
			seats[0], seats[1] = seats[1], seats[0]
		}
	}
	row := db.Game{Kind: entry.Kind.Name, Options: o.Options, State: db.Invited, Created: h.now, Owner: o.PlayerID,
		Seed: randomSeed(), Tags: map[string]string{"TimeControl": specOf(o.Options).timeControl()}}
	for i, p := range seats {
		row.Seats = append(row.Seats, db.Seat{Seat: i, PlayerID: p, Invitation: db.Accepted})
	}
	id, err := h.tx.CreateGame(row)
	if err != nil {
		return nil, err
	}
	if ok, err := h.tx.CloseChallenge(o.ID, db.ChallengeTaken, id); err != nil || !ok {
		return nil, err
	}
	if err := h.tx.SetState(id, db.Active, "", "", h.now); err != nil {
		return nil, err
	}
	t, err := h.reload(id)
	if err != nil {
		return nil, err
	}
	h.focus = t
	return t, h.autoPlay(t)
}

// shownChallengeOptions are a challenge's options worth showing.
func shownChallengeOptions(entry games.Entry, options string) string {
	all, err := rules.ParseOptions(strings.Fields(options))
	if err != nil {
		return options
	}
	for name := range entry.Preset {
		delete(all, name)
	}
	delete(all, "first")
	return all.String()
}

// challenges handles "challenges": the open challenges.
func (h *handling) challenges(c *grammar.Command, _ *table) error {
	open, err := h.tx.OpenChallenges(h.now)
	if err != nil {
		return err
	}
	if len(open) == 0 {
		h.say(c.String(), "%s", h.tr("invite.challenges_none", nil))
		return nil
	}
	var b strings.Builder
	b.WriteString(h.tr("invite.challenges_head", nil) + "\n")
	for _, o := range open {
		entry, err := games.Lookup(o.Kind)
		if err != nil {
			continue
		}
		r, err := h.ratingIn(o.PlayerID, o.Kind)
		if err != nil {
			return err
		}
		line := "invite.challenges_line"
		if o.PlayerID == h.sender.ID {
			line = "invite.challenges_line_yours"
		}
		b.WriteString("\n  " + h.tr(line, map[string]any{"ID": o.ID, "Title": entry.Title, "Name": shortName(o.Address, o.Name),
			"Rating": r, "Options": shownChallengeOptions(entry, o.Options), "Range": rangeOf(o).in(h.lang),
			"Until": whenIn(h.lang, o.Expires, h.zone(h.sender))}))
	}
	h.say(c.String(), "%s", b.String())
	return nil
}

// takeChallenge handles "accept challenge N".
func (h *handling) takeChallenge(c *grammar.Command, _ *table) error {
	read := c.String()
	o, err := h.tx.Challenge(int64(c.Take.ID))
	if errors.Is(err, db.ErrNotFound) {
		h.say(read, "%s", h.tr("invite.challenge_unknown", map[string]any{"ID": c.Take.ID}))
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case o.State != db.ChallengeOpen || !o.Expires.After(h.now):
		h.say(read, "%s", h.tr("invite.challenge_closed", map[string]any{"ID": o.ID}))
		return nil
	case o.PlayerID == h.sender.ID:
		h.say(read, "%s", h.tr("invite.challenge_own", map[string]any{"ID": o.ID}))
		return nil
	}
	mySelf, err := h.ratingIn(h.sender.ID, o.Kind)
	if err != nil {
		return err
	}
	if !rangeOf(o).admits(mySelf) {
		h.say(read, "%s", h.tr("invite.challenge_range", map[string]any{"ID": o.ID, "Range": rangeOf(o).in(h.lang), "Rating": mySelf}))
		return nil
	}
	if ok, err := h.mayMeet(o); err != nil || !ok {
		if err == nil {
			h.say(read, "%s", h.tr("invite.challenge_blocked", map[string]any{"ID": o.ID}))
		}
		return err
	}
	if h.limits.invited+1 > h.s.cfg.Limits.InviteesPerMail {
		h.say(read, "%s", h.tr("invite.start_per_mail", map[string]any{"Count": h.s.cfg.Limits.InviteesPerMail}))
		return nil
	}
	h.limits.invited++
	t, err := h.startChallenge(o, h.sender)
	if err != nil {
		return err
	}
	if t == nil {
		h.say(read, "%s", h.tr("invite.challenge_gone", map[string]any{"ID": o.ID}))
		return nil
	}
	h.say(read, "%s", h.tr("invite.challenge_took", map[string]any{"ID": o.ID, "Name": shortName(o.Address, o.Name),
		"Game": t.row.ID, "Title": t.title()}))
	return h.notifyOthers(t, tr("invite.challenge_taken_notice", map[string]any{"ID": o.ID,
		"Name": shortName(h.sender.Address, h.sender.Name), "Address": h.sender.Address, "Game": t.row.ID}))
}

// expireChallenge ends a challenge nobody took in time and tells its
// poster (a tick's work).
func (h *handling) expireChallenge(id int64) (bool, error) {
	o, err := h.tx.Challenge(id)
	if err != nil {
		return false, err
	}
	closed, err := h.tx.CloseChallenge(id, db.ChallengeExpired, 0)
	if err != nil || !closed {
		return false, err
	}
	p, err := h.tx.PlayerByID(o.PlayerID)
	if err != nil {
		return false, err
	}
	entry, err := games.Lookup(o.Kind)
	if err != nil {
		return false, err
	}
	lang := h.s.langOf(p)
	body := wrap(i18n.Tr(lang, "invite.challenge_expired", map[string]any{"ID": id, "Title": entry.Title,
		"Options": shownChallengeOptions(entry, o.Options), "Range": rangeOf(o).in(lang), "Posted": whenIn(lang, o.Created, h.zone(p)),
		"Kind": entry.Name}), width) + "\n"
	subject := "[pbem] " + i18n.Tr(lang, "invite.challenge_expired_subject", map[string]any{"ID": id})
	return true, h.queue(p.Address, nil, subject, body, false, nil)
}

// withdrawChallenge handles "cancel challenge N": its poster takes an open
// challenge back.
func (h *handling) withdrawChallenge(c *grammar.Command, _ *table) error {
	read := c.String()
	o, err := h.tx.Challenge(int64(c.Take.ID))
	if errors.Is(err, db.ErrNotFound) || err == nil && o.PlayerID != h.sender.ID {
		h.say(read, "%s", h.tr("invite.challenge_not_yours", map[string]any{"ID": c.Take.ID}))
		return nil
	}
	if err != nil {
		return err
	}
	closed, err := h.tx.CloseChallenge(o.ID, db.ChallengeWithdrawn, 0)
	if err != nil {
		return err
	}
	if !closed || !o.Expires.After(h.now) {
		// Read open, it has expired since: the tick has not closed it yet.
		state := o.State
		if state == db.ChallengeOpen {
			state = db.ChallengeExpired
		}
		h.say(read, "%s", h.tr("invite.challenge_not_open_"+string(state), map[string]any{"ID": o.ID}))
		return nil
	}
	h.say(read, "%s", h.tr("invite.challenge_withdrawn", map[string]any{"ID": o.ID}))
	return nil
}
