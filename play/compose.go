package play

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"strings"

	"pbem/db"
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

func (h *handling) notify(to db.Player, t *table, headline string) {
	h.notices = append(h.notices, notice{to: to, t: t, headline: headline})
}

// notifyOthers tells every seat but the sender, and every watcher, what
// happened in a game.
func (h *handling) notifyOthers(t *table, headline string) error {
	for _, s := range t.row.Seats {
		if s.PlayerID == h.sender.ID {
			continue
		}
		p, err := h.tx.PlayerByID(s.PlayerID)
		if err != nil {
			return err
		}
		h.notify(p, t, headline)
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

// send queues the reply to the sender and then the notices.
func (h *handling) send() error {
	if len(h.answers) > 0 {
		var b strings.Builder
		for i, a := range h.answers {
			if i > 0 {
				b.WriteString("\n")
			}
			if a.read != "" {
				b.WriteString(wrap("Read: "+a.read, width) + "\n")
			}
			b.WriteString(wrap(a.text, width) + "\n")
		}
		subject := "[pbem] " + replySubject(h.m.Subject)
		if h.focus != nil {
			h.focus = h.tables[h.focus.row.ID] // the latest state
			sec, err := h.section(h.focus, h.sender)
			if err != nil {
				return err
			}
			b.WriteString("\n" + sec)
			subject = gameSubject(h.focus, h.sender.Address)
		}
		if err := h.queue(h.sender.Address, h.focus, subject, b.String(), true, h.attachments); err != nil {
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
		sec, err := h.section(t, n.to)
		if err != nil {
			return err
		}
		body := wrap(n.headline, width) + "\n\n" + sec
		if err := h.queue(n.to.Address, t, gameSubject(t, n.to.Address), body, false, nil); err != nil {
			return err
		}
	}
	return nil
}

// width is the longest line of a mail's text.
const width = 72

const footer = "-- \npbem: board games by mail. Send \"help\" for the commands.\n"

// queue puts one mail in the outbox. Game mails carry the recipient's reply
// token in Reply-To and in the Message-ID, and refer to the game's thread.
func (h *handling) queue(to string, t *table, subject, body string, isReply bool, atts []db.Attachment) error {
	headers := map[string]string{"Auto-Submitted": "auto-replied"}
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
		h.unsubscribe(headers, t, to)
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
	msgID := "pbem." + tok + "." + hex.EncodeToString(rnd[:]) + "@" + h.s.domain
	if isReply {
		h.replyID = msgID
	}
	id, err := h.tx.Queue(db.Mail{
		MessageID:   msgID,
		To:          to,
		Subject:     subject,
		Headers:     headers,
		Body:        body + mailFooter(t, to),
		Attachments: atts,
		GameID:      gameID,
		Source:      h.msgRow,
		Created:     h.now,
	})
	if err != nil {
		return err
	}
	if err := h.setEnvelope(id, to); err != nil {
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
func replySubject(s string) string {
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
		return "your mail"
	}
	return "Re: " + s
}
