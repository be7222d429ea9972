package play

import (
	"fmt"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/grammar"
	"pbem/notation"
)

// stored describes a game of the store for the record writer.
func (t *table) stored(site string) notation.Stored {
	names := make([]string, len(t.row.Seats))
	for i, s := range t.row.Seats {
		names[i] = shortName(s.Address, s.Name)
	}
	engine, service, _ := splitOptions(t.entry.Kind, t.row.Options)
	plies := make([]string, len(t.plies))
	comments := map[int][]string{}
	for i, p := range t.plies {
		plies[i] = p.Token
		if p.Conditional {
			comments[i] = []string{conditionalComment}
		}
	}
	started := t.row.Created
	if t.row.Started != nil {
		started = *t.row.Started
	}
	s := notation.Stored{
		Event: eventPrefix + strconv.FormatInt(t.row.ID, 10), Site: site,
		Date: started.UTC().Format("2006.01.02"), Round: "-",
		Names: names, Entry: t.entry, Options: engine, Plies: plies, Comments: comments,
		Result: t.row.Result, Termination: t.row.Termination,
	}
	if days, err := strconv.Atoi(service["days"]); err == nil {
		s.TimeControl = "*" + strconv.Itoa(days*86400) // PGN's seconds per move
	}
	// An imported game keeps the roster and the other tags it came with.
	for name, v := range t.row.Tags {
		switch name {
		case tagEvent:
			s.Event = v
		case tagSite:
			s.Site = v
		case tagDate:
			s.Date = v
		case tagRound:
			s.Round = v
		case tagTime:
			s.TimeControl = v
		default:
			s.Other = append(s.Other, notation.Tag{Name: name, Value: v})
		}
	}
	return s
}

// eventPrefix starts the Event tag of a game's record: "pbem game 7".
// Records are written in English whoever reads them.
const eventPrefix = "pbem game "

// exportRecord is a game's record in the strict export form.
func exportRecord(t *table, site string) ([]byte, error) {
	g, err := notation.FromStored(t.stored(site))
	if err != nil {
		return nil, fmt.Errorf("record of game %d: %w", t.row.ID, err)
	}
	return notation.AppendExport(nil, g), nil
}

// recordCmd handles "record": the game's record attached as a .pgn file.
func (h *handling) recordCmd(c *grammar.Command, t *table) error {
	rec, err := exportRecord(t, h.s.cfg.Address)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("pbem-%d.pgn", t.row.ID)
	h.attachments = append(h.attachments, db.Attachment{Name: name, Type: "application/x-chess-pgn", Data: rec})
	h.say(c.String(), "%s", h.tr("plies.record_attached", map[string]any{"Game": t.row.ID, "Name": name, "Count": len(t.plies)}))
	return nil
}

// maxReviewBoards is how many games of a review get their final board.
const maxReviewBoards = 3

// review handles "review": the records attached (or pasted into the mail)
// are checked against the rules, game by game.
func (h *handling) review(c *grammar.Command, _ *table) error {
	type source struct {
		name string
		data []byte
	}
	var sources []source
	for _, a := range h.m.Attachments {
		if strings.HasSuffix(strings.ToLower(a.Name), ".pgn") || strings.Contains(a.Type, "pgn") ||
			(a.Name == "" && strings.HasPrefix(a.Type, "text/")) {
			sources = append(sources, source{a.Name, a.Data})
		}
	}
	if len(sources) == 0 {
		if pasted := pastedRecord(h.m.Text); pasted != "" {
			sources = append(sources, source{"pasted", []byte(pasted)})
		}
	}
	if len(sources) == 0 {
		h.say(c.String(), "%s", h.tr("plies.review_nothing", nil))
		return nil
	}
	var b strings.Builder
	count, valid, boards := 0, 0, 0
	for _, src := range sources {
		name := src.name
		if name == "" {
			name = "attachment"
		}
		for g := range notation.Games(name, src.data) {
			count++
			s := g.SummaryIn(h.lang)
			if s.Valid {
				valid++
			}
			b.WriteString("\n" + s.Text() + "\n")
			if g.Problem != nil {
				b.WriteString(g.Problem.In(h.lang).Error() + "\n")
			}
			if g.State != nil && boards < maxReviewBoards {
				boards++
				b.WriteString("\n" + boardIn(h.lang, g.State.Board()))
			}
		}
	}
	if count == 0 {
		h.say(c.String(), "%s", h.tr("plies.review_no_game", nil))
		return nil
	}
	summary := h.tr("plies.reviewed", map[string]any{"Count": count, "Valid": valid, "Invalid": count - valid})
	if boards < count {
		summary += " " + h.tr("plies.review_boards", map[string]any{"Count": boards})
	}
	h.say(c.String(), "%s\n%s", summary, strings.TrimSuffix(b.String(), "\n"))
	return nil
}

// pastedRecord is the record pasted into a mail: from the first line that
// opens a tag pair to the end, quoted text and signature left out.
func pastedRecord(text string) string {
	var out []string
	started := false
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if line == "-- " {
			break
		}
		if !started && opensTagPair(line) {
			started = true
		}
		if started && !strings.HasPrefix(line, ">") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

// opensTagPair says whether a line opens a tag pair, where a pasted record
// starts.
func opensTagPair(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), "[")
}

// Export writes the records of the store's games in the strict export
// form: one game (id > 0) or all of them (id 0).
func Export(tx *db.Tx, id int64, site string, add func(rec []byte) error) error {
	ids := []int64{id}
	if id == 0 {
		var err error
		if ids, err = tx.GameIDs(); err != nil {
			return err
		}
	}
	for _, gid := range ids {
		t, err := load(tx, gid)
		if err != nil {
			return err
		}
		if t.row.State == db.Invited || t.row.State == db.Declined {
			continue
		}
		rec, err := exportRecord(t, site)
		if err != nil {
			return err
		}
		if err := add(rec); err != nil {
			return err
		}
	}
	return nil
}
