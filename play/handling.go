package play

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"pbem/db"
	"pbem/grammar"
)

// handling is the work on one incoming mail, inside its transaction.
type handling struct {
	s   *Service
	tx  *db.Tx
	m   Message
	now time.Time

	msgRow  int64 // the mail's row in the store
	sender  db.Player
	keys    tokens
	thread  thread
	tables  map[int64]*table
	focus   *table // the game whose board ends the reply
	answers []answer
	// attachments go with the reply (a record).
	attachments []db.Attachment
	notices     []notice
	queued      []int64
	outcome     string
}

// answer is what the reply says about one command.
type answer struct {
	read string // how the line was read; "" for none
	text string // what happened
}

func (h *handling) say(read, format string, args ...any) {
	h.answers = append(h.answers, answer{read: read, text: fmt.Sprintf(format, args...)})
}

// run handles the mail: decide whether to answer at all, then read and
// carry out the commands, then queue the reply and the notices.
func (h *handling) run() error {
	// Downtime is given back before a ply is charged to anyone's clock.
	if _, err := h.s.grace(h.tx, h.now, false); err != nil {
		return err
	}
	from := strings.ToLower(strings.TrimSpace(h.m.From))
	if reason := h.noAnswer(from); reason != "" {
		h.outcome = "ignored"
		if _, err := h.record(nil); err != nil {
			return err
		}
		return h.noteBounce(reason)
	}
	var raw []byte
	if h.m.Undecodable || h.m.Size > h.s.cfg.MaxSize {
		raw = h.m.Raw
		if len(raw) > h.s.cfg.MaxSize {
			raw = raw[:h.s.cfg.MaxSize]
		}
	}
	if _, err := h.record(raw); err != nil {
		return err
	}
	sent, err := h.tx.AnsweredFrom(from, h.m.Received.Add(-time.Hour))
	if err != nil {
		return err
	}
	if sent >= h.s.cfg.RepliesPerHour {
		h.outcome = "limited"
		return h.tx.SetOutcome(h.msgRow, h.outcome)
	}
	h.sender, err = h.tx.Player(from, h.m.FromName, h.now)
	if err != nil {
		return err
	}
	secret, err := h.tx.Secret(tokenKey, 32)
	if err != nil {
		return err
	}
	h.keys = tokens{secret: secret}
	h.thread = h.keys.readThread(h.m, h.s.local)
	if err := h.releaseBounces(); err != nil {
		return err
	}

	switch {
	case h.m.Undecodable:
		h.outcome = "rejected"
		h.say("", "Your mail could not be decoded, so none of it was read. Please send your commands as plain text.")
	case h.m.Size > h.s.cfg.MaxSize:
		h.outcome = "rejected"
		h.say("", "Your mail is %d bytes, more than the %d this service reads, so none of it was read. Please send your commands in a short plain-text mail.", h.m.Size, h.s.cfg.MaxSize)
	default:
		h.outcome = "answered"
		if err := h.commands(); err != nil && !errors.Is(err, errStop) {
			return err
		}
	}
	if err := h.tx.SetOutcome(h.msgRow, h.outcome); err != nil {
		return err
	}
	if err := h.settle(); err != nil {
		return err
	}
	return h.send()
}

// noAnswer says why a mail must not be answered (loops and bounces), or "".
func (h *handling) noAnswer(from string) string {
	if from == "" {
		return "no sender"
	}
	if _, err := mail.ParseAddress(from); err != nil {
		return "sender address unreadable"
	}
	local, domain, _ := strings.Cut(from, "@")
	local = strings.ToLower(local)
	if local == "mailer-daemon" || local == "postmaster" {
		return "bounce"
	}
	if base, _, _ := strings.Cut(local, "+"); base == h.s.local && domain == h.s.domain {
		return "our own mail"
	}
	hdr := func(name string) string {
		for k, v := range h.m.Headers {
			if strings.EqualFold(k, name) {
				return strings.ToLower(strings.TrimSpace(v))
			}
		}
		return ""
	}
	if v := hdr("Auto-Submitted"); v != "" && v != "no" {
		return "auto-submitted"
	}
	if hdr("List-Id") != "" || hdr("List-Unsubscribe") != "" {
		return "mailing list"
	}
	switch hdr("Precedence") {
	case "bulk", "junk", "list", "auto_reply":
		return "bulk"
	}
	if hdr("Return-Path") == "<>" {
		return "bounce"
	}
	if hdr("X-Autoreply") != "" || hdr("X-Autorespond") != "" {
		return "auto-reply"
	}
	return ""
}

