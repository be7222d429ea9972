package main

import (
	"strings"
	"testing"
)

// TestConvertLines writes a record per line, Pente with the tournament
// rule off.
func TestConvertLines(t *testing.T) {
	code, out, errOut := runPbem(t, "K10;L9;L10;A1;J10;A2;M10;A3;N10;1-0;\nK10;0-1;\n", "convert", "--from", "lines", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "1-0"]
[Game "Pente"]
[Options "tournament=off"]

1. K10 L9 2. L10 A1 3. J10 A2 4. M10 A3 5. N10 1-0

`
	if !strings.HasPrefix(out, want) || strings.Count(out, "[Event") != 2 {
		t.Errorf("records\n%s\nwant first\n%s", out, want)
	}
}

// TestConvertReportsBadLines reports a line that cannot be read and goes on.
func TestConvertReportsBadLines(t *testing.T) {
	code, out, errOut := runPbem(t, "K10;;1-0;\nK10;*;\n", "convert", "--from", "lines", "-")
	if code != exitInvalid || strings.Count(out, "[Event") != 1 || !strings.Contains(errOut, "-:1:5: an empty field") {
		t.Errorf("exit %d\n%s\n%s", code, out, errOut)
	}
}
