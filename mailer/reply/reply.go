// Package reply finds the writer's own new text in the body of a mail that
// answers another: above the quote, below it, or between quoted blocks. It
// leaves out quoted text, the attribution line before a quote (wrapped or
// not), an original or forwarded mail with its header block and all that
// follows, the signature, and any run of lines of a known text (the mail
// being answered) that a client put in unquoted. It knows nothing of what
// the lines mean: text in, lines out.
package reply

import "strings"

// Place is where a new line stood with respect to the quoted text.
type Place uint8

const (
	// Above is before any quoted text (top-posting, or no quote at all).
	Above Place = iota
	// Between is after one quoted block and before another (an
	// interleaved reply).
	Between
	// Below is after all quoted text (bottom-posting).
	Below
)

func (p Place) String() string {
	switch p {
	case Above:
		return "above the quote"
	case Between:
		return "between quoted parts"
	case Below:
		return "below the quote"
	}
	return "nowhere"
}

// Line is one line of the writer's own text.
type Line struct {
	// Text is the line cleaned (Clean): no format characters, single
	// spaces, trimmed; never empty.
	Text string
	// Number is the line's number in the body, from 1.
	Number int
	Place  Place
	// Prose is true for a line of running text: a sentence of six words or
	// more, or a line of a wrapped paragraph with one (a disclaimer). A
	// reader of commands takes it for prose, not a command gone wrong.
	Prose bool
}

// Reading is what was found in a body.
type Reading struct {
	// Lines are the writer's own lines, in order; blank lines left out.
	Lines []Line
	// Quoted is true when quoted text or an attribution was left out.
	Quoted bool
	// Original is true when an original or forwarded mail (a header block,
	// a separator such as "-----Original Message-----", or an attribution
	// followed by unquoted text) was left out, with all that followed it.
	Original bool
	// Known is true when lines of a known text stood unquoted and were
	// left out.
	Known bool
	// Signature is true when a signature (after "-- ") was left out.
	Signature bool
}

// kind is what a line of the body is.
type kind uint8

const (
	blankLine kind = iota
	textLine
	quoteLine
	attribLine
	originalLine
	signatureLine
	knownLine
)

// Read reads a reply's plain-text body. known are texts that may stand in
// the body without quote marks and are not the writer's: the mail being
// answered, for one. Only runs of their lines count (see known.go), so
// that a short line the writer typed is kept even when it also occurs in
// a known text.
func Read(body string, known ...string) Reading {
	ls := lines(body)
	kinds := make([]kind, len(ls))
	for i, l := range ls {
		switch {
		case l == "":
			kinds[i] = blankLine
		case quoted(l):
			kinds[i] = quoteLine
		default:
			kinds[i] = textLine
		}
	}
	var r Reading
	end := originalStart(ls, kinds)
	if end < len(ls) {
		r.Original = true
		for i := end; i < len(ls); i++ {
			kinds[i] = originalLine
		}
	}
	markAttributions(ls, kinds[:end])
	r.Known = markKnown(ls, kinds[:end], known)
	r.Signature = markSignature(ls, kinds[:end])

	first, last := -1, -1
	for i, k := range kinds[:end] {
		switch k {
		case quoteLine, attribLine, knownLine:
			if k != knownLine {
				r.Quoted = true
			}
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i, k := range kinds[:end] {
		if k != textLine {
			continue
		}
		place := Above
		switch {
		case first < 0 || i < first:
		case i > last:
			place = Below
		default:
			place = Between
		}
		r.Lines = append(r.Lines, Line{Text: ls[i], Number: i + 1, Place: place})
	}
	markProse(r.Lines)
	return r
}

// originalStart is the index of the first line of an unquoted original or
// forwarded mail, len(ls) if there is none.
func originalStart(ls []string, kinds []kind) int {
	fields := make([]field, len(ls))
	for i, l := range ls {
		fields[i] = stopField
		if kinds[i] == textLine {
			fields[i] = headerField(l)
		}
	}
	for i, l := range ls {
		if kinds[i] != textLine {
			continue
		}
		if isSeparator(l) || headerBlock(fields, i) {
			return i
		}
		// An attribution followed by unquoted text: the original follows
		// without quote marks (Yahoo's plain text, some webmails).
		if n := attributionFrom(ls, kinds, i); n > 0 {
			next := i + n
			for next < len(ls) && kinds[next] == blankLine {
				next++
			}
			if next < len(ls) && kinds[next] == textLine {
				return i
			}
		}
	}
	return len(ls)
}

// attributionFrom is the number of lines (1 to 3) of a whole attribution
// starting at ls[i], 0 if none starts there.
func attributionFrom(ls []string, kinds []kind, i int) int {
	if !opensAttribution(ls[i]) {
		return 0
	}
	for n := 1; n <= 3 && i+n <= len(ls) && kinds[i+n-1] == textLine; n++ {
		joined := strings.Join(ls[i:i+n], " ")
		if len(joined) > maxAttribution {
			return 0
		}
		if attribution().MatchString(joined) {
			return n
		}
	}
	return 0
}

// markAttributions marks the attribution before each quoted block: up to
// three lines right above it (blank lines between allowed). A whole
// attribution ("On ... wrote:") is taken as long as it goes, so that a
// wrapped one loses no line; else the shortest tail that ends one ("pbem
// <p@x> wrote:"), so that a line the writer typed above it is kept.
func markAttributions(ls []string, kinds []kind) {
	for i, k := range kinds {
		if k != quoteLine || (i > 0 && kinds[i-1] == quoteLine) {
			continue
		}
		j := i - 1
		for j >= 0 && kinds[j] == blankLine {
			j--
		}
		if j < 0 || kinds[j] != textLine {
			continue
		}
		start := j
		for start > 0 && j-start < 2 && kinds[start-1] == textLine {
			start--
		}
		from := -1
		for s := start; s <= j && from < 0; s++ {
			if joined := strings.Join(ls[s:j+1], " "); len(joined) <= maxAttribution && attribution().MatchString(joined) {
				from = s
			}
		}
		for s := j; s >= start && from < 0; s-- {
			joined := strings.Join(ls[s:j+1], " ")
			if len(joined) <= maxAttribution && (attributionTail().MatchString(joined) || addressAttribution().MatchString(joined)) {
				from = s
			}
		}
		for s := from; s >= 0 && s <= j; s++ {
			kinds[s] = attribLine
		}
	}
}

// markSignature marks signatures: from a "-- " line (or "--", or a short
// line of underscores) to the next quoted block or attribution. It reports
// whether there was one.
func markSignature(ls []string, kinds []kind) bool {
	found, in := false, false
	for i, k := range kinds {
		switch k {
		case quoteLine, attribLine:
			in = false
		case textLine:
			if ls[i] == "--" || (len(ls[i]) >= 2 && strings.Trim(ls[i], "_") == "") {
				in, found = true, true
			}
			if in {
				kinds[i] = signatureLine
			}
		}
	}
	return found
}
