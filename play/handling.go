package play

import (
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
)

// handling is the work on one incoming mail, inside its transaction.
type handling struct {
	s   *Service
	tx  *db.Tx
	m   Message
	now time.Time

	msgRow int64 // the mail's row in the store
	sender db.Player
	keys   tokens
	thread thread
	// proof is what the mail shows of the sender's address; confirmed is
	// set while commands confirmed by such proof run (confirm.go).
	proof     db.Proof
	confirmed bool
	tables    map[int64]*table
	focus     *table // the game last touched; nil for a reply without boards
	// shown are the games the commands were about, in order: the reply
	// shows each (compose.go).
	shown   []int64
	answers []answer
	// attachments go with the reply (a record).
	attachments []db.Attachment
	notices     []notice
	queued      []int64
	outcome     Outcome
	// limits is the state of the sender's limits for this mail (limits.go).
	limits limitState
	// unconfirmed are the commands that wait for a confirmation round trip.
	unconfirmed []string
	// replyID is the Message-ID of the reply queued to the sender.
	replyID string
	// greeting is the sender's own words that were no commands.
	greeting []string
	// lang is the language of the sender, who reads the reply.
	lang i18n.Lang
	// heads are the sections' heads drawn, by table and language: a ply's
	// reply and its notice show the same board (mailtext.go).
	heads map[headKey]string
}

// answer is what the reply says about one command.
type answer struct {
	read string // how the line was read; "" for none
	text string // what happened
	// refusal marks an answer that only says the mail lacked proof: a mail
	// with nothing else to say gets a short reply, seldom (limits.go).
	refusal bool
	// echo marks an answer that only says the sender's ply was played as
	// sent, which notify myturn spares the sender (notify.go).
	echo bool
}

func (h *handling) say(read, format string, args ...any) {
	h.answers = append(h.answers, answer{read: read, text: fmt.Sprintf(format, args...)})
}

// refuse says that a command needed proof the mail lacked.
func (h *handling) refuse(read, format string, args ...any) {
	h.answers = append(h.answers, answer{read: read, text: fmt.Sprintf(format, args...), refusal: true})
}

// run handles the mail, unless it was handled before (fresh is false):
// record it, decide whether to answer at all, then read and carry out the
// commands, then queue the reply and the notices.
func (h *handling) run() (fresh bool, err error) {
	from := strings.ToLower(strings.TrimSpace(h.m.From))
	reason := h.noAnswer(from)
	var raw []byte
	if reason != "" {
		h.outcome = Ignored
	} else {
		if h.m.Undecodable || h.m.Size > h.s.cfg.MaxSize {
			raw = h.m.Raw
			if len(raw) > h.s.cfg.MaxSize {
				raw = raw[:h.s.cfg.MaxSize]
			}
		}
		keys, err := h.keyring()
		if err != nil {
			return false, err
		}
		h.thread = keys.readThread(h.m, h.s.local)
		h.proof = h.proofOf()
	}
	// Recording the mail is also the look for it among those handled
	// before: one statement instead of a look and then a write.
	if fresh, err := h.recordNew(raw); err != nil || !fresh {
		return false, err
	}
	// Downtime is given back before a ply is charged to anyone's clock.
	if _, err := h.s.grace(h.tx, h.now, false); err != nil {
		return true, err
	}
	if reason != "" {
		return true, h.noteBounce(reason)
	}
	return true, h.answer(from)
}

// answer acts on a mail that is to be answered, recorded already.
func (h *handling) answer(from string) (err error) {
	// A display name is taken only from proven mail: a forged From must
	// not rename a player.
	name := ""
	if h.proof != db.NoProof {
		name = h.m.FromName
	}
	if h.sender, err = h.tx.Player(from, name, h.now); err != nil {
		return err
	}
	h.lang = h.s.langOf(h.sender)
	if stop, err := h.checkLimits(); stop || err != nil {
		return err
	}
	if h.proof != db.NoProof {
		// Only the address's holder ends a bounce's hold: a forged From
		// must not start the clock of a player whose mail bounces.
		if err := h.releaseBounces(); err != nil {
			return err
		}
	}

	switch {
	case h.m.Undecodable:
		h.outcome = Rejected
		h.say("", "%s", h.tr("frame.undecodable", nil))
	case h.m.Size > h.s.cfg.MaxSize:
		h.outcome = Rejected
		h.say("", "%s", h.tr("frame.too_big", map[string]any{"Size": h.m.Size, "Max": h.s.cfg.MaxSize}))
	default:
		h.outcome = Answered
		if err := h.commands(); err != nil {
			return err
		}
		h.askConfirmation()
		if err := h.settleLimits(); err != nil {
			return err
		}
		if h.outcome == Answered && h.echoOnly() {
			h.outcome = Played
		}
	}
	if err := h.tx.SetOutcome(h.msgRow, h.outcome.String()); err != nil {
		return err
	}
	if err := h.settle(); err != nil {
		return err
	}
	if err := h.send(); err != nil {
		return err
	}
	return h.recordConfirmation()
}

