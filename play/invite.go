package play

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"net/mail"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
	"pbem/rules/games"
	"pbem/rules/pinuid"
)

// serviceOptions are the options of service.md that are not the rules':
// name, allowed values, default. The clock's options,
// days= and bank=, are takeClockOptions' (clock.go).
var serviceOptions = map[string]struct {
	values []string
	def    string
}{
	"rated": {[]string{"yes", "no"}, "yes"},
	"first": {[]string{"me", "them", "random"}, "me"},
	// private=yes keeps the game out of the web archive (db migration 007
	// derives games.private from it). No default is stored: the options
	// of a public game read as they did before the option existed.
	"private": {[]string{"yes", "no"}, ""},
}

// newGame handles "new GAME with ADDR... [OPTION=VALUE...]": it seats the
// players, stores the game as invited and mails every invitee.
func (h *handling) newGame(c *grammar.Command, _ *table) error {
	if c.New.Anyone {
		return h.postChallenge(c)
	}
	read := c.String()
	entry, err := games.Lookup(c.New.Game)
	if err != nil {
		h.say(read, "%s %s", sentence(upperFirst(h.errText(err))), h.tr("invite.nothing_started", nil))
		return nil
	}
	opts, err := rules.ParseOptions(c.New.Options)
	if err != nil {
		h.say(read, "%s %s", sentence(upperFirst(h.errText(err))), h.tr("invite.nothing_started", nil))
		return nil
	}
	computers := 0
	for _, a := range c.New.With {
		if a == grammar.Computer {
			computers++
		}
	}
	level, msg := takeLevel(h.lang, opts, computers)
	if msg != "" {
		h.say(read, "%s %s", msg, h.tr("invite.nothing_started", nil))
		return nil
	}
	clock, msg := takeClockOptionsIn(h.lang, opts)
	if msg != "" {
		h.say(read, "%s %s", msg, h.tr("invite.nothing_started", nil))
		return nil
	}
	engineOpts, svc := rules.Options{}, clock.options()
	for name, v := range opts {
		if so, ok := serviceOptions[name]; ok {
			if !contains(so.values, v) {
				h.say(read, "%s %s", optionValueText(h.lang, name, v, so.values), h.tr("invite.nothing_started", nil))
				return nil
			}
			svc[name] = v
			continue
		}
		engineOpts[name] = v
	}
	for name, so := range serviceOptions {
		if _, ok := svc[name]; !ok && so.def != "" {
			svc[name] = so.def
		}
	}

	// The players: the sender and the invitees, each once.
	addrs := []string{h.sender.Address}
	var invited []string // the invitees that are not the computer
	for _, a := range c.New.With {
		if a == grammar.Computer {
			// Each computer seat is a player of its own (a player holds
			// one seat of a game).
			k := 1
			for contains(addrs, h.s.computerAddress(level, k)) {
				k++
			}
			addrs = append(addrs, h.s.computerAddress(level, k))
			continue
		}
		parsed, err := mail.ParseAddress(a)
		if err != nil {
			h.say(read, "%s", h.tr("invite.not_an_address", map[string]any{"Address": a}))
			return nil
		}
		addr := strings.ToLower(parsed.Address)
		if addr == h.sender.Address {
			h.say(read, "%s", h.tr("invite.invited_yourself", nil))
			return nil
		}
		if l, d, _ := strings.Cut(addr, "@"); d == h.s.domain && (l == h.s.local || strings.HasPrefix(l, h.s.local+"+")) {
			h.say(read, "%s", h.tr("invite.own_address", map[string]any{"Address": addr}))
			return nil
		}
		if _, ok := h.s.computerLevel(addr); ok {
			h.say(read, "%s", h.tr("invite.computer_address", map[string]any{"Address": addr}))
			return nil
		}
		if contains(addrs, addr) {
			continue
		}
		addrs = append(addrs, addr)
		invited = append(invited, addr)
	}
	if entry.Kind == pinuid.Quatro {
		if _, given := engineOpts["seats"]; !given {
			engineOpts["seats"] = fmt.Sprint(len(addrs))
		}
	}
	g, err := entry.New(engineOpts)
	if err != nil {
		h.say(read, "%s %s", sentence(upperFirst(h.errText(err))), h.tr("invite.nothing_started", nil))
		return nil
	}
	if g.Seats() != len(addrs) {
		h.say(read, "%s", h.tr("invite.seats_named", map[string]any{"Title": entry.Title, "Seats": g.Seats(),
			"Named": len(addrs), "Count": len(addrs) - 1}))
		return nil
	}
	if ok, err := h.admitInvitees(read, invited); !ok || err != nil {
		return err
	}

	switch svc["first"] {
	case "them":
		addrs = append(addrs[1:], addrs[0])
	case "random":
		shuffle(addrs)
	}
	var seed [8]byte
	_, _ = rand.Read(seed[:])
	row := db.Game{Kind: entry.Kind.Name, State: db.Invited, Created: h.now, Owner: h.sender.ID,
		Seed: int64(binary.LittleEndian.Uint64(seed[:]) >> 1),
		Tags: map[string]string{"TimeControl": clock.timeControl()}}
	all := rules.Options{}
	for k, v := range g.Options() {
		all[k] = v
	}
	for k, v := range svc {
		all[k] = v
	}
	row.Options = all.String()
	var invitees []db.Player
	for i, a := range addrs {
		p := h.sender
		_, computer := h.s.computerLevel(a)
		if a != h.sender.Address {
			if p, err = h.tx.Player(a, h.s.computerName(a), h.now); err != nil {
				return err
			}
			if !computer {
				if p, err = h.inheritLanguage(p); err != nil {
					return err
				}
				invitees = append(invitees, p)
			}
		}
		// The computer accepts at once.
		inv := db.Pending
		if a == h.sender.Address || computer {
			inv = db.Accepted
		}
		row.Seats = append(row.Seats, db.Seat{Seat: i, PlayerID: p.ID, Invitation: inv})
	}
	id, err := h.tx.CreateGame(row)
	if err != nil {
		return err
	}
	t, err := h.table(id)
	if err != nil {
		return err
	}
	h.focus = t
	c.New.Game = entry.Name
	var names []string
	for _, p := range invitees {
		names = append(names, p.Address)
		h.notify(p, t, func(lang i18n.Lang) string {
			return i18n.Tr(lang, "play.invites_you", map[string]any{"Name": shortName(h.sender.Address, h.sender.Name),
				"Address": h.sender.Address, "Game": entry.Title, "ID": id}) + h.greetingText(lang)
		})
	}
	if len(names) > 0 {
		msg := "invite.set_up"
		if computers > 0 {
			msg = "invite.set_up_computer"
		}
		h.say(c.String(), "%s", h.tr(msg, map[string]any{"Game": id, "Title": t.title(), "Names": andAddresses(names)}))
		return nil
	}
	// Only the computer was invited: the game begins.
	if err := h.tx.SetState(id, db.Active, "", "", h.now); err != nil {
		return err
	}
	if t, err = h.reload(id); err != nil {
		return err
	}
	h.focus = t
	h.say(c.String(), "%s", h.tr("invite.set_up_computer_only", map[string]any{"Game": id, "Title": t.title()}))
	return h.autoPlay(t)
}

