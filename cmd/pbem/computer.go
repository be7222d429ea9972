package main

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"pbem/play"
)

// computerRetry is how long a game or an analysis whose step failed waits
// before it is tried again, so that a fault does not spin.
const computerRetry = time.Minute

// computerWorker plays the computer's plies and carries out analyses, in a
// pool of at most slots searches at once (one per core), each outside any
// transaction of the store: the intake goes on reading mail meanwhile.
// Kick wakes it after anything that may leave the computer work to do: a
// handled mail, a tick, its own steps, the start.
type computerWorker struct {
	svc    *play.Service
	log    *slog.Logger
	slots  int
	onMail func() // mail was queued: wake the sender
	kick   chan struct{}
}

func newComputerWorker(svc *play.Service, slots int, onMail func(), log *slog.Logger) *computerWorker {
	return &computerWorker{svc: svc, log: log, slots: max(slots, 1), onMail: onMail, kick: make(chan struct{}, 1)}
}

// Kick asks the worker to look for work; it never blocks.
func (w *computerWorker) Kick() {
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// job is one piece of the worker's work: a game's step or an analysis.
type job struct {
	analysis bool
	id       int64
}

func (j job) String() string {
	if j.analysis {
		return "analysis " + strconv.FormatInt(j.id, 10)
	}
	return "game " + strconv.FormatInt(j.id, 10)
}

// Run works until ctx ends, then waits for the searches under way, which
// ctx cuts short (a search cut short is not applied: its step is done
// again at the next start).
func (w *computerWorker) Run(ctx context.Context) error {
	type result struct {
		j  job
		ok bool
	}
	busy := map[job]bool{}
	failed := map[job]time.Time{} // when a failed job may be tried again
	done := make(chan result)
	var wg sync.WaitGroup
	retry := time.NewTicker(computerRetry)
	defer retry.Stop()
	w.Kick() // games left waiting by the last run
	all := true
	for {
		select {
		case <-ctx.Done():
			go func() {
				wg.Wait()
				close(done)
			}()
			for range done {
			}
			return nil
		case <-w.kick:
		case <-retry.C:
			all = true
		case r := <-done:
			delete(busy, r.j)
			if r.ok {
				delete(failed, r.j)
			} else {
				failed[r.j] = time.Now().Add(computerRetry)
			}
		}
		jobs := w.jobs(ctx, all)
		all = false
		for _, j := range jobs {
			if len(busy) == w.slots {
				break // the rest wait for a free slot: a step's end looks again
			}
			if busy[j] || time.Now().Before(failed[j]) {
				continue
			}
			busy[j] = true
			wg.Add(1)
			go func() {
				defer wg.Done()
				done <- result{j, w.step(ctx, j)}
			}()
		}
	}
}

// jobs lists the work waiting: the computer's games first (a player waits
// for each), then the analyses. Only the games whose clock says a computer
// is to move are looked at, unless all: at the start and once a minute.
func (w *computerWorker) jobs(ctx context.Context, all bool) []job {
	var out []job
	games, err := w.svc.ComputerGames(ctx, all)
	if err != nil && ctx.Err() == nil {
		w.log.Error("computer: listing its games failed", slog.Any("err", err))
	}
	for _, id := range games {
		out = append(out, job{id: id})
	}
	analyses, err := w.svc.Analyses(ctx)
	if err != nil && ctx.Err() == nil {
		w.log.Error("computer: listing the analyses failed", slog.Any("err", err))
	}
	for _, id := range analyses {
		out = append(out, job{analysis: true, id: id})
	}
	return out
}

// step does one job and reports whether it went well.
func (w *computerWorker) step(ctx context.Context, j job) bool {
	var queued []int64
	var err error
	if j.analysis {
		queued, err = w.svc.AnalysisStep(ctx, j.id)
	} else {
		var res play.ComputerResult
		res, err = w.svc.ComputerStep(ctx, j.id)
		queued = res.Queued
	}
	if len(queued) > 0 {
		w.onMail()
	}
	if err != nil {
		if ctx.Err() == nil {
			w.log.Error("computer: step failed", slog.String("job", j.String()), slog.Any("err", err))
		}
		return false
	}
	return true
}
