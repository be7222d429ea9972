package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"pbem/notation"
)

// runReview checks every game of every file against the rules: one line
// per game, or one JSON object per game with --json.
func runReview(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("review", "[--json] FILE... (- for standard input)", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per game per line")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) == 0 {
		fs.Usage()
		return exitUsage
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	code := exitOK
	for _, name := range files {
		src, err := readInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem review: %v\n", err)
			code = exitInvalid
			continue
		}
		for g := range notation.Games(name, src) {
			s := g.Summary()
			if !s.Valid {
				code = exitInvalid
			}
			if *asJSON {
				if err := enc.Encode(s); err != nil {
					fmt.Fprintf(stderr, "pbem review: writing the report: %v\n", err)
					return exitInvalid
				}
				continue
			}
			fmt.Fprintln(out, s.Text())
			if g.Problem != nil {
				out.Flush() // keep the report and the detail in order on a terminal
				fmt.Fprintln(stderr, g.Problem.Error())
			}
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "pbem review: writing the report: %v\n", err)
		return exitInvalid
	}
	return code
}