// noAnswer says why a mail must not be answered (loops and bounces), or "":
// a code for the log.
func (h *handling) noAnswer(from string) string {
	if from == "" {
		return "no-sender"
	}
	if _, err := mail.ParseAddress(from); err != nil {
		return "unreadable-sender"
	}
	local, domain, _ := strings.Cut(from, "@")
	local = strings.ToLower(local)
	if local == "mailer-daemon" || local == "postmaster" {
		return "bounce"
	}
	if base, _, _ := strings.Cut(local, "+"); base == h.s.local && domain == h.s.domain {
		return "own-mail"
	}
	if _, ok := h.s.computerLevel(from); ok {
		return "computer-address" // it sends no mail: a forgery
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
		return "mailing-list"
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
	id, err := h.tx.RecordMessage(h.message(raw))
	h.msgRow = id
	return id, err
}

// recordNew records the mail unless it was recorded before: then fresh
// is false and nothing is written.
func (h *handling) recordNew(raw []byte) (fresh bool, err error) {
	h.msgRow, fresh, err = h.tx.RecordNewMessage(h.message(raw))
	return fresh, err
}

func (h *handling) message(raw []byte) db.Message {
	return db.Message{
		MessageID: h.m.MessageID, Mailbox: h.m.Mailbox, UIDValidity: h.m.UIDValidity, UID: h.m.UID,
		Sender: strings.ToLower(strings.TrimSpace(h.m.From)), Subject: h.m.Subject, Outcome: h.outcome.String(), Proof: h.proof, Size: h.m.Size, Raw: raw,
		Received: h.m.Received,
	}
}

// maxNotUnderstood is how many lines that are not commands are listed in a
// reply; past that they are counted.
const maxNotUnderstood = 5

// maxGreeting bounds the inviter's own words passed on with an invitation.
const maxGreeting = 6

// reading is what the commands of a mail are: the subject, when it is a
// command the body does not repeat, then the body's lines.
type reading struct {
	commands []*grammar.Command
	// complaints are the lines that look meant as commands but are none:
	// a near command word, or a first word with a digit (a ply).
	complaints []*grammar.NotUnderstood
	// other counts the lines that are neither: prose, greetings.
	other int
	// greeting is the sender's own words that are no commands, the first
	// few lines, for an invitation to pass on.
	greeting []string
	// words are the first words of the lines read as commands, as
	// written: they tell the sender's language (language.go).
	words []string
}

// readCommands reads a mail's subject and body for commands. Below a
// command that reads a record pasted into the mail (review, and analyze
// naming no game), the record's lines, from the first that opens a tag
// pair, are the record's (pastedRecord): no commands, and no complaints
// that "[Game" is no command.
func readCommands(subject string, body bodyText) reading {
	var r reading
	// The subject's command is read first: "review" as the subject reads
	// the record pasted into the body as much as "review" above it.
	var subjCmd *grammar.Command
	if subj := subjectCommand(subject); subj != "" {
		if cmd, err := grammar.ParseCommand(subj); err == nil {
			subjCmd = cmd
		}
	}
	readsPasted, inRecord := subjCmd != nil && readsPastedRecord(subjCmd), false
	for _, l := range body.lines {
		if inRecord || readsPasted && opensTagPair(l.text) {
			inRecord = true
			continue
		}
		if l.prose {
			r.other++
			r.addGreeting(l.text)
			continue
		}
		cmd, err := grammar.ParseCommand(l.text)
		if err == nil {
			r.commands = append(r.commands, cmd)
			r.words = append(r.words, firstField(l.text))
			readsPasted = readsPasted || readsPastedRecord(cmd)
			continue
		}
		var nu *grammar.NotUnderstood
		if errors.As(err, &nu) && (len(nu.Suggest) > 0 || strings.ContainsAny(firstField(l.text), "0123456789")) {
			r.complaints = append(r.complaints, nu)
			continue
		}
		r.other++
		r.addGreeting(l.text)
	}
	// "help" as the subject and the body is one command, not two.
	if subjCmd != nil && !slices.ContainsFunc(r.commands, func(c *grammar.Command) bool { return c.String() == subjCmd.String() }) {
		r.commands = append([]*grammar.Command{subjCmd}, r.commands...)
	}
	return r
}

// readsPastedRecord says whether c reads a record pasted below it: review,
// and analyze naming no game (board, resign and the other verbs of
// AboutGame read none).
func readsPastedRecord(c *grammar.Command) bool {
	return c.Review || c.About != nil && c.About.Verb == "analyze" && c.About.Game == 0
}

func (r *reading) addGreeting(line string) {
	if len(r.greeting) < maxGreeting {
		r.greeting = append(r.greeting, line)
	}
}

// commands reads the subject and the body's lines and carries out each
// command in turn.
func (h *handling) commands() error {
	body, err := h.readBody()
	if err != nil {
		return err
	}
	r := readCommands(h.m.Subject, body)
	if err := h.guessLanguage(r.words, r.commands); err != nil {
		return err
	}
	h.greeting = r.greeting
	for i, c := range r.complaints {
		if i == maxNotUnderstood {
			r.other += len(r.complaints) - i
			break
		}
		h.say("", "%s", notUnderstood(h.lang, c))
	}
	for _, cmd := range r.commands {
		if err := h.do(cmd); err != nil {
			return err
		}
	}
	// With no command and nothing quoted as not understood, "no command
	// was found" below says it all.
	if r.other > 0 && (len(r.commands) > 0 || len(r.complaints) > 0) {
		h.say("", "%s", h.tr("frame.other_lines", map[string]any{"Count": r.other}))
	}
	if body.truncated {
		h.say("", "%s", h.tr("frame.truncated", map[string]any{"Lines": maxLines}))
	}
	if len(r.commands) == 0 {
		return h.nothingToDo(body.seen)
	}
	if len(body.seen.below) > 0 && body.seen.above > 0 {
		h.say("", "%s", h.tr("frame.quoted_below", map[string]any{"Lines": quoteList(body.seen.below)}))
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

// do carries out one command: it finds the command's line in the table,
// the game it is about, checks the game's state, the sender's authority and
// the limits, and runs the handler.
func (h *handling) do(c *grammar.Command) error {
	spec := h.s.specFor(c)
	if spec == nil {
		return fmt.Errorf("command %q has no line in the command table", c.String())
	}
	if h.skipOverLimit(spec, c) {
		return nil
	}
	// The reply shows every game the commands were about (compose.go).
	defer func() { h.show(h.focus) }()
	var t *table
	if spec.game != noGame {
		var err error
		if t, err = h.gameFor(c, h.fits(spec.game)); t == nil || err != nil {
			return err
		}
		h.focus = t
		if why := wrongState(h.lang, spec.game, t); why != "" {
			h.say(c.String(), "%s", h.tr("frame.nothing_changed", map[string]any{"Why": why}))
			return nil
		}
	}
	if !h.authorize(spec, c, t) {
		return nil
	}
	h.limits.ran++
	return spec.run(h, c, t)
}

// wrongState says why a game is not in the state a command needs, or "".
func wrongState(lang i18n.Lang, need gameNeed, t *table) string {
	switch need {
	case activeGame:
		return notActiveIn(lang, t)
	case answerGame:
		if t.row.State != db.Invited && t.row.State != db.Active {
			return notActiveIn(lang, t)
		}
	case invitedGame:
		if t.row.State != db.Invited {
			return i18n.Tr(lang, "frame.no_invitation", map[string]any{
				"Game": t.row.ID, "State": i18n.Tr(lang, "frame.state."+string(t.row.State), nil)})
		}
	}
	return ""
}
