package main

import (
	"context"
	"fmt"
	"io"
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
	code, imported, refused := exitOK, 0, 0
	im := play.NewImporter(time.Now())
	batch := make([]*notation.Game, 0, importBatch)
	ids := make([]int64, 0, importBatch)
	flush := func(name string) error {
		if len(batch) == 0 {
			return nil
		}
		ids = ids[:0]
		err := store.Update(ctx, func(tx *db.Tx) error {
			for _, g := range batch {
				id, err := im.Import(tx, g)
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
			fmt.Fprintf(stdout, "%s #%d: imported as game %d\n", name, g.Index, ids[i])
		}
		imported += len(batch)
		batch = batch[:0]
		return nil
	}
	for _, name := range files {
		src, err := readInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		for g := range notation.Games(name, src) {
			if !g.Valid() {
				fmt.Fprintf(stderr, "pbem import: not imported: %v\n", g.Problem)
				refused++
				code = exitInvalid
				continue
			}
			batch = append(batch, g)
			if len(batch) == importBatch {
				if err := flush(name); err != nil {
					fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
					return exitInvalid
				}
			}
		}
		if err := flush(name); err != nil {
			fmt.Fprintf(stderr, "pbem import: %v\n", errText(err))
			return exitInvalid
		}
	}
	fmt.Fprintf(stdout, "%d game(s) imported, %d not\n", imported, refused)
	return code
}
