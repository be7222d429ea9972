package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"pbem/notation"
)

// runConvert turns games of another form into records: for now the
// one-game-per-line form of the pente-games data set (K10;L9;...;1-0;),
// played as Pente with the tournament rule off.
func runConvert(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("convert", "--from lines FILE (- for standard input)", stderr)
	from := fs.String("from", "", "the form of FILE: lines (K10;L9;...;1-0; one game a line)")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if *from != "lines" || len(files) != 1 {
		if *from != "" && *from != "lines" {
			fmt.Fprintf(stderr, "pbem convert: there is no form %q; the form pbem converts from is lines\n", *from)
		}
		fs.Usage()
		return exitUsage
	}
	name := files[0]
	src, err := readInput(ctx, name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "pbem convert: %v\n", errText(err))
		return exitInvalid
	}
	out := bufio.NewWriter(stdout)
	w := notation.NewWriter(out)
	code := exitOK
	for g := range notation.Lines(name, src) {
		if g.Problem != nil {
			fmt.Fprintln(stderr, g.Problem.Error())
			code = exitInvalid
		}
		if g.Entry.Kind == nil {
			continue // a line that could not be read
		}
		if err := w.Write(g); err != nil {
			fmt.Fprintf(stderr, "pbem convert: writing: %v\n", errText(err))
			return exitInvalid
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "pbem convert: writing: %v\n", errText(err))
		return exitInvalid
	}
	return code
}
