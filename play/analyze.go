package play

import (
	"context"
	"fmt"
	"strings"

	"pbem/ai"
	"pbem/ai/analysis"
	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/notation"
)

// AnalysisLevel is the level analyses search at unless told otherwise: a
// mid level, so that a game's analysis takes seconds, not minutes.
const AnalysisLevel = 4

// Analyze analyses a valid game of a record with an engine and writes
// the result into it as comments: after each ply its value for the mover
// and, for a mistake, the better ply and its line, so that the record
// replays in any tool that reads records. The comments the record had stay.
// The comment that opens the game, the analysis's own, is in lang.
func Analyze(ctx context.Context, lang i18n.Lang, g *notation.Game, e ai.Engine, s ai.Settings) ([]analysis.Ply, error) {
	if !g.Valid() || g.Entry.Kind == nil {
		return nil, fmt.Errorf("game %d of %s is not valid, so it cannot be analysed", g.Index, g.File)
	}
	start, err := g.Entry.New(g.Options)
	if err != nil {
		return nil, err
	}
	tokens := make([]string, len(g.Main.Moves))
	for i, m := range g.Main.Moves {
		tokens[i] = m.Canonical()
	}
	plies, err := analysis.Game(ctx, start, tokens, e, analysis.Options{Settings: s})
	if err != nil {
		return nil, err
	}
	mistakes := 0
	for i, p := range plies {
		m := g.Main.Moves[i]
		m.After = append(m.After, notation.Note{Comment: analysis.CommentIn(lang, p)})
		if p.Mistake {
			mistakes++
			if m.Suffix == "" {
				m.Suffix = "?"
			}
		}
	}
	g.Main.Lead = append(g.Main.Lead, analysis.Lead(lang, s.LevelOrDefault(), mistakes))
	return plies, nil
}

// The bounds of analyses by mail: how many may wait per player, and the
// longest game analysed (a search per ply).
const (
	maxWaitingAnalyses = 3
	maxAnalysedPlies   = 400
	maxMistakesListed  = 10
)

// analyze handles "analyze [GAME]": the computer goes through a finished
// game of the service, or the record attached or pasted, and a mail of its
// own brings the commented record. Anyone may ask, as anyone may ask for
// a finished game's record; a running game is never analysed, so that no
// seat gets the computer's help during play.
func (h *handling) analyze(c *grammar.Command, _ *table) error {
	read := c.String()
	req := db.Analysis{PlayerID: h.sender.ID, Requested: h.now}
	what := ""
	if rec, ok := h.recordToAnalyze(read, c.About.Game == 0 && h.thread.game == 0); !ok {
		return nil
	} else if rec != nil {
		if !rec.Valid() {
			h.say(read, "%s", h.tr("plies.analyze_invalid", map[string]any{"Problem": rec.Problem.In(h.lang).Brief()}))
			return nil
		}
		req.Record = string(notation.AppendExport(nil, rec))
		what = h.tr("plies.analyze_record", map[string]any{"Title": rec.Title(), "Count": len(rec.Main.Moves)})
		if len(rec.Main.Moves) > maxAnalysedPlies {
			h.say(read, "%s", h.tr("plies.analyze_record_long", map[string]any{"Count": len(rec.Main.Moves), "Max": maxAnalysedPlies}))
			return nil
		}
	} else {
		t, err := h.gameFor(c, func(g db.Game) bool { return g.State == db.Finished })
		if t == nil || err != nil {
			return err
		}
		h.focus = t
		if t.row.State != db.Finished {
			h.say(read, "%s", h.tr("plies.analyze_not_finished", map[string]any{"Game": t.row.ID}))
			return nil
		}
		if len(t.plies) > maxAnalysedPlies {
			h.say(read, "%s", h.tr("plies.analyze_game_long", map[string]any{"Game": t.row.ID, "Count": len(t.plies), "Max": maxAnalysedPlies}))
			return nil
		}
		req.GameID = t.row.ID
		what = analysisTitle(h.lang, t.row.ID)
	}
	n, err := h.tx.WaitingAnalysesOf(h.sender.ID)
	if err != nil {
		return err
	}
	if n >= maxWaitingAnalyses {
		h.say(read, "%s", h.tr("plies.analyze_waiting", map[string]any{"Count": n}))
		return nil
	}
	if _, err := h.tx.AddAnalysis(req); err != nil {
		return err
	}
	h.say(read, "%s", h.tr("plies.analyze_started", map[string]any{"What": what}))
	return nil
}

// recordToAnalyze is the first game of the record attached to the mail or
// pasted into it, when the command names no game (bare); nil when there
// is none. ok is false when the reply already said why nothing is done.
func (h *handling) recordToAnalyze(read string, bare bool) (g *notation.Game, ok bool) {
	if !bare {
		return nil, true
	}
	var src []byte
	for _, a := range h.m.Attachments {
		if strings.HasSuffix(strings.ToLower(a.Name), ".pgn") || strings.Contains(a.Type, "pgn") ||
			(a.Name == "" && strings.HasPrefix(a.Type, "text/")) {
			src = a.Data
			break
		}
	}
	if src == nil {
		if pasted := pastedRecord(h.m.Text); pasted != "" {
			src = []byte(pasted)
		}
	}
	if src == nil {
		return nil, true
	}
	for g := range notation.Games("record", src) {
		return g, true
	}
	h.say(read, "%s", h.tr("plies.analyze_no_game", nil))
	return nil, false
}

