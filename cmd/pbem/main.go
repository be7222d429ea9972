// Command pbem is the play-by-email game service and its tools: one binary
// with subcommands for serving, reviewing, replaying, importing and
// exporting games.
package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"pbem/rules"
)

// Exit codes shared by every subcommand.
const (
	exitOK      = 0
	exitInvalid = 1 // the input had an invalid game or failed
	exitUsage   = 2
)

// command is one subcommand. run gets the arguments after the subcommand's
// name and returns the exit code.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the subcommands; each lives in its own file.
func commands() map[string]command {
	return map[string]command{
		"games":   {"list the games pbem plays and their options", runGames},
		"review":  {"check every game of record files against the rules", runReview},
		"replay":  {"show the board of a recorded game after a ply", runReplay},
		"analyze": {"go through a recorded game with the computer: values and mistakes", runAnalyze},
		"export":  {"write record files in the strict export form", runExport},
		"convert": {"turn games of another form into records", runConvert},
		"import":  {"read records into the store's archive", runImport},
		"serve":   {"run the service: mail in, games on, mail out", runServe},
		"account": {"give an address on the embedded mail server a new password", runAccount},
		"web":     {"serve the web archive of a store's games", runWeb},
		"think":   {"print the ply the computer would play in a recorded game", runThink},
		"arena":   {"play computer players against each other and rate them", runArena},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout, cmds)
		return exitOK
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "pbem: unknown command %q", args[0])
		if near := rules.Nearest(args[0], slices.Sorted(maps.Keys(cmds)), 2); len(near) > 0 {
			fmt.Fprintf(stderr, "; did you mean %s?", strings.Join(near, " or "))
		}
		fmt.Fprint(stderr, "\n\n")
		usage(stderr, cmds)
		return exitUsage
	}
	return c.run(ctx, args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage: pbem COMMAND [ARGS...]")
	fmt.Fprintln(w, "\ncommands:")
	for _, n := range slices.Sorted(maps.Keys(cmds)) {
		fmt.Fprintf(w, "  %-8s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'pbem COMMAND -h' for a command's flags.")
}
