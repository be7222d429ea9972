package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"pbem/ai"
	"pbem/ai/computers"
	"pbem/rules"
)

// runThink prints the ply the computer would play at the end of a recorded
// game.
func runThink(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("think", "[--level N] [--time D] [--seed S] [--roll 2,1,3] FILE [--game N] (- for standard input)", stderr)
	level := fs.Int("level", ai.DefaultLevel, "how hard to think, 1 to 8")
	limit := fs.Duration("time", 0, "the most time to think (default: the level's own)")
	seed := fs.Uint64("seed", 1, "the seed of the computer's choices and of dice not given by --roll")
	roll := fs.String("roll", "", "for games with dice: the roll, two movement dice then the game die")
	number := fs.Int("game", 0, "the game of the file, counted from 1 (default: the last)")
	verbose := fs.Bool("v", false, "also print the score, depth, nodes and time on standard error")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(files) != 1 || *number < 0 {
		fs.Usage()
		return exitUsage
	}
	settings := ai.Settings{Level: *level, Time: *limit, Seed: *seed}
	if err := settings.Check(); err != nil {
		fmt.Fprintf(stderr, "pbem think: %v\n", errText(err))
		return exitUsage
	}
	name := files[0]
	g, code := gameOfFile(ctx, "think", name, *number, stdin, stderr, exitInvalid)
	if g == nil {
		return code
	}
	if g.Problem != nil {
		fmt.Fprintf(stderr, "pbem think: game %d of %s cannot be replayed: %v\n", g.Index, name, g.Problem)
		return exitInvalid
	}
	state := g.State
	if o := state.Outcome(); o.Over {
		fmt.Fprintf(stderr, "pbem think: game %d of %s is over (%s): there is no ply to think of\n", g.Index, name, o.Result(state.Seats()))
		return exitInvalid
	}
	if g.GaveUp != "" || resultDecided(g.Result) {
		fmt.Fprintf(stderr, "pbem think: game %d of %s is over (%s): there is no ply to think of\n", g.Index, name, g.Result)
		return exitInvalid
	}
	state = state.Clone()
	if r, ok := state.(rules.Roller); ok {
		faces, err := parseRoll(*roll)
		if err != nil {
			fmt.Fprintf(stderr, "pbem think: --roll %s: %v\n", *roll, errText(err))
			return exitUsage
		}
		if faces == nil {
			faces = r.RollFor(*seed, state.Plies()+1)
		}
		if err := r.SetRoll(faces); err != nil {
			fmt.Fprintf(stderr, "pbem think: --roll %s: %v\n", *roll, errText(err))
			return exitUsage
		}
	} else if *roll != "" {
		fmt.Fprintf(stderr, "pbem think: --roll: %s has no dice\n", g.Entry.Title)
		return exitUsage
	}
	th, err := computers.For(state.Kind()).Think(ctx, state, settings)
	if err != nil {
		fmt.Fprintf(stderr, "pbem think: game %d of %s: %v\n", g.Index, name, errText(err))
		return exitInvalid
	}
	fmt.Fprintln(stdout, th.Ply)
	if *verbose {
		fmt.Fprintf(stderr, "score %d, depth %d, %d nodes in %v\n", th.Score, th.Depth, th.Nodes, th.Elapsed.Round(1e6))
	}
	return exitOK
}

// resultDecided reports whether a record's result says the game ended.
func resultDecided(result string) bool {
	return result != "" && result != "*"
}

// parseRoll reads "2,1,3"; empty gives nil.
func parseRoll(s string) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var faces []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a die's face; write the faces as numbers, such as 2,1,3", f)
		}
		faces = append(faces, n)
	}
	return faces, nil
}
