package notation

import (
	"context"
	"io"
	"sync"

	"pbem/grammar"
)

// batchGames is how many games the splitter hands a worker at a time.
const batchGames = 64

// Each reads the record file r gives, named name, as a stream: its memory
// does not grow with the file. Each game is read, set up and replayed,
// then given to work, on one of workers goroutines (games are
// independent); emit gets what work made of each game, in the file's
// order, on the caller's goroutine. The game is reused once work returns:
// work must keep nothing of it (its moves, names, tags) but strings. An error of emit stops the reading and
// is returned, as is an error reading r, and ctx's error when it is done
// before the end (checked between batches of games).
func Each[T any](ctx context.Context, name string, r io.Reader, workers int, work func(*Game) T, emit func(T) error) error {
	batches, readErr := grammar.Split(name, r, batchGames)
	if workers <= 1 {
		rd := newReader(nil)
		index := 0
		for b := range batches {
			if err := ctx.Err(); err != nil {
				return err
			}
			for p := range b.Records() {
				index++
				g := rd.game(index, p)
				t := work(g)
				rd.recycle(g)
				if err := emit(t); err != nil {
					return err
				}
			}
			b.Release()
		}
		return readErr()
	}

	type job struct {
		batch *grammar.Batch
		first int // the index of the batch's first game, less one
		out   chan []T
	}
	stop := make(chan struct{})
	jobs := make(chan job, workers)
	// order holds the batches in the file's order; its size bounds the
	// batches in flight, and so the memory.
	order := make(chan job, 2*workers)
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(order)
		defer close(jobs)
		index := 0
		for b := range batches {
			if ctx.Err() != nil {
				return
			}
			j := job{batch: b, first: index, out: make(chan []T, 1)}
			index += b.Len()
			select {
			case order <- j:
			case <-stop:
				return
			}
			select {
			case jobs <- j:
			case <-stop:
				return
			}
		}
	})
	for range workers {
		wg.Go(func() {
			rd := newReader(nil)
			for j := range jobs {
				res := make([]T, 0, j.batch.Len())
				i := j.first
				for p := range j.batch.Records() {
					i++
					g := rd.game(i, p)
					res = append(res, work(g))
					rd.recycle(g)
				}
				j.batch.Release()
				j.out <- res
			}
		})
	}
	var err error
	for j := range order {
		if err != nil {
			continue
		}
		for _, t := range <-j.out {
			if err = emit(t); err != nil {
				close(stop)
				break
			}
		}
	}
	wg.Wait()
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return readErr()
}