func (h *handling) record(raw []byte) (int64, error) {
	id, err := h.tx.RecordMessage(db.Message{
		MessageID: h.m.MessageID, Mailbox: h.m.Mailbox, UIDValidity: h.m.UIDValidity, UID: h.m.UID,
		Sender: strings.ToLower(strings.TrimSpace(h.m.From)), Subject: h.m.Subject, Outcome: h.outcome, Size: h.m.Size, Raw: raw,
		Received: h.m.Received,
	})
	h.msgRow = id
	return id, err
}

// maxNotUnderstood is how many lines that are not commands are listed in a
// reply; past that they are counted.
const maxNotUnderstood = 5

// commands reads the subject and the body's lines and carries out each
// command in turn.
func (h *handling) commands() error {
	lines, truncated := commandLines(h.m.Text)
	if subj := subjectCommand(h.m.Subject); subj != "" {
		if _, err := grammar.ParseCommand(subj); err == nil {
			lines = append([]string{subj}, lines...)
		}
	}
	done, skipped, listed := 0, 0, 0
	for _, line := range lines {
		cmd, err := grammar.ParseCommand(line)
		if err != nil {
			var nu *grammar.NotUnderstood
			// A line is reported when it looks meant as a command: a
			// near command word, or a first word with a digit (a ply).
			// Other lines are prose and only counted.
			if errors.As(err, &nu) && listed < maxNotUnderstood &&
				(len(nu.Suggest) > 0 || strings.ContainsAny(firstField(line), "0123456789")) {
				listed++
				h.say("", "%s", sentence(upperFirst(nu.Error())))
				continue
			}
			skipped++
			continue
		}
		done++
		if err := h.do(cmd); err != nil {
			return err
		}
	}
	if skipped > 0 {
		h.say("", "%d more line(s) of text were not commands and were left alone.", skipped)
	}
	if truncated {
		h.say("", "Only the first %d lines of your mail were read.", maxLines)
	}
	if done == 0 {
		h.say("", "%s", shortHelp)
	}
	return nil
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// sentence ends s with a full stop unless it ends with a question mark or
// a stop already.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// do carries out one command.
func (h *handling) do(c *grammar.Command) error {
	switch {
	case c.New != nil:
		return h.newGame(c)
	case c.Answer != nil:
		return h.answerCmd(c)
	case c.About != nil:
		switch c.About.Verb {
		case "board":
			return h.board(c)
		case "hint":
			return h.hint(c)
		case "resign":
			return h.resign(c)
		case "draw":
			return h.draw(c)
		case "takeback":
			return h.takeback(c)
		case "record":
			return h.record1(c)
		}
	case c.Preview != nil:
		return h.preview(c)
	case c.Watch != nil:
		return h.watch(c)
	case c.Games:
		return h.games(c)
	case c.Review:
		return h.review(c)
	case c.Help != nil:
		return h.help(c)
	case c.Vacation != nil:
		return h.vacation(c)
	case c.Back:
		return h.back(c)
	case c.Timezone != nil:
		return h.timezone(c)
	case c.Notify != nil:
		return h.notifyCmd(c)
	case c.Ratings != nil:
		return h.ratingsCmd(c)
	case c.Move != nil:
		return h.move(c)
	}
	return nil
}
