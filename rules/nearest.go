package rules

import (
	"strings"
	"unicode/utf8"
)

// Nearest returns the candidates nearest to word (ignoring case), if they
// are within maxDist edits: all that tie for nearest, in the given order. It
// serves "did you mean" hints.
//
// A candidate whose length differs from the word's by more than maxDist is
// never near, and is passed over unmeasured: a mail's first "word" may be
// thousands of characters long, and measuring it against every command
// word took seconds.
func Nearest(word string, candidates []string, maxDist int) []string {
	word = strings.ToLower(word)
	n := utf8.RuneCountInString(word)
	best := maxDist + 1
	var out []string
	for _, c := range candidates {
		if k := utf8.RuneCountInString(c); k > n+maxDist || n > k+maxDist {
			continue
		}
		d := editDistance(word, strings.ToLower(c))
		switch {
		case d > maxDist:
		case d < best:
			best, out = d, []string{c}
		case d == best:
			out = append(out, c)
		}
	}
	return out
}

// editDistance is the Damerau-Levenshtein distance (adjacent swaps count as
// one edit, the commonest typo).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