// maxGreetingLine bounds each line of the inviter's words passed on.
const maxGreetingLine = 200

// greetingText is the inviter's own words, as the invitation passes them
// on: "Hi Bob, fancy a game?"; "" when the mail had none.
func (h *handling) greetingText(lang i18n.Lang) string {
	if len(h.greeting) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\n" + i18n.Tr(lang, "play.they_write", nil))
	for _, l := range h.greeting {
		if len(l) > maxGreetingLine {
			l = l[:maxGreetingLine] + "..."
		}
		b.WriteString("\n  " + l)
	}
	return b.String()
}

// optionValueText says that an option of the service's has a value it
// does not take, in lang.
func optionValueText(lang i18n.Lang, name, value string, values []string) string {
	return i18n.Tr(lang, "invite.option_value", map[string]any{"Name": name, "Value": value, "Values": rules.OrList(values)})
}

// andAddresses lists addresses with the reader's "and".
func andAddresses(s []string) rules.AndList {
	out := make(rules.AndList, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// shuffle puts the seats in random order (first=random).
func shuffle(s []string) {
	for i := len(s) - 1; i > 0; i-- {
		var b [8]byte
		_, _ = rand.Read(b[:])
		j := int(binary.LittleEndian.Uint64(b[:]) % uint64(i+1))
		s[i], s[j] = s[j], s[i]
	}
}

// answerCmd handles "accept" and "decline": an invitation while the game
// is invited, or an open draw offer or takeback request while it is played.
func (h *handling) answerCmd(c *grammar.Command, t *table) error {
	if t.row.State == db.Active {
		return h.answerOffer(c, t)
	}
	seat := t.seatOf(h.sender.Address)
	if t.row.Seats[seat].Invitation != db.Pending {
		msg := "invite.answered_accepted"
		if t.row.Seats[seat].Invitation == db.Refused {
			msg = "invite.answered_declined"
		}
		h.say(c.String(), "%s", h.tr(msg, nil))
		return nil
	}
	if c.Answer.Verb == "decline" {
		t, err := h.declineSeat(t, seat, "")
		if err != nil {
			return err
		}
		h.focus = t
		h.say(c.String(), "%s", h.tr("invite.declined", map[string]any{"Game": t.row.ID}))
		return h.notifyOthers(t, tr("invite.declined_notice", map[string]any{"Name": shortName(h.sender.Address, h.sender.Name),
			"Game": t.row.ID}))
	}
	if err := h.tx.Answer(t.row.ID, seat, db.Accepted, h.now); err != nil {
		return err
	}
	t, err := h.reload(t.row.ID)
	if err != nil {
		return err
	}
	h.focus = t
	var waiting []string
	for _, s := range t.row.Seats {
		if s.Invitation != db.Accepted {
			waiting = append(waiting, s.Address)
		}
	}
	if len(waiting) > 0 {
		h.say(c.String(), "%s", h.tr("invite.accepted_waiting", map[string]any{"Game": t.row.ID,
			"Names": andAddresses(waiting), "Count": len(waiting)}))
		return nil
	}
	if err := h.tx.SetState(t.row.ID, db.Active, "", "", h.now); err != nil {
		return err
	}
	t, err = h.reload(t.row.ID)
	if err != nil {
		return err
	}
	h.focus = t
	h.say(c.String(), "%s", h.tr("invite.accepted_all", map[string]any{"Game": t.row.ID}))
	if err := h.notifyOthers(t, tr("invite.accepted_all_notice", map[string]any{"Game": t.row.ID})); err != nil {
		return err
	}
	return h.autoPlay(t)
}

// cancel handles "cancel": the player who started a game withdraws it
// before it starts.
func (h *handling) cancel(c *grammar.Command, t *table) error {
	if err := h.tx.SetState(t.row.ID, db.Declined, "", cancelled, h.now); err != nil {
		return err
	}
	t, err := h.reload(t.row.ID)
	if err != nil {
		return err
	}
	h.focus = t
	h.say(c.String(), "%s", h.tr("invite.cancelled", map[string]any{"Game": t.row.ID}))
	return h.notifyOthers(t, tr("invite.cancelled_notice", map[string]any{"Name": shortName(h.sender.Address, h.sender.Name),
		"Game": t.row.ID}))
}

// declineSeat records a seat's no to an invitation, which ends the game
// before it starts; why is the termination: "" when the invitee said no,
// undeliverable when the invitation never reached them.
func (h *handling) declineSeat(t *table, seat int, why string) (*table, error) {
	if err := h.tx.Answer(t.row.ID, seat, db.Refused, h.now); err != nil {
		return nil, err
	}
	if err := h.tx.SetState(t.row.ID, db.Declined, "", why, h.now); err != nil {
		return nil, err
	}
	return h.reload(t.row.ID)
}

// The terminations of games that never started but by an invitee's no:
// the starter cancelled it, or an invitation could not be delivered.
const (
	cancelled     = "cancelled"
	undeliverable = "invitation undeliverable"
)
