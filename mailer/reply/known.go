package reply

// A known text (the mail being answered) may stand in a reply without
// quote marks: a client that pastes the original below an attribution, an
// HTML reply whose structure was lost, a player who copied the board back.
// Its lines are found by runs, never one short line alone: a player's
// "accept" or "K10" may well be a line of the mail answered too (the
// short help lists "accept"), and it is still the player's.

// Run sizes that make a run of matching lines the known text's.
const (
	minRunLines  = 3  // at least this many lines ...
	minRunChars  = 24 // ... of at least this many characters together,
	longRunChars = 48 // or this many characters in any number of lines
)

// maxCandidates bounds the places in the known texts tried for one line,
// so that a text of many equal lines cannot make reading slow.
const maxCandidates = 32

// markKnown marks the runs of text lines that follow lines of a known
// text in order (blank lines skipped on both sides), and reports whether
// there were any.
func markKnown(ls []string, kinds []kind, known []string) bool {
	if len(known) == 0 {
		return false
	}
	// All known lines in one sequence; "" between texts stops a run.
	var seq []string
	at := map[string][]int{}
	for _, text := range known {
		for _, l := range lines(text) {
			if l == "" {
				continue
			}
			if len(at[l]) < maxCandidates {
				at[l] = append(at[l], len(seq))
			}
			seq = append(seq, l)
		}
		seq = append(seq, "")
	}
	// Stretches of text lines with only blank lines between them.
	var stretch []int
	found := false
	flush := func() {
		for i := 0; i < len(stretch); {
			n, chars := longestRun(ls, stretch[i:], seq, at)
			if n >= minRunLines && chars >= minRunChars || chars >= longRunChars {
				for _, idx := range stretch[i : i+n] {
					kinds[idx] = knownLine
				}
				found = true
				i += n
				continue
			}
			i++
		}
		stretch = stretch[:0]
	}
	for i, k := range kinds {
		switch k {
		case textLine:
			stretch = append(stretch, i)
		case blankLine:
		default:
			flush()
		}
	}
	flush()
	return found
}

// longestRun is the longest run of the lines at idx (indices into ls)
// that equals consecutive lines of seq, and its length in characters.
func longestRun(ls []string, idx []int, seq []string, at map[string][]int) (n, chars int) {
	for _, j := range at[ls[idx[0]]] {
		k, c := 0, 0
		for k < len(idx) && j+k < len(seq) && seq[j+k] != "" && seq[j+k] == ls[idx[k]] {
			c += len(seq[j+k])
			k++
		}
		if c > chars {
			n, chars = k, c
		}
	}
	return n, chars
}
