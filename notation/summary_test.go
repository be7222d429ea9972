package notation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/rules"
	"pbem/rules/pente"
)

// TestSummaryAppendJSON checks that AppendJSON writes what json.Marshal
// does: on every game of the real set and of the golden records, and on
// summaries holding text that JSON escapes.
func TestSummaryAppendJSON(t *testing.T) {
	var sums []Summary
	words := NewWords(i18n.English)
	for g := range Games("real.pgn", realRecords(t)) {
		sums = append(sums, words.Summary(g))
	}
	for _, text := range []string{"", "plain", `quote " and \ backslash`, "<b>&amp;</b>", "tab\tnew\nline\r\b\f\x00\x1f",
		"caf\u00e9 \u2028 \u2029 \U0001F600", "bad \xff utf-8", "del \x7f"} {
		sums = append(sums,
			Summary{File: text, Index: 3, Players: []string{text, ""}, Kind: text, Result: text, Outcome: "*", Ending: text},
			Summary{File: "f", Players: nil, Valid: true, Error: &PlyReport{Ply: 2, Line: 7, Column: 9, Token: text, Reason: text}},
		)
	}
	for _, s := range sums {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("AppendJSON\n%s\njson.Marshal\n%s", got, want)
		}
	}
}

// TestEndingsByDetail puts endings into words whose details are made
// afresh for each game, as an engine may, and shared among games, as
// rules/pente does: each says its own particulars, in the words'
// language, however many games came before.
func TestEndingsByDetail(t *testing.T) {
	state := pente.New(rules.Options{"variant": "pente", "tournament": "on"})
	five := func(args rules.Args) rules.Outcome {
		return rules.Outcome{Over: true, Winners: []rules.Seat{1}, Reason: rules.FiveInRow, Detail: rules.M("detail.five", args)}
	}
	shared := rules.Args{"From": "K10", "To": "K14"}
	for _, lang := range []i18n.Lang{i18n.English, i18n.German} {
		w := NewWords(lang)
		sharedWords := w.ending(state, five(shared))
		for i := range 300 {
			from, to := fmt.Sprintf("A%d", i%15+1), fmt.Sprintf("E%d", i%15+1)
			got := w.ending(state, five(rules.Args{"From": from, "To": to}))
			if !strings.Contains(got, from) || !strings.Contains(got, to) {
				t.Fatalf("%s: game %d, a line from %s to %s: %q", lang, i, from, to, got)
			}
			if got := w.ending(state, five(shared)); got != sharedWords || !strings.Contains(got, "K10") {
				t.Fatalf("%s: game %d, the shared line: %q, first %q", lang, i, got, sharedWords)
			}
			runtime.GC() // a map let go of may not stand for another made after it
		}
	}
}
