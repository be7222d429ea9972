package play

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"pbem/ai"
	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
	"pbem/rules"
)

// The computer player. Each level is a player of its own, with its own
// ratings: its address is computer-N@ the service's domain (computer-N-K@
// for the K-th computer seat of one level in a game, since a player holds
// one seat of a game), an address no mail ever goes to. Its plies are
// searched outside any transaction by the daemon's worker (ComputerStep)
// and stored like anyone's.

// The policies of the computer player (docs/ai.md).
const (
	// drawMargin: a draw offer is accepted when the computer's side is
	// worse by this much (two stones) or more.
	drawMargin ai.Score = 200
	// evenMargin and evenPlies: also when a long game is dead even.
	evenMargin ai.Score = 20
	evenPlies  int      = 60
	// friendlyLevels: levels up to this one grant takebacks.
	friendlyLevels = 4
	// resignLevels: levels from this one resign a proved loss.
	resignLevels = 6
)

const computerLocal = "computer-"

// computerAddress is the address of a level's k-th computer seat (k from 1).
func (s *Service) computerAddress(level, k int) string {
	if k <= 1 {
		return fmt.Sprintf("%s%d@%s", computerLocal, level, s.domain)
	}
	return fmt.Sprintf("%s%d-%d@%s", computerLocal, level, k, s.domain)
}

// computerLevel reports whether an address is one of the computer's, and
// its level.
func (s *Service) computerLevel(address string) (int, bool) {
	local, domain, ok := strings.Cut(strings.ToLower(address), "@")
	if !ok || domain != s.domain || !strings.HasPrefix(local, computerLocal) {
		return 0, false
	}
	num, k, hasK := strings.Cut(strings.TrimPrefix(local, computerLocal), "-")
	level, err := strconv.Atoi(num)
	if err != nil || level < ai.MinLevel || level > ai.MaxLevel || strconv.Itoa(level) != num {
		return 0, false
	}
	if hasK {
		if n, err := strconv.Atoi(k); err != nil || n < 2 || strconv.Itoa(n) != k {
			return 0, false
		}
	}
	return level, true
}

// computerName is the display name of a computer address: "Computer
// (level 3)", "Computer 2 (level 3)"; "" for anyone else's.
func (s *Service) computerName(address string) string {
	level, ok := s.computerLevel(address)
	if !ok {
		return ""
	}
	if _, k, found := strings.Cut(strings.Split(address, "@")[0][len(computerLocal):], "-"); found {
		return fmt.Sprintf("Computer %s (level %d)", k, level)
	}
	return fmt.Sprintf("Computer (level %d)", level)
}

