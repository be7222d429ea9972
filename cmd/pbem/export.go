package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"

	"pbem/db"
	"pbem/notation"
	"pbem/play"
)

// runExport writes games in export form: the strict, byte-stable form of
// records.md. With --game N or --all it writes games of the store; with
// files it normalises their records. A game that cannot be set up from its
// tags cannot be written and is reported; a game with a bad ply is written
// as read and reported.
func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("export", "[--data DIR] (--game N | --all) | FILE... (- for standard input)", stderr)
	data := dataFlag(fs)
	game := fs.Int64("game", 0, "export game N of the store")
	all := fs.Bool("all", false, "export every game of the store")
	site := fs.String("address", "pbem@localhost", "the service's address, for the Site tag of its games")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	fromStore := *game != 0 || *all
	if fromStore == (len(files) > 0) || (*game != 0 && *all) {
		fs.Usage()
		return exitUsage
	}
	if fromStore {
		return exportStore(ctx, *data, *game, *site, stdout, stderr)
	}
	defer tuneRecords()()
	out := bufio.NewWriterSize(stdout, reportBuffer)
	code, written := exitOK, 0
	var bufs lineBufs
	for _, name := range files {
		in, err := openInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem export: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		err = notation.EachDetached(ctx, name, in, runtime.GOMAXPROCS(0), func(g *notation.Game) exportedGame {
			return exported(g, &bufs)
		}, func(e exportedGame) error {
			if e.problem != "" {
				fmt.Fprintln(stderr, e.problem)
				code = exitInvalid
			}
			if e.record == nil {
				fmt.Fprintf(stderr, "pbem export: %s game %d is left out: it cannot be set up\n", name, e.index)
				return nil
			}
			if written > 0 {
				out.WriteByte('\n')
			}
			written++
			_, err := out.Write(*e.record)
			bufs.put(e.record)
			return err
		})
		in.Close()
		var rerr *readError
		if errors.As(err, &rerr) {
			fmt.Fprintf(stderr, "pbem export: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		if err != nil && ctx.Err() != nil {
			fmt.Fprintf(stderr, "pbem export: %v\n", errText(err))
			return exitInvalid
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbem export: writing: %v\n", errText(err))
			return exitInvalid
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "pbem export: writing: %v\n", errText(err))
		return exitInvalid
	}
	return code
}

// exportedGame is one game in export form (nil when it cannot be set up),
// with its problem in detail.
type exportedGame struct {
	index   int
	record  *[]byte
	problem string
}

// exported writes one game in export form; it runs on the workers.
func exported(g *notation.Game, bufs *lineBufs) exportedGame {
	e := exportedGame{index: g.Index}
	if g.Problem != nil {
		e.problem = g.Problem.Error()
	}
	if g.Entry.Kind != nil {
		e.record = bufs.get()
		*e.record = notation.AppendExport(*e.record, g)
	}
	return e
}

// exportStore writes one game of the store, or all (id 0).
func exportStore(ctx context.Context, data string, id int64, site string, stdout, stderr io.Writer) int {
	store, err := openStore(ctx, data, toolLog(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "pbem export: %v\n", errText(err))
		return exitInvalid
	}
	defer store.Close()
	out := bufio.NewWriter(stdout)
	n := 0
	err = store.View(ctx, func(tx *db.Tx) error {
		return play.Export(tx, id, site, func(rec []byte) error {
			if n > 0 {
				if _, err := out.WriteString("\n"); err != nil {
					return err
				}
			}
			n++
			_, err := out.Write(rec)
			return err
		})
	})
	if errors.Is(err, db.ErrNotFound) {
		fmt.Fprintf(stderr, "pbem export: there is no game %d in %s\n", id, data)
		return exitInvalid
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "pbem export: %v\n", errText(err))
		return exitInvalid
	}
	return exitOK
}
