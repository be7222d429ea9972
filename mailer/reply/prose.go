package reply

import "strings"

// Running text is told from lines meant to do something by its shape: a
// sentence has many words and none of them looks like data (a number, an
// address, an option). A wrapped paragraph that holds a sentence (a
// disclaimer, a greeting that runs on) is prose as a whole, but for its
// short lines with data in them, which a player may well have written
// right under a sentence ("Sorry for the delay." then "K10").

const (
	sentenceWords = 6   // a plain line of this many words is a sentence
	proseWords    = 5   // any line of this many words in a prose paragraph is prose
	plainWords    = 3   // a plain line of this many words in a prose paragraph is prose
	maxLineLen    = 300 // a longer line is prose whatever it holds
)

// markProse sets Prose on the lines of running text.
func markProse(ls []Line) {
	for start := 0; start < len(ls); {
		end := start + 1
		for end < len(ls) && ls[end].Number == ls[end-1].Number+1 {
			end++
		}
		para := ls[start:end]
		hasSentence := false
		for i := range para {
			if sentence(para[i].Text) {
				para[i].Prose, hasSentence = true, true
			}
		}
		if hasSentence && len(para) > 1 {
			for i := range para {
				words, plain := shape(para[i].Text)
				if words >= proseWords || words >= plainWords && plain {
					para[i].Prose = true
				}
			}
		}
		start = end
	}
}

// sentence reports whether a line is a sentence on its own.
func sentence(line string) bool {
	if len(line) > maxLineLen {
		return true
	}
	words, plain := shape(line)
	return words >= sentenceWords && plain
}

// shape counts a line's words and reports whether none of them looks like
// data: a digit, an address, an option, a ply guard.
func shape(line string) (words int, plain bool) {
	f := strings.Fields(line)
	return len(f), !strings.ContainsAny(line, "0123456789@=#")
}
