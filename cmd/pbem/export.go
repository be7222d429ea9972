package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"pbem/notation"
)

// runExport writes the games of record files in export form: the strict,
// byte-stable form of records.md. A game that cannot be set up from its
// tags cannot be written and is reported; a game with a bad ply is written
// as read and reported.
func runExport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("export", "FILE... (- for standard input)", stderr)
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) == 0 {
		fs.Usage()
		return exitUsage
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
