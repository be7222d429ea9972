package notation

import (
	"strings"

	"pbem/rules"
)

// The tags the reader gives a meaning to.
const (
	tagEvent = iota
	tagSite
	tagDate
	tagRound
	tagWhite
	tagBlack
	tagResult
	tagGame
	tagVariant
	tagOptions
	tagSetup
	tagTermination
	tagTimeControl
	tagSeat1 // Seat2, Seat3 and Seat4 follow
	_
	_
	_
	tagPlayer1
	tagPlayer2
	tagRated
)

// knownTags spell the known tags as the writer does; the reader matches
// them ignoring case.
var knownTags = [...]string{
	tagEvent: "Event", tagSite: "Site", tagDate: "Date", tagRound: "Round",
	tagWhite: "White", tagBlack: "Black", tagResult: "Result",
	tagGame: "Game", tagVariant: "Variant", tagOptions: "Options", tagSetup: "Setup",
	tagTermination: "Termination", tagTimeControl: "TimeControl",
	tagSeat1: "Seat1", tagSeat1 + 1: "Seat2", tagSeat1 + 2: "Seat3", tagSeat1 + 3: "Seat4",
	// pente.org's names of seats 1 and 2, and its Rated.
	tagPlayer1: "Player 1 Name", tagPlayer2: "Player 2 Name", tagRated: "Rated",
}

// knownByLength lists the known tags by the length of their names: every
// tag of every game is looked up.
var knownByLength = func() (t [14][]int) {
	for k, name := range knownTags {
		t[len(name)] = append(t[len(name)], k)
	}
	return t
}()

// tagIndex finds the known tags of a record: for each, its index in the
// record's tags plus one, 0 when the record has none.
type tagIndex [len(knownTags)]int

// index files the known tags; a known tag given twice is a fault, reported
// with the index of the second.
func index(tags []Tag) (tagIndex, int, error) {
	var ix tagIndex
	for i := range tags {
		name := tags[i].Name
		if len(name) >= len(knownByLength) {
			continue
		}
		for _, k := range knownByLength[len(name)] {
			known := knownTags[k]
			if name[0]|0x20 != known[0]|0x20 || !strings.EqualFold(name, known) {
				continue
			}
			if first := ix[k]; first != 0 {
				return ix, i, rules.M("notation.tag_twice", rules.Args{"Tag": known, "Line": tags[first-1].Line})
			}
			ix[k] = i + 1
		}
	}
	return ix, 0, nil
}

// normalDate writes a date as YYYY.MM.DD: pente.org's MM/dd/yyyy is turned
// round; anything else is kept as written.
func normalDate(d string) string {
	// Cut, not Split: a review reads a date a game, and Split's slice was
	// most of what it allocated besides the lines it writes.
	month, rest, ok1 := strings.Cut(d, "/")
	day, year, ok2 := strings.Cut(rest, "/")
	if !ok1 || !ok2 || !numeric(month, 1, 2) || !numeric(day, 1, 2) || !numeric(year, 4, 4) {
		return d
	}
	var b [10]byte // YYYY.MM.DD
	out := append(append(b[:0], year...), '.')
	out = append(pad2(out, month), '.')
	return string(pad2(out, day))
}

// pad2 appends a number of one or two digits as two.
func pad2(b []byte, n string) []byte {
	if len(n) == 1 {
		b = append(b, '0')
	}
	return append(b, n...)
}

func numeric(s string, minLen, maxLen int) bool {
	if len(s) < minLen || len(s) > maxLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// unrated reports a pente.org Rated tag that says the game was not rated.
func unrated(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "n", "no", "false", "0":
		return true
	}
	return false
}
