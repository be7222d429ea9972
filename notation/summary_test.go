package notation

import (
	"bytes"
	"encoding/json"
	"testing"

	"pbem/i18n"
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
