package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"pbem/i18n"
	"pbem/rules"
)

// runReplay shows the board of one game after one of its plies, with the
// moves that led there.
func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("replay", "FILE [--game N] [--ply K] (- for standard input)", stderr)
	number := fs.Int("game", 1, "the game of the file, counted from 1")
	ply := fs.Int("ply", -1, "show the board after this ply; 0 is the setup (default: the last ply)")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) != 1 || *number < 1 || *ply < -1 {
		fs.Usage()
		return exitUsage
	}
	name := files[0]
	g, code := gameOfFile(ctx, "replay", name, *number, stdin, stderr, exitUsage)
	if g == nil {
		return code
	}
	if g.Entry.Kind == nil {
		fmt.Fprintln(stderr, g.Problem.Error())
		return exitInvalid
	}
	k := *ply
	if k < 0 {
		k = len(g.Main.Moves)
	}
	if k > len(g.Main.Moves) {
		fmt.Fprintf(stderr, "pbem replay: game %d of %s has %d plies; ask for --ply 0 to %d\n", g.Index, name, len(g.Main.Moves), len(g.Main.Moves))
		return exitUsage
	}
	state, err := g.Position(k)
	if state == nil {
		fmt.Fprintf(stderr, "pbem replay: %v\n", errText(err))
		return exitInvalid
	}
	shown := state.Plies()
	s := g.Summary()
	fmt.Fprintf(stdout, "%s game %d: %s, %s, after ply %d of %d\n\n", name, g.Index,
		strings.Join(s.Players, " vs "), s.Kind, shown, len(g.Main.Moves))
	fmt.Fprint(stdout, state.Board().Render(func(m rules.Msg) string { return i18n.Render(i18n.English, m) }))
	if shown > 0 {
		fmt.Fprintf(stdout, "\n%s", g.MoveText(shown))
	}
	if err != nil {
		fmt.Fprintf(stderr, "pbem replay: the game cannot be replayed to ply %d:\n%v\n", k, errText(err))
		return exitInvalid
	}
	return exitOK
}
