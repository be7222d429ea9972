package play

import (
	"errors"
	"strings"
	"unicode/utf8"

	"pbem/db"
	"pbem/mailer/reply"
)

// maxLines is how many lines of a mail's own text are read for commands;
// the rest of a very long mail is not looked at.
const maxLines = 60

// bodyText is what is read of a mail's body for commands: the player's
// own lines, wherever they stood (mailer/reply finds them).
type bodyText struct {
	// lines are the player's own lines, in order: those to read as
	// commands, and the lines of running text (a greeting, a disclaimer),
	// which are no commands and get no complaint.
	lines []ownLine
	// truncated is true when the mail had more than maxLines lines.
	truncated bool
	seen      seen
}

// ownLine is one line of the player's own text.
type ownLine struct {
	text  string
	prose bool
	// above is true for a line that stood above any quoted text.
	above bool
}

// seen is what the reader saw around the player's own text, for answers
// that say how a mail was read.
type seen struct {
	// below are the lines read as commands that stood below quoted text
	// or between quoted parts, rather than above it; above counts those
	// that stood above.
	below []string
	above int
	// quoted is true when quoted text was left out.
	quoted bool
	// original is true when an original or forwarded mail below a header
	// block (Outlook's way of replying) was left out unread.
	original bool
	// ours is true when the service's own text stood unquoted in the mail
	// and was left out.
	ours bool
}

// readBody reads the mail's body for commands. The mails it answers
// (In-Reply-To and References) are looked up in the outbox, so that the
// service's own text is never read back, even where a client put it in
// without quote marks.
func (h *handling) readBody() (bodyText, error) {
	known, err := answeredTexts(h.tx, h.m)
	if err != nil {
		return bodyText{}, err
	}
	return readText(h.m.Text, known...), nil
}

// maxAnswered is how many of the mails a reply refers to are looked up.
const maxAnswered = 8

// answeredTexts are the bodies of the service's mails the mail answers:
// the one it replies to, then the latest ones of its References.
func answeredTexts(tx *db.Tx, m Message) ([]string, error) {
	ids := []string{m.InReplyTo}
	for i := len(m.References) - 1; i >= 0; i-- {
		ids = append(ids, m.References[i])
	}
	var texts []string
	looked := map[string]bool{}
	for _, id := range ids {
		id = strings.Trim(strings.TrimSpace(id), "<>")
		if !strings.HasPrefix(strings.ToLower(id), "pbem.") || looked[id] {
			continue // not a mail of the service
		}
		looked[id] = true
		if len(looked) > maxAnswered {
			break
		}
		mail, err := tx.MailByMessageID(id)
		if errors.Is(err, db.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		texts = append(texts, mail.Body)
	}
	return texts, nil
}

// readText reads a body: the lines of the player's own text, the first
// maxLines of them, with the lines of running text counted apart.
func readText(body string, known ...string) bodyText {
	r := reply.Read(body, known...)
	t := bodyText{seen: seen{quoted: r.Quoted, original: r.Original, ours: r.Known}}
	for i, l := range r.Lines {
		if i == maxLines {
			t.truncated = true
			break
		}
		t.lines = append(t.lines, ownLine{text: l.Text, prose: l.Prose, above: l.Place == reply.Above})
		switch {
		case l.Prose:
		case l.Place != reply.Above:
			t.seen.below = append(t.seen.below, l.Text)
		default:
			t.seen.above++
		}
	}
	return t
}

// subjectCommand is the part of a subject that may be a command: reply and
// forward prefixes and the "[pbem N]" tag taken off. A subject the service
// wrote itself ("Pente: alice vs bob - your move") is no command.
func subjectCommand(subject string) string {
	s := reply.Clean(subject)
	for {
		lower := strings.ToLower(s)
		cut := false
		for _, p := range []string{"re:", "fwd:", "fw:", "aw:", "wg:", "sv:", "vs:", "rv:", "enc:", "tr:"} {
			if strings.HasPrefix(lower, p) {
				s, cut = strings.TrimSpace(s[len(p):]), true
				break
			}
		}
		if i := strings.Index(strings.ToLower(s), "[pbem"); i >= 0 {
			if j := strings.IndexByte(s[i:], ']'); j >= 0 {
				s, cut = strings.TrimSpace(s[:i]+s[i+j+1:]), true
			}
		}
		if !cut {
			break
		}
	}
	if strings.Contains(s, ": ") && strings.Contains(s, " - ") {
		return "" // our own subject line
	}
	return s
}

// wrap breaks the lines of text that are longer than width at spaces; a
// word longer than width stands on a line of its own. Shorter lines are
// kept as they are, indentation included.
func wrap(text string, width int) string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		para = strings.TrimRight(para, " ")
		// Widths count letters, not bytes: "für" is three wide.
		if utf8.RuneCountInString(para) <= width {
			out = append(out, para)
			continue
		}
		line := ""
		for _, w := range strings.Fields(para) {
			switch {
			case line == "":
				line = w
			case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width:
				line += " " + w
			default:
				out = append(out, line)
				line = w
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
