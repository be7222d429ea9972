// Command yardstick checks a file of Pente records with the yardstick
// validator and prints how many games it read and how many are valid: the
// floor scripts/bench-records measures pbem review against.
package main

import (
	"fmt"
	"os"

	"pbem/internal/yardstick"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: yardstick FILE")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	games, valid := 0, 0
	err = yardstick.Check(f, func(v yardstick.Verdict) {
		games++
		if v.Valid {
			valid++
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d games, %d valid\n", games, valid)
}
