package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"pbem/db"
	"pbem/notation"
	"pbem/play"
)

// importBatch is how many games one transaction of an import stores: a
// transaction per game made the commit most of the time, one per file
// held every game of a big file in memory at once.
const importBatch = 500

// runImport reads record files into the store's archive. Every valid game
// is stored, finished or ongoing as its result says; an invalid game is
// reported with its position and left out, and the others still go in.
// Games go in batches of importBatch, one transaction each: a game's line
// "imported as game N" is printed once its batch is committed, and an
// error of the store stops the import after the batches committed before.
// The records are read as a stream and each game is read, replayed and
// made ready to store on every core (notation.Each, Importer.Prepare), in the
// file's order, while the writer stores the batches before it.
func runImport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("import", "[--data DIR] FILE... (- for standard input)", stderr)
	data := dataFlag(fs)
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) == 0 {
		fs.Usage()
		return exitUsage
	}
	store, err := openStore(ctx, *data, toolLog(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
		return exitInvalid
	}
	defer store.Close()
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	code, imported, refused := exitOK, 0, 0
	now := time.Now()
	im := play.NewImporter(now)
	batch := make([]readyGame, 0, importBatch)
	ids := make([]int64, 0, importBatch)
	flush := func(name string) error {
		if len(batch) == 0 {
			return nil
		}
		ids = ids[:0]
		err := store.Update(ctx, func(tx *db.Tx) error {
			for _, g := range batch {
				id, err := im.Store(tx, g.prepared)
				if err != nil {
					return err
				}
				ids = append(ids, id)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for i, g := range batch {
			fmt.Fprintf(out, "%s #%d: imported as game %d\n", name, g.index, ids[i])
		}
		imported += len(batch)
		batch = batch[:0]
		return nil
	}
	for _, name := range files {
		in, err := openInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		err = notation.Each(ctx, name, in, runtime.GOMAXPROCS(0), func(g *notation.Game) readyGame {
			r := readyGame{index: g.Index}
			if !g.Valid() {
				r.problem = errText(g.Problem)
				return r
			}
			r.prepared, r.err = im.Prepare(g)
			return r
		}, func(r readyGame) error {
			if r.problem != "" {
				out.Flush() // keep the lines in order on a terminal
				fmt.Fprintf(stderr, "pbem import: not imported: %s\n", r.problem)
				refused++
				code = exitInvalid
				return nil
			}
			if r.err != nil {
				return r.err
			}
			batch = append(batch, r)
			if len(batch) == importBatch {
				return flush(name)
			}
			return nil
		})
		in.Close()
		if err == nil {
			err = flush(name)
		}
		var rerr *readError
		if errors.As(err, &rerr) {
			fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
			return exitInvalid
		}
	}
	fmt.Fprintf(out, "%d game(s) imported, %d not\n", imported, refused)
	return code
}

// readyGame is what the import makes of one game of a file, off the
// writer's goroutine: the game ready to store, or why it is not imported.
type readyGame struct {
	index    int
	prepared play.Prepared
	problem  string // the game's fault, for a game that is not valid
	err      error
}
