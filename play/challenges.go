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

func (r ratingRange) String() string {
	switch {
	case r.low == 0 && r.high == 0:
		return "any rating"
	case r.high == 0:
		return fmt.Sprintf("rating %d or more", r.low)
	case r.low == 0:
		return fmt.Sprintf("rating %d or less", r.high)
	}
	return fmt.Sprintf("rating %d to %d", r.low, r.high)
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
		return nil, rr, clock, upperFirst(i18n.Error(lang, err)) + "."
	}
	if v, ok := opts["rating"]; ok {
		delete(opts, "rating")
		if rr, ok = parseRange(v); !ok {
			return nil, rr, clock, fmt.Sprintf("The rating range %s: write it as LOW-HIGH, such as rating 1400-1800 (or 1400- or -1800).", v)
		}
	}
	clock, msg = takeClockOptions(opts)
	if msg != "" {
		return nil, rr, clock, msg
	}
	engine, svc := rules.Options{}, clock.options()
	for name, v := range opts {
		if so, ok := serviceOptions[name]; ok {
			if !contains(so.values, v) {
				return nil, rr, clock, fmt.Sprintf("Option %s=%s: the value must be %s.", name, v, orList(so.values))
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
		return nil, rr, clock, upperFirst(i18n.Error(lang, err)) + "."
	}
	if g.Seats() != 2 {
		return nil, rr, clock, fmt.Sprintf("Open challenges are for games of two players; %s has %d. Invite the players by address instead.", entry.Title, g.Seats())
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
	if !h.authorize(&commandSpec{Authority: AccountHolder, what: "post a challenge"}, c, nil) {
		return nil
	}
	entry, err := games.Lookup(c.New.Game)
	if err != nil {
		h.say(read, "%s. Nothing was posted.", upperFirst(err.Error()))
		return nil
	}
	all, rr, _, msg := challengeOptions(h.lang, entry, c.New.Options)
	if msg != "" {
		h.say(read, "%s Nothing was posted.", msg)
		return nil
	}
	lim := h.s.cfg.Limits
	if h.limits.invited+1 > lim.InviteesPerMail {
		h.say(read, "One mail may invite at most %d players, challenges included, and this one asked for more. Nothing was posted.", lim.InviteesPerMail)
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
		h.say(read, "You invited or challenged %d players in the last day; the most is %d. Nothing was posted: try again after %s.",
			invited+posted, lim.InviteesPerDay, when(h.now.Add(day), h.zone(h.sender)))
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
		h.say(read, "You have %d open challenges, the most one player may have. Nothing was posted; send \"challenges\" to see them, or wait until one is taken or expires.", mine)
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
		h.say(read, "Your challenge matched challenge %d of %s, open since %s: game %d begins (%s).",
			o.ID, shortName(o.Address, o.Name), when(o.Created, h.zone(h.sender)), t.row.ID, t.title())
		return h.notifyOthers(t, english(fmt.Sprintf("Your challenge %d is taken: it matched a challenge of %s <%s>. Game %d begins.",
			o.ID, shortName(h.sender.Address, h.sender.Name), h.sender.Address, t.row.ID)))
	}
	id, err := h.tx.AddChallenge(ch)
	if err != nil {
		return err
	}
	h.say(read, "Challenge %d is posted: %s, %s, for a player of %s, open until %s. A matching challenge is paired with it at once; anyone may take it with \"accept challenge %d\".",
		id, entry.Title, shownChallengeOptions(entry, ch.Options), rr, when(ch.Expires, h.zone(h.sender)), id)
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
		h.say(c.String(), "No challenge is open. Post one with \"new GAME with anyone\", such as \"new pente with anyone days=3 rating 1400-1800\".")
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Open challenges (take one with \"accept challenge N\"):\n")
	for _, o := range open {
		entry, err := games.Lookup(o.Kind)
		if err != nil {
			continue
		}
		r, err := h.ratingIn(o.PlayerID, o.Kind)
		if err != nil {
			return err
		}
		mark := ""
		if o.PlayerID == h.sender.ID {
			mark = " (yours)"
		}
		fmt.Fprintf(&b, "\n  %d. %s by %s (rating %d)%s, %s\n     for a player of %s; open until %s",
			o.ID, entry.Title, shortName(o.Address, o.Name), r, mark, shownChallengeOptions(entry, o.Options), rangeOf(o), when(o.Expires, h.zone(h.sender)))
	}
	h.say(c.String(), "%s", b.String())
	return nil
}

// takeChallenge handles "accept challenge N".
func (h *handling) takeChallenge(c *grammar.Command, _ *table) error {
	read := c.String()
	o, err := h.tx.Challenge(int64(c.Take.ID))
	if errors.Is(err, db.ErrNotFound) {
		h.say(read, "There is no challenge %d. Send \"challenges\" for the open ones.", c.Take.ID)
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case o.State != db.ChallengeOpen || !o.Expires.After(h.now):
		h.say(read, "Challenge %d is no longer open. Send \"challenges\" for the open ones.", o.ID)
		return nil
	case o.PlayerID == h.sender.ID:
		h.say(read, "Challenge %d is your own; it waits for someone else to take it.", o.ID)
		return nil
	}
	mySelf, err := h.ratingIn(h.sender.ID, o.Kind)
	if err != nil {
		return err
	}
	if !rangeOf(o).admits(mySelf) {
		h.say(read, "Challenge %d is for a player of %s; your rating in it is %d. Nothing was started.", o.ID, rangeOf(o), mySelf)
		return nil
	}
	if ok, err := h.mayMeet(o); err != nil || !ok {
		if err == nil {
			h.say(read, "Challenge %d cannot be yours: one of you blocks the other's invitations. Nothing was started.", o.ID)
		}
		return err
	}
	if h.limits.invited+1 > h.s.cfg.Limits.InviteesPerMail {
		h.say(read, "One mail may start games with at most %d players, and this one asked for more. Nothing was started.", h.s.cfg.Limits.InviteesPerMail)
		return nil
	}
	h.limits.invited++
	t, err := h.startChallenge(o, h.sender)
	if err != nil {
		return err
	}
	if t == nil {
		h.say(read, "Challenge %d was taken a moment ago. Send \"challenges\" for the open ones.", o.ID)
		return nil
	}
	h.say(read, "You took challenge %d of %s: game %d begins (%s).", o.ID, shortName(o.Address, o.Name), t.row.ID, t.title())
	return h.notifyOthers(t, english(fmt.Sprintf("Your challenge %d is taken by %s <%s>: game %d begins.",
		o.ID, shortName(h.sender.Address, h.sender.Name), h.sender.Address, t.row.ID)))
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
	body := wrap(fmt.Sprintf("Nobody took your challenge %d (%s, %s, for a player of %s), posted %s, so it has expired. Post it again with \"new %s with anyone\" and your options.",
		id, entry.Title, shownChallengeOptions(entry, o.Options), rangeOf(o), when(o.Created, h.zone(p)), entry.Name), width) + "\n"
	return true, h.queue(p.Address, nil, fmt.Sprintf("[pbem] Your challenge %d has expired", id), body, false, nil)
}

// withdrawChallenge handles "cancel challenge N": its poster takes an open
// challenge back.
func (h *handling) withdrawChallenge(c *grammar.Command, _ *table) error {
	read := c.String()
	o, err := h.tx.Challenge(int64(c.Take.ID))
	if errors.Is(err, db.ErrNotFound) || err == nil && o.PlayerID != h.sender.ID {
		h.say(read, "You have no challenge %d. Send \"challenges\" for the open ones; yours are marked.", c.Take.ID)
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
		h.say(read, "Challenge %d is no longer open (%s); nothing to withdraw.", o.ID, o.State)
		return nil
	}
	h.say(read, "Your challenge %d is withdrawn.", o.ID)
	return nil
}
