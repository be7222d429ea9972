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

// runImport reads record files into the store's archive. Every valid game
// is stored, finished or ongoing as its result says; an invalid game is
// reported with its position and left out, and the others still go in.
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
		fmt.Fprintf(stderr, "pbem import: %v\n", err)
		return exitInvalid
	}
	defer store.Close()
	code, imported, refused := exitOK, 0, 0
	now := time.Now()
	for _, name := range files {
		src, err := readInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem import: %v\n", err)
			code = exitInvalid
			continue
		}
		var valid []*notation.Game
		for g := range notation.Games(name, src) {
			if !g.Valid() {
				fmt.Fprintf(stderr, "pbem import: not imported: %v\n", g.Problem)
				refused++
				code = exitInvalid
				continue
			}
			valid = append(valid, g)
		}
		err = store.Update(ctx, func(tx *db.Tx) error {
			for _, g := range valid {
				id, err := play.Import(tx, g, now)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%s #%d: imported as game %d\n", name, g.Index, id)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintf(stderr, "pbem import: %s: %v\n", name, err)
			return exitInvalid
		}
		imported += len(valid)
	}
	fmt.Fprintf(stdout, "%d game(s) imported, %d not\n", imported, refused)
	return code
}
