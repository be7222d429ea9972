package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

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
	out := bufio.NewWriter(stdout)
	w := notation.NewWriter(out)
	code := exitOK
	for _, name := range files {
		src, err := readInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem export: %v\n", err)
			code = exitInvalid
			continue
		}
		for g := range notation.Games(name, src) {
			if g.Problem != nil {
				fmt.Fprintln(stderr, g.Problem.Error())
				code = exitInvalid
			}
			if g.Entry.Kind == nil {
				fmt.Fprintf(stderr, "pbem export: %s game %d is left out: it cannot be set up\n", name, g.Index)
				continue
			}
			if err := w.Write(g); err != nil {
				fmt.Fprintf(stderr, "pbem export: writing: %v\n", err)
				return exitInvalid
			}
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "pbem export: writing: %v\n", err)
		return exitInvalid
	}
	return code
}

// exportStore writes one game of the store, or all (id 0).
func exportStore(ctx context.Context, data string, id int64, site string, stdout, stderr io.Writer) int {
	store, err := openStore(ctx, data, toolLog(stderr))
	if err != nil {
		fmt.Fprintf(stderr, "pbem export: %v\n", err)
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
		fmt.Fprintf(stderr, "pbem export: %v\n", err)
		return exitInvalid
	}
	return exitOK
}
