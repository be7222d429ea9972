package rules

import (
	"pbem/i18n"
	"strings"
	"testing"
)

func TestOutcomeResult(t *testing.T) {
	tests := []struct {
		name  string
		o     Outcome
		seats int
		want  string
	}{
		{"ongoing", Outcome{}, 2, "*"},
		{"first seat wins", Outcome{Over: true, Winners: []Seat{0}}, 2, "1-0"},
		{"second seat wins", Outcome{Over: true, Winners: []Seat{1}}, 2, "0-1"},
		{"two-seat draw", Outcome{Over: true}, 2, "1/2-1/2"},
		{"both of two seats win", Outcome{Over: true, Winners: []Seat{0, 1}}, 2, "1-1"},
		{"neither of two seats wins", Outcome{Over: true, Winners: []Seat{2}}, 2, "0-0"},
		{"seat 2 of 4 wins", Outcome{Over: true, Winners: []Seat{1}}, 4, "0-1-0-0"},
		{"four-seat draw", Outcome{Over: true}, 4, "1/2-1/2-1/2-1/2"},
		{"seat 3 of 3 wins", Outcome{Over: true, Winners: []Seat{2}}, 3, "0-0-1"},
	}
	for _, tc := range tests {
		if got := tc.o.Result(tc.seats); got != tc.want {
			t.Errorf("%s: Result = %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestNearest(t *testing.T) {
	tests := []struct {
		word string
		max  int
		want string
	}{
		{"tournamnet", 2, "tournament"},
		{"varaint", 2, "variant"},
		{"VARIANT", 2, "variant"},
		{"zzzzzz", 2, ""},
		{"seat", 2, "seats"},
		{"stat", 2, "start"},
		{"xyz", 2, ""}, // 3 edits from "seats": one more than allowed
		{"seatsxx", 2, "seats"},
		{"seatsxxx", 2, ""}, // longer by three
		{"vä", 1, ""},       // shorter than every name by more than one
		{strings.Repeat("variant", 20000), 2, ""},
	}
	names := []string{"tournament", "variant", "seats", "start"}
	for _, tc := range tests {
		if got := strings.Join(Nearest(tc.word, names, tc.max), ","); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"H10"}, "did you mean H10?"},
		{[]string{"H10", "J10"}, "did you mean H10 or J10?"},
		{[]string{"a", "b", "c"}, "did you mean a, b or c?"},
	} {
		got := ""
		if len(tc.in) > 0 {
			got = i18n.Render(i18n.English, DidYouMean(tc.in))
		}
		if got != tc.want {
			t.Errorf("DidYouMean(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestKindOptions(t *testing.T) {
	k := &Kind{
		Name: "Test",
		Options: []Option{
			{Name: "colour", Default: "red", Values: []string{"red", "blue"}},
			{Name: "limit", Default: "200", Min: 10, Max: 1000},
		},
		New: func(Options) (Game, error) { return nil, nil },
	}
	tests := []struct {
		name string
		in   Options
		want string // complete options, or the error
	}{
		{"defaults fill in", nil, "colour=red limit=200"},
		{"a value from the list", Options{"colour": "blue"}, "colour=blue limit=200"},
		{"a number in range", Options{"limit": "10"}, "colour=red limit=10"},
		{"a value not in the list", Options{"colour": "green"}, "option colour=green: the value must be red or blue"},
		{"a number out of range", Options{"limit": "5"}, "option limit=5: the value must be a whole number from 10 to 1000"},
		{"not a number", Options{"limit": "lots"}, "option limit=lots: the value must be a whole number from 10 to 1000"},
		{"an unknown name near a known one", Options{"colur": "red"}, `Test has no option "colur"; did you mean colour?`},
		{"an unknown name far from all", Options{"speed": "9"}, `Test has no option "speed"; its options are colour, limit`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := k.Complete(tc.in)
			if err != nil {
				if i18n.Error(i18n.English, err) != tc.want {
					t.Fatalf("error %q, want %q", err, tc.want)
				}
				return
			}
			if got.String() != tc.want {
				t.Fatalf("Complete = %q, want %q", got, tc.want)
			}
		})
	}
	if got := k.NonDefault(Options{"colour": "red", "limit": "50"}).String(); got != "limit=50" {
		t.Errorf("NonDefault = %q, want limit=50", got)
	}
}

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions([]string{"Tournament=OFF", "days=3"})
	if err != nil || o.String() != "days=3 tournament=off" {
		t.Fatalf("ParseOptions = %v, %v", o, err)
	}
	if _, err := ParseOptions([]string{"tournament"}); err == nil ||
		i18n.Error(i18n.English, err) != `option "tournament": write it as name=value, like tournament=off` {
		t.Errorf("missing value: %v", err)
	}
}

func TestFrame(t *testing.T) {
	got := Frame([]string{"a", "b", "c"}, 2, func(f, r int) Cell {
		return Cell{Char: ".WB"[(f+r)%3], Marked: f == 1 && r == 0}
	})
	want := "" +
		"     a  b  c\n" +
		"  2  W  B  .  2\n" +
		"  1  . (W) B  1\n" +
		"     a  b  c\n"
	if got != want {
		t.Errorf("Frame:\n%s\nwant:\n%s", got, want)
	}
}
