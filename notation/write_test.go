package notation

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func export(t *testing.T, src string) string {
	t.Helper()
	var b bytes.Buffer
	w := NewWriter(&b)
	for g := range Games("t.pgn", []byte(src)) {
		if g.Entry.Kind == nil {
			t.Fatalf("game %d: %v", g.Index, g.Problem)
		}
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// TestExportTagOrder checks the order of records.md: the Seven Tag Roster,
// Game, Variant, Options, Termination, TimeControl, then the rest in ASCII
// order.
func TestExportTagOrder(t *testing.T) {
	got := export(t, `[Zeta "z"] [TimeControl "*86400"] [Termination "normal"] [alpha "a"] [Beta "b"]
[Rated "N"] [Game "G-Pente"] [Black "b"] [Date "12/31/2020"] [Event "e"]
K10 *`)
	var names []string
	for _, line := range strings.Split(got, "\n") {
		if strings.HasPrefix(line, "[") {
			names = append(names, line[1:strings.IndexByte(line, ' ')])
		}
	}
	want := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Game", "Variant", "Options",
		"Termination", "TimeControl", "Beta", "Rated", "Zeta", "alpha"}
	if !slices.Equal(names, want) {
		t.Errorf("tags %q\nwant %q", names, want)
	}
	for _, tag := range []string{`[Date "2020.12.31"]`, `[Site "?"]`, `[White "?"]`, `[Result "*"]`, `[Variant "G-Pente"]`, `[Options "tournament=off"]`} {
		if !strings.Contains(got, tag+"\n") {
			t.Errorf("no %s in\n%s", tag, got)
		}
	}
}

// TestExportLayout checks the movetext: move numbers before White's plies,
// lines under 80 characters, LF line ends, one blank line between games.
func TestExportLayout(t *testing.T) {
	long := "[Game \"Pente\"]\n{" + strings.Repeat("a long comment ", 12) + "} " +
		"1. K10 L10 2. N10 D2 3. C2 E2 4. F2 D4 5. C4 E4 6. F4 D6 7. C6 E6 8. F6 D8 9. C8 E8 10. F8 D12 11. C12 E12 12. F12 1-0\r\n"
	got := export(t, long+long)
	if strings.Contains(got, "\r") {
		t.Error("a CR in the export")
	}
	for _, line := range strings.Split(got, "\n") {
		if utf8.RuneCountInString(line) >= 80 {
			t.Errorf("line of %d characters: %q", utf8.RuneCountInString(line), line)
		}
	}
	if n := strings.Count(got, "\n\n[Event"); n != 1 {
		t.Errorf("%d blank lines before a second game:\n%s", n, got)
	}
	if !strings.HasSuffix(got, " 1-0\n") || strings.HasSuffix(got, "\n\n") {
		t.Errorf("export ends %q", got[len(got)-10:])
	}
	if !strings.Contains(got, "} 1. K10 L10 2. N10 D2 3. C2") {
		t.Errorf("move numbers:\n%s", got)
	}
}

// TestExportResults writes results that name no winner as *, in the Result
// tag and at the end of the moves.
func TestExportResults(t *testing.T) {
	for in, want := range map[string]string{"?": "*", "0-0": "*", "1/2-1/2": "1/2-1/2", "0-1": "0-1"} {
		got := export(t, "[Game \"Pente\"] K10 A1 "+in)
		if !strings.Contains(got, `[Result "`+want+`"]`) || !strings.HasSuffix(got, " "+want+"\n") {
			t.Errorf("%s exported as\n%s", in, got)
		}
	}
}

// TestExportNotes writes suffixes, NAGs, comments and nested variations,
// numbering a ply that follows a comment or opens a variation with N...
func TestExportNotes(t *testing.T) {
	got := export(t, "[Game \"Pente\"]\nK10! $1 {good} A1 (L9 {or} K13 (M9)) K13 ; a } here\nA2 *")
	want := "1. K10! $1 {good} 1... A1 (1... L9 {or} 2. K13 (2. M9)) 2. K13 ; a } here\n2... A2 *\n"
	if !strings.HasSuffix(got, "\n\n"+want) {
		t.Errorf("movetext\n%s\nwant\n%s", got, want)
	}
}

// TestRoundTripLenientInputs exports every lenient record, reads the export
// and exports again: the bytes must be the same.
func TestRoundTripLenientInputs(t *testing.T) {
	for _, c := range lenientCases {
		once := export(t, c.src)
		if twice := export(t, once); twice != once {
			t.Errorf("%s: export, read, export changed the bytes:\n%s\n---\n%s", c.name, once, twice)
		}
	}
}
