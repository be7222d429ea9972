package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"pbem/i18n"
	"pbem/rules/games"
)

// runGames lists every game with its options: what a player may write after
// "new GAME".
func runGames(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	for _, e := range games.All() {
		fmt.Fprintf(stdout, "%-12s %s\n", e.Name, e.Title)
		for _, op := range e.Kind.Options {
			if _, preset := e.Preset[op.Name]; preset {
				continue
			}
			values := strings.Join(op.Values, "|")
			if values == "" {
				values = fmt.Sprintf("%d..%d", op.Min, op.Max)
			}
			fmt.Fprintf(stdout, "    %s=%s (default %s): %s\n", op.Name, values, op.Default, i18n.Tr(i18n.English, op.Doc, nil))
		}
	}
	return exitOK
}
