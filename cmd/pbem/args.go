package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
)

// parseArgs parses flags wherever they stand among the operands (pbem
// replay FILE --game 2) and returns the operands. "--" ends the flags; "-"
// is an operand: standard input.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(operands, rest...), nil
		}
		if len(rest) == 0 {
			return operands, nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// readInput reads the file named name, or standard input for "-".
func readInput(ctx context.Context, name string, stdin io.Reader) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if name == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("reading records: %w", err)
	}
	return b, nil
}

// newFlags makes a subcommand's flag set, with a usage line and its flags
// on stderr.
func newFlags(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: pbem %s %s\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}
