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
// work must keep nothing of it (its moves, names, tags) but strings. An
// error of emit stops the reading and is returned, as is an error reading
// r, and ctx's error when it is done before the end (checked between
// batches of games).
//
// The caller's goroutine is one of the workers: it splits the file into
// batches of games, hands each to a helper when one is free and else works
// it itself, and emits what is done in order. Goroutines wait for each
// other only when a helper has nothing to do or the batches in flight reach
// their bound. With a goroutine splitting, others working and the caller
// emitting, every batch took three hand-offs, and on a busy machine the
// four goroutines made a review on two cores slower than on one.
func Each[T any](ctx context.Context, name string, r io.Reader, workers int, work func(*Game) T, emit func(T) error) error {
	return each(ctx, name, r, workers, false, work, emit)
}

// EachDetached is Each for work whose results hold nothing of the game,
// not even its strings: what they keep of its text they copy. The blocks
// the file is read in are then reused once their games are done, rather
// than a copy of the whole file allocated (grammar.Split). A review or an
// export keeps only the lines it writes; an import, which keeps the names
// and tags it stores, may not use it.
func EachDetached[T any](ctx context.Context, name string, r io.Reader, workers int, work func(*Game) T, emit func(T) error) error {
	return each(ctx, name, r, workers, true, work, emit)
}

func each[T any](ctx context.Context, name string, r io.Reader, workers int, reuse bool, work func(*Game) T, emit func(T) error) error {
	batches, readErr := grammar.Split(name, r, batchGames, reuse)
	rd := newReader(nil)
	if workers <= 1 {
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
	// done is a batch in flight, in the file's order: its results, or
	// where they will come.
	type done struct {
		res []T
		out chan []T
	}
	// Each helper may have two batches waiting: while the caller works a
	// batch itself, a helper with one waiting ran out and stood idle (a
	// quarter of its time in a review of the real set on two cores).
	jobs := make(chan job, 2*(workers-1))
	var spare spareResults[T]
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(func() {
			rd := newReader(nil)
			for j := range jobs {
				j.out <- workBatch(rd, j.batch, j.first, work, spare.get())
			}
		})
	}
	defer wg.Wait()
	defer close(jobs)

	// flight bounds the batches in flight, and so the memory: three a
	// worker, room for those waiting (BENCHMARKS.md: at two a worker a
	// review on two cores took about a fourteenth more wall time).
	flight := 3 * workers
	var queue []done
	// drain emits the results of the batches done at the head of the
	// queue; with wait, it waits for the first.
	drain := func(wait bool) error {
		for len(queue) > 0 {
			d := queue[0]
			if d.out != nil {
				if !wait {
					select {
					case d.res = <-d.out:
					default:
						return nil
					}
				} else {
					d.res = <-d.out
				}
			}
			wait = false
			queue = queue[1:]
			for _, t := range d.res {
				if err := emit(t); err != nil {
					return err
				}
			}
			spare.put(d.res)
		}
		return nil
	}
	index := 0
	for b := range batches {
		if err := ctx.Err(); err != nil {
			return err
		}
		j := job{batch: b, first: index, out: make(chan []T, 1)}
		index += b.Len()
		select {
		case jobs <- j:
			queue = append(queue, done{out: j.out})
		default: // the helpers are busy
			queue = append(queue, done{res: workBatch(rd, b, j.first, work, spare.get())})
		}
		if err := drain(len(queue) >= flight); err != nil {
			return err
		}
	}
	for len(queue) > 0 {
		if err := drain(true); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return readErr()
}

// workBatch reads, sets up and replays the games of batch b, whose first
// game is number first+1, gives each to work and appends what it made to
// res.
func workBatch[T any](rd *reader, b *grammar.Batch, first int, work func(*Game) T, res []T) []T {
	i := first
	for p := range b.Records() {
		i++
		g := rd.game(i, p)
		res = append(res, work(g))
		rd.recycle(g)
	}
	b.Release()
	return res
}

// spareResults are the result slices of batches emitted, for the batches
// after them: the workers take them, the caller gives them back.
type spareResults[T any] struct {
	mu     sync.Mutex
	slices [][]T
}

// get is an empty slice, room for a batch's results when one was given
// back.
func (s *spareResults[T]) get() []T {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := len(s.slices); n > 0 {
		r := s.slices[n-1]
		s.slices = s.slices[:n-1]
		return r
	}
	return make([]T, 0, batchGames)
}

// put gives back a slice whose results are emitted.
func (s *spareResults[T]) put(r []T) {
	clear(r) // let go of what they hold
	s.mu.Lock()
	s.slices = append(s.slices, r[:0])
	s.mu.Unlock()
}