// takeLevel takes level= out of a new game's options: the level of its
// computer seats. msg says what is wrong, for the player in lang, or is
// "".
func takeLevel(lang i18n.Lang, opts rules.Options, computers int) (level int, msg string) {
	v, given := opts["level"]
	delete(opts, "level")
	if !given {
		return ai.DefaultLevel, ""
	}
	if computers == 0 {
		return 0, i18n.Tr(lang, "plies.level_no_computer", nil)
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < ai.MinLevel || n > ai.MaxLevel {
		return 0, i18n.Tr(lang, "plies.level_range", map[string]any{"Value": v, "Min": ai.MinLevel, "Max": ai.MaxLevel})
	}
	return n, ""
}

// isComputerSeat reports whether a seat of a game is the computer's, and
// its level.
func (s *Service) isComputerSeat(t *table, seat int) (int, bool) {
	if seat < 0 || seat >= len(t.row.Seats) {
		return 0, false
	}
	return s.computerLevel(t.row.Seats[seat].Address)
}

// computerTakeback answers a takeback request for every computer seat of
// the game at once: its level alone decides, so no search is needed. It
// adds the agreement of the friendly levels to o and returns the first
// seat that refuses, or -1.
func (h *handling) computerTakeback(t *table, o *db.Offer) int {
	for seat := range t.row.Seats {
		level, ok := h.s.isComputerSeat(t, seat)
		if !ok || slices.Contains(o.Agreed, seat) {
			continue
		}
		if level > friendlyLevels {
			return seat
		}
		o.Agreed = append(o.Agreed, seat)
	}
	return -1
}

// ComputerGames lists the active games where a computer has something to
// do: its move, or a draw offer to answer. The daemon's worker calls
// ComputerStep for each. With all unset it replays only the games whose
// clock names a computer seat to move (or that have no clock yet, or an
// open draw offer), not every game the computer plays in; a scan of all
// now and then catches whatever the clock's seat missed.
func (s *Service) ComputerGames(ctx context.Context, all bool) ([]int64, error) {
	var out []int64
	err := s.store.View(ctx, func(tx *db.Tx) error {
		list := tx.ComputerTurns
		if all {
			list = tx.ActiveGamesOfAddresses
		}
		ids, err := list(computerLocal + "%@" + s.domain)
		if err != nil {
			return err
		}
		for _, id := range ids {
			t, err := load(tx, id)
			if err != nil {
				return err
			}
			w, err := s.computerWork(tx, t)
			if err != nil {
				return err
			}
			if w.seat >= 0 {
				out = append(out, id)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("games with the computer to play: %w", err)
	}
	return out, nil
}

// computerJob is what a computer seat is to do in a game.
type computerJob struct {
	seat  int // -1: nothing
	level int
	draw  bool // answer the open draw offer, rather than move
}

// computerWork finds the computer's work in a game: first an open draw
// offer a computer seat has not answered, then the computer's move.
func (s *Service) computerWork(tx *db.Tx, t *table) (computerJob, error) {
	none := computerJob{seat: -1}
	if t.row.State != db.Active || t.game.Outcome().Over {
		return none, nil
	}
	o, open, err := tx.GetOffer(t.row.ID, db.DrawOffer)
	if err != nil {
		return none, err
	}
	if open {
		for seat := range t.row.Seats {
			if level, ok := s.isComputerSeat(t, seat); ok && !slices.Contains(o.Agreed, seat) {
				return computerJob{seat: seat, level: level, draw: true}, nil
			}
		}
	}
	seat := int(t.game.ToMove())
	if level, ok := s.isComputerSeat(t, seat); ok {
		return computerJob{seat: seat, level: level}, nil
	}
	return none, nil
}

// ComputerResult says what one ComputerStep did.
type ComputerResult struct {
	// Did is what the computer did, for the log: "played K10",
	// "resigned", "accepted-draw", "declined-draw"; "" when there was
	// nothing to do or the game changed during the search (a takeback,
	// another mail): the search is then redone on the next step.
	Did string
	// Queued are the outbox ids of the mails queued.
	Queued []int64
}

// ComputerStep does one piece of the computer's work in a game: it reads
// the position, searches outside any transaction, then applies the result
// in a transaction of its own, only if the game's plies are still those
// searched. So a takeback or a concurrent ply makes a stale result a
// no-op, and after a crash the step is simply done again, never twice.
func (s *Service) ComputerStep(ctx context.Context, id int64) (ComputerResult, error) {
	var t *table
	var job computerJob
	err := s.store.View(ctx, func(tx *db.Tx) (err error) {
		if t, err = load(tx, id); err != nil {
			return err
		}
		job, err = s.computerWork(tx, t)
		return err
	})
	if err != nil {
		return ComputerResult{}, fmt.Errorf("computer in game %d: %w", id, err)
	}
	if job.seat < 0 {
		return ComputerResult{}, nil
	}
	settings := ai.Settings{Level: job.level, Nodes: s.cfg.ComputerNodes,
		Seed: uint64(id)*0x9E3779B97F4A7C15 ^ uint64(t.game.Plies())}
	thought, err := s.cfg.Engines(t.entry.Kind).Think(ctx, t.game.Clone(), settings)
	if err != nil {
		return ComputerResult{}, fmt.Errorf("computer in game %d at ply %d: %w", id, t.game.Plies(), err)
	}
	searched := plyTokens(t.plies)

	var res ComputerResult
	err = s.store.Update(ctx, func(tx *db.Tx) error {
		res = ComputerResult{}
		h := &handling{s: s, tx: tx, now: s.cfg.Now(), tables: map[int64]*table{}}
		now, err := h.table(id)
		if err != nil {
			return err
		}
		again, err := s.computerWork(tx, now)
		if err != nil {
			return err
		}
		if !slices.Equal(plyTokens(now.plies), searched) || again != job {
			return nil // the game moved on during the search: redo it
		}
		if h.sender, err = tx.PlayerByAddress(now.row.Seats[job.seat].Address); err != nil {
			return err
		}
		switch {
		case job.draw:
			res.Did, err = h.computerDraw(now, job, thought)
		case job.level >= resignLevels && len(now.row.Seats) == 2 && thought.Score.Proved() && thought.Score < 0:
			res.Did, err = "resigned", h.computerResign(now, job.seat)
		default:
			res.Did, err = h.computerPlay(now, job.seat, thought.Ply)
		}
		if err != nil {
			return err
		}
		if err := h.settle(); err != nil {
			return err
		}
		if err := h.send(); err != nil {
			return err
		}
		res.Queued = h.queued
		return nil
	})
	if err != nil {
		return ComputerResult{}, fmt.Errorf("computer in game %d: %w", id, err)
	}
	if res.Did != "" {
		s.log.LogAttrs(ctx, slog.LevelInfo, "computer", slog.Int64("game", id), slog.Int("level", job.level),
			slog.String("did", res.Did), slog.Int("score", int(thought.Score)), slog.Int64("nodes", thought.Nodes),
			slog.Duration("elapsed", thought.Elapsed))
	}
	return res, nil
}

func plyTokens(plies []db.Ply) []string {
	out := make([]string, len(plies))
	for i, p := range plies {
		out[i] = p.Token
	}
	return out
}

// computerPlay stores the computer's ply and tells the others, as a
// player's move does.
func (h *handling) computerPlay(t *table, seat int, ply rules.Ply) (string, error) {
	g := t.game.Clone()
	if err := g.Play(ply); err != nil {
		return "", fmt.Errorf("the computer's ply %s: %w", ply, err)
	}
	next := t.game.Plies() + 1
	if err := h.tx.AddPly(t.row.ID, db.Ply{N: next, Seat: seat, Token: ply.String(), PlayedAt: h.now}); err != nil {
		return "", err
	}
	if err := h.tx.ClearOffers(t.row.ID); err != nil {
		return "", err
	}
	t, err := h.reload(t.row.ID)
	if err != nil {
		return "", err
	}
	return "played " + ply.String(), h.afterPly(t, playedWords(t, seat, ply.String(), next, takenBy(g, rules.Seat(seat))))
}

// computerResign ends a game the computer has proved lost.
func (h *handling) computerResign(t *table, seat int) error {
	if err := h.leave(t, seat, "resignation"); err != nil {
		return err
	}
	t = h.tables[t.row.ID]
	return h.notifyOthers(t, func(lang i18n.Lang) string {
		return i18n.Tr(lang, "plies.computer_resigned", map[string]any{"Seat": t.seatLabelIn(lang, seat), "Game": t.row.ID})
	})
}

// computerDraw answers a draw offer: yes when the computer's side is
// clearly worse, or when a long game is dead even; no otherwise. The
// search was for the seat to move, which may be another's.
func (h *handling) computerDraw(t *table, job computerJob, thought ai.Thought) (string, error) {
	score := thought.Score
	if int(t.game.ToMove()) != job.seat {
		score = -score
	}
	accept := score <= -drawMargin || (score >= -evenMargin && score <= evenMargin && t.game.Plies() >= evenPlies)
	verb := "decline"
	if accept {
		verb = "accept"
	}
	c := &grammar.Command{Answer: &grammar.Answer{Verb: verb, Game: int(t.row.ID)}}
	if err := h.answerOffer(c, t); err != nil {
		return "", err
	}
	return strings.TrimSuffix(verb, "e") + "ed-draw", nil
}
