package play

import (
	"crypto/rand"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// notice is a mail to someone other than the sender: the other seats and
// the watchers after a ply, invitees, everyone when a game starts or ends.
type notice struct {
	to       db.Player
	t        *table
	headline string // the first paragraph: what happened
	// ply marks the news of a ply in a game that goes on, which follows the
	// recipient's notify setting (notify.go); all other news goes at once.
	ply bool
}

// notify tells a player other than the sender what happened, in the
// player's language.
func (h *handling) notify(to db.Player, t *table, headline words) {
	if _, ok := h.s.computerLevel(to.Address); ok {
		return // the computer reads no mail
	}
	h.notices = append(h.notices, notice{to: to, t: t, headline: headline(h.s.langOf(to))})
}

// notifyAnswering asks the seats in play but the sender to answer an offer.
// Seats out of the game (Quatro) and watchers have nothing to answer, and
// hear how it ended from notifyOthers.
func (h *handling) notifyAnswering(t *table, headline words) error {
	inPlay := func(seat int) bool { return rules.InPlay(t.game, rules.Seat(seat)) }
	return h.notifySeatsWhere(t, h.sender.ID, inPlay, func(db.Player) words { return headline })
}

// notifyOthers tells every seat but the sender, and every watcher, what
// happened in a game.
func (h *handling) notifyOthers(t *table, headline words) error {
	if err := h.notifySeats(t, h.sender.ID, func(db.Player) words { return headline }); err != nil {
		return err
	}
	ws, err := h.tx.Watchers(t.row.ID)
	if err != nil {
		return err
	}
	for _, w := range ws {
		if w.ID != h.sender.ID && t.seatOf(w.Address) < 0 {
			h.notify(w, t, headline)
		}
	}
	return nil
}

// show adds a game to those the reply shows, once.
func (h *handling) show(t *table) {
	if t != nil && !slices.Contains(h.shown, t.row.ID) {
		h.shown = append(h.shown, t.row.ID)
	}
}

// send queues the reply to the sender and then the notices.
//
// The reply shows, after the answers, every game the commands were about,
// in order (none when the limits took the boards away: focus is nil). With
// one game it is that game's mail; with several, each section is headed
// and underlined, and the mail is the first game's: its subject, thread and
// key, so that a reply to it is about the first game. A key names one game
// only, and the sections of the others say how to play in them.
func (h *handling) send() error {
	if len(h.answers) > 0 && h.outcome != Played {
		var b strings.Builder
		for i, a := range h.answers {
			if i > 0 {
				b.WriteString("\n")
			}
			if a.read != "" {
				b.WriteString(wrap(h.tr("frame.read", map[string]any{"Line": a.read}), width) + "\n")
			}
			b.WriteString(wrap(a.text, width) + "\n")
		}
		subject := "[pbem] " + replySubject(h.lang, h.m.Subject)
		var about *table // the game the reply's key is for
		var games []*table
		if h.focus != nil {
			var err error
			games, err = h.shownTables()
			if err != nil {
				return err
			}
			about = games[0]
			subject = gameSubject(h.lang, about, h.sender.Address)
			if len(games) > 1 {
				var ids rules.AndList
				for _, t := range games {
					ids = append(ids, strconv.FormatInt(t.row.ID, 10))
				}
				subject += h.tr("frame.also_games", map[string]any{"Count": len(ids) - 1, "Games": ids[1:]})
				b.WriteString("\n" + wrap(h.tr("frame.games_below", map[string]any{"Games": ids, "Game": about.row.ID}), width) + "\n")
			}
			for _, t := range games {
				sec, err := h.section(t, h.sender, about.row.ID)
				if err != nil {
					return err
				}
				if len(games) > 1 {
					sec = underlined(sec)
				}
				b.WriteString("\n" + sec)
			}
		}
		pics, err := h.pictures(h.sender, games...)
		if err != nil {
			return err
		}
		atts := append(slices.Clip(h.attachments), pics...)
		if err := h.queue(h.sender.Address, about, subject, b.String(), true, atts); err != nil {
			return err
		}
	}
	for _, n := range h.notices {
		t := h.tables[n.t.row.ID]
		if t == nil {
			t = n.t
		}
		now, err := h.sendNow(n, t)
		if err != nil {
			return err
		}
		if !now {
			continue
		}
		sec, err := h.section(t, n.to, t.row.ID)
		if err != nil {
			return err
		}
		body := wrap(n.headline, width) + "\n\n" + sec
		pics, err := h.pictures(n.to, t)
		if err != nil {
			return err
		}
		if err := h.queue(n.to.Address, t, gameSubject(h.s.langOf(n.to), t, n.to.Address), body, false, pics); err != nil {
			return err
		}
	}
	return nil
}

// shownTables are the games the reply shows, in their latest state.
func (h *handling) shownTables() ([]*table, error) {
	h.show(h.focus)
	out := make([]*table, 0, len(h.shown))
	for _, id := range h.shown {
		t, err := h.table(id)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// underlined underlines a section's first line, its heading, so that each
// game of a mail with several stands out.
func underlined(sec string) string {
	head, rest, _ := strings.Cut(sec, "\n")
	return head + "\n" + strings.Repeat("=", min(len(head), width)) + "\n" + rest
}

// width is the longest line of a mail's text.
const width = 72

// queue puts one mail in the outbox. Game mails carry the recipient's reply
// token in Reply-To and in the Message-ID, and refer to the game's thread.
func (h *handling) queue(to string, t *table, subject, body string, isReply bool, atts []db.Attachment) error {
	if _, ok := h.s.computerLevel(to); ok {
		return nil // the computer's address receives nothing: its answers stay unsent
	}
	// Content-Language says which language the mail is written in, for
	// mail programs and screen readers (the HTML part's lang too).
	lang := h.langFor(to)
	headers := map[string]string{"Auto-Submitted": "auto-replied", "Content-Language": string(lang)}
	keys, err := h.keyring()
	if err != nil {
		return err
	}
	// Every mail carries the recipient's key: for its game, or the account
	// key (game 0), which proves the address for settings.
	var refs []string
	var gameID int64
	if t != nil {
		gameID = t.row.ID
		refs = append(refs, "<pbem.game"+strconv.FormatInt(gameID, 10)+"@"+h.s.domain+">")
		if err := h.unsubscribe(headers, t, to); err != nil {
			return err
		}
	}
	tok := keys.token(to, gameID)
	headers["Reply-To"] = h.s.local + "+" + tok + "@" + h.s.domain
	if isReply && h.m.MessageID != "" {
		headers["In-Reply-To"] = "<" + h.m.MessageID + ">"
		for _, r := range h.m.References {
			refs = append(refs, "<"+strings.Trim(r, "<>")+">")
		}
		refs = append(refs, "<"+h.m.MessageID+">")
	}
	if len(refs) > 0 {
		headers["References"] = strings.Join(dedupe(refs), " ")
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	// A game's mail also carries the number of plies played when it was
	// written, so that a move in reply to it can be told stale (plies.go).
	mark := ""
	if t != nil {
		mark = plyMark(t.game.Plies())
	}
	msgID := "pbem." + tok + "." + mark + hex.EncodeToString(rnd[:]) + "@" + h.s.domain
	if isReply {
		h.replyID = msgID
	}
	env, err := h.envelopes()
	if err != nil {
		return err
	}
	id, err := h.tx.QueueFrom(db.Mail{
		MessageID:   msgID,
		To:          to,
		Subject:     subject,
		Headers:     headers,
		Body:        body + mailFooter(lang, t, to),
		Attachments: atts,
		GameID:      gameID,
		Source:      h.msgRow,
		Created:     h.now,
	}, func(id int64) string { return env.address(id, to) })
	if err != nil {
		return err
	}
	h.queued = append(h.queued, id)
	return nil
}

// keyring is the reply-token scheme under the store's secret, loaded when
// first needed (the tick's and the outbox's work have no incoming mail).
func (h *handling) keyring() (tokens, error) {
	if h.keys.secret == nil {
		secret, err := h.tx.Secret(tokenKey, 32)
		if err != nil {
			return tokens{}, err
		}
		h.keys = tokens{secret: secret}
	}
	return h.keys, nil
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// replySubject is the subject of a reply about no game: the sender's
// subject without its reply prefixes, or "your mail".
func replySubject(lang i18n.Lang, s string) string {
	s = strings.TrimSpace(s)
	for {
		lower := strings.ToLower(s)
		if strings.HasPrefix(lower, "re:") {
			s = strings.TrimSpace(s[3:])
			continue
		}
		if strings.HasPrefix(lower, "[pbem]") {
			s = strings.TrimSpace(s[6:])
			continue
		}
		break
	}
	if s == "" {
		return i18n.Tr(lang, "play.subject_your_mail", nil)
	}
	return "Re: " + s
}