// Analyses lists the analyses waiting for the computer, oldest first.
func (s *Service) Analyses(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := s.store.View(ctx, func(tx *db.Tx) (err error) {
		ids, err = tx.WaitingAnalyses(100)
		return err
	})
	return ids, err
}

// analysisTitle names what an analysis is of, in lang: "game 3", or for
// a record mailed in (game 0) "the record's game".
func analysisTitle(lang i18n.Lang, game int64) string {
	if game == 0 {
		return i18n.Tr(lang, "plies.analysis_of_record", nil)
	}
	return i18n.Tr(lang, "plies.analysis_of_game", map[string]any{"Game": game})
}

// AnalysisStep carries out one analysis asked for by mail: it reads the
// game, searches outside any transaction, then mails the commented record
// and marks the request done in one transaction, so the mail goes once
// even when the step is redone after a crash. An analysis that fails is
// answered with why, and done. The mail and the record's own comments are
// in the language of the player who asked.
func (s *Service) AnalysisStep(ctx context.Context, id int64) (queued []int64, err error) {
	var req db.Analysis
	var g *notation.Game
	var lang i18n.Lang
	err = s.store.View(ctx, func(tx *db.Tx) (err error) {
		if req, err = tx.Analysis(id); err != nil || req.Done != nil {
			return err
		}
		p, err := tx.PlayerByID(req.PlayerID)
		if err != nil {
			return err
		}
		lang = s.langOf(p)
		if req.GameID == 0 {
			for rec := range notation.Games("record", []byte(req.Record)) {
				g = rec
				break
			}
			return nil
		}
		t, err := load(tx, req.GameID)
		if err != nil {
			return err
		}
		g, err = notation.FromStored(t.stored(s.cfg.Address))
		return err
	})
	if err != nil || req.Done != nil {
		return nil, err
	}
	title := analysisTitle(lang, req.GameID)
	settings := ai.Settings{Level: AnalysisLevel, Nodes: s.cfg.ComputerNodes}
	var plies []analysis.Ply
	var why string
	if g == nil {
		why = i18n.Tr(lang, "plies.review_no_game", nil)
	} else if plies, err = Analyze(ctx, lang, g, s.cfg.Engines(g.Entry.Kind), settings); err != nil {
		why = upperFirst(i18n.Error(lang, err))
	}
	if ctx.Err() != nil {
		return nil, ctx.Err() // stopped: done again on the next start
	}
	var body string
	var atts []db.Attachment
	if why != "" {
		body = i18n.Tr(lang, "plies.analysis_failed", map[string]any{"What": title, "Error": strings.TrimSuffix(why, ".")})
	} else {
		body = analysisSummary(lang, title, g, plies, settings.LevelOrDefault())
		name := "pbem-analysis.pgn"
		if req.GameID != 0 {
			name = fmt.Sprintf("pbem-%d-analysis.pgn", req.GameID)
		}
		atts = []db.Attachment{{Name: name, Type: "application/x-chess-pgn", Data: notation.AppendExport(nil, g)}}
	}
	err = s.store.Update(ctx, func(tx *db.Tx) error {
		queued = nil
		h := &handling{s: s, tx: tx, now: s.cfg.Now(), tables: map[int64]*table{}, lang: lang}
		if first, err := tx.AnalysisDone(id, h.now); err != nil || !first {
			return err
		}
		p, err := tx.PlayerByID(req.PlayerID)
		if err != nil {
			return err
		}
		subject := "[pbem] " + i18n.Tr(lang, "plies.analysis_subject_record", nil)
		if req.GameID != 0 {
			subject = "[pbem] " + i18n.Tr(lang, "plies.analysis_subject_game", map[string]any{"Game": req.GameID})
		}
		if err := h.queue(p.Address, nil, subject, wrap(body, width)+"\n", false, atts); err != nil {
			return err
		}
		queued = h.queued
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analysis %d: %w", id, err)
	}
	return queued, nil
}

// analysisSummary is the text of an analysis's mail, in lang: what was
// analysed and the mistakes found.
func analysisSummary(lang i18n.Lang, title string, g *notation.Game, plies []analysis.Ply, level int) string {
	var mistakes []string
	for _, p := range plies {
		if !p.Mistake {
			continue
		}
		if len(mistakes) == maxMistakesListed {
			mistakes = append(mistakes, "  ...")
			break
		}
		mistakes = append(mistakes, "  "+i18n.Tr(lang, "plies.analysis_mistake", map[string]any{"N": p.N,
			"Seat": seatNameIn(lang, g.State, p.Seat), "Played": p.Played, "Better": p.Better,
			"Best": analysis.ValueIn(lang, p.Best), "After": analysis.ValueIn(lang, p.After)}))
	}
	found := i18n.Tr(lang, "plies.analysis_none", nil)
	if len(mistakes) > 0 {
		found = i18n.Tr(lang, "plies.analysis_mistakes", nil) + "\n" + strings.Join(mistakes, "\n")
	}
	return i18n.Tr(lang, "plies.analysis_summary", map[string]any{"What": title, "Title": g.Title(),
		"Count": len(plies), "Level": level}) + "\n\n" + found
}
