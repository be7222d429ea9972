package main

import (
	"context"
	"fmt"
	"io"

	"pbem/notation"
)

// gameOfFile reads the records of name (standard input for "-") and picks
// game n, counted from 1, or the file's last game when n is 0: the game
// that replay, analyze and think work on. On failure it says why on
// stderr, after "pbem CMD: ", and gives the exit code: exitInvalid when
// the file cannot be read, missing when it holds no such game.
func gameOfFile(ctx context.Context, cmd, name string, n int, stdin io.Reader, stderr io.Writer, missing int) (*notation.Game, int) {
	src, err := readInput(ctx, name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "pbem %s: %v\n", cmd, errText(err))
		return nil, exitInvalid
	}
	var g *notation.Game
	count := 0
	for game := range notation.Games(name, src) {
		count++
		if n == 0 || count == n {
			g = game
			if n != 0 {
				break
			}
		}
	}
	switch {
	case g != nil:
		return g, exitOK
	case count == 0:
		fmt.Fprintf(stderr, "pbem %s: %s holds no game\n", cmd, name)
	default:
		fmt.Fprintf(stderr, "pbem %s: %s has %d games; there is no game %d\n", cmd, name, count, n)
	}
	return nil, missing
}
