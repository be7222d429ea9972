package pinuid

import (
	"slices"
	"testing"

	"pbem/rules"
)

// sixRows has more pins than a game ever has: d4-e5 makes the most rows
// one step can make, two through e5 and four beside d4.
const sixRows = `
	7 B . . W . . .
	6 . . . W W . .
	5 . . . W . W .
	4 W W W W W W W
	3 . . . W . . .
	2 . . . W . . .
	1 . . . W . . .`

// TestRowIsANewMaximalRunOfExactlyThree checks which rows a step makes:
// maximal orthogonal runs of exactly three of the mover's pins that were
// not there, on the same squares, before the step.
func TestRowIsANewMaximalRunOfExactlyThree(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		step    string
		rows    []string
	}{
		{"a run of three through the moved pin is a row", `
			7 . B B . B B .
			3 . W W . . . .
			2 . . . . W . .`, "e2-d3", []string{"b3-c3-d3"}},
		{"a run along a file is a row", `
			7 . B B . B B .
			4 . . . W . . .
			2 . . W . . . .
			1 . . W . . . .`, "d4-c3", []string{"c1-c2-c3"}},
		{"a run of four is no row", `
			7 . B B . B B .
			3 W W W . . . .
			2 . . . . W . .`, "e2-d3", nil},
		{"a run of two is no row", `
			7 . B B . B B .
			3 . . W . . . .
			2 . . . . W . .`, "e2-d3", nil},
		{"another colour ends a run", `
			7 . B B . B B .
			3 B W W . . . .
			2 . . . . W . .`, "e2-d3", []string{"b3-c3-d3"}},
		{"the edge ends a run", `
			7 . B B . B B .
			4 . W . . . . .
			2 W . . . . . .
			1 W . . . . . .`, "b4-a3", []string{"a1-a2-a3"}},
		{"a row there before the step does not count", `
			7 . B B . B B .
			3 . W W W . . .
			1 . . . . . W .`, "f1-e2", nil},
		{"a pin leaving a run of four leaves a row behind", `
			7 . B B . B B .
			3 W W W W . . .`, "d3-e4", []string{"a3-b3-c3"}},
		{"one step makes two rows through the moved pin", `
			7 . B B . B B .
			4 . . . W . . .
			3 . . W . W . .
			2 . . W W . . .`, "c2-d3", []string{"c3-d3-e3", "d2-d3-d4"}},
		{"one step makes a row through the moved pin and one behind it", `
			7 . B B . B B .
			4 . . . W . . .
			3 . . . W W . .
			2 . . . W . . .
			1 . . . W . . .`, "d4-c3", []string{"c3-d3-e3", "d1-d2-d3"}},
		{"one step makes at most six rows", sixRows, "d4-e5",
			[]string{"a4-b4-c4", "d1-d2-d3", "d5-d6-d7", "d5-e5-f5", "e4-e5-e6", "e4-f4-g4"}},
		{"a run of seven split in its middle leaves two rows", `
			7 . B B . B B .
			4 W W W W W W W`, "d4-e5", []string{"a4-b4-c4", "e4-f4-g4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := arrange(t, position{kind: Classic, diagram: tt.diagram})
			p, err := g.Parse(tt.step)
			if err != nil {
				t.Fatal(err)
			}
			l := g.move(1, p.(*Ply).from, p.(*Ply).to)
			var got []string
			for _, r := range l.rows[:l.n] {
				got = append(got, r.String())
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.rows) {
				t.Errorf("%s makes rows %v, want %v", tt.step, got, tt.rows)
			}
		})
	}
}

// TestRemovalsFollowTheFixedRowList checks removals: one pin per row made,
// never the moved pin, made one at a time against the list of rows fixed
// by the step, so that a pin shared by two rows spends both.
func TestRemovalsFollowTheFixedRowList(t *testing.T) {
	// d4-c3 makes c3-d3-e3 and leaves d1-d2-d3 behind: d3 is in both.
	const sharedPin = `
		7 . B B . B B .
		6 . . . B . . .
		4 . . . W . . .
		3 . . . W W . .
		2 . . . W . . .
		1 . . . W . . .`
	// c2-d3 makes c3-d3-e3 and d2-d3-d4, crossing on the moved pin.
	const crossing = `
		7 . B B . B B .
		6 . . . B . . .
		4 . . . W . . .
		3 . . W . W . .
		2 . . W W . . .`
	// d3-e4 leaves a3-b3-c3 behind; g1 is in no row.
	const runOfFour = `
		7 . B B . B B .
		6 . . . B . . .
		3 W W W W . . .
		1 . . . . . . W`
	tests := []struct {
		name    string
		diagram string
		ply     string
		pins    int    // White's pins after an accepted ply
		owes    int    // removals White still owes after it
		msg     string // the refusal, when the ply is refused
	}{
		{"a shared pin spends both rows", sharedPin, "d4-c3xd3", 4, 0, ""},
		{"a removal after both rows are spent is refused", sharedPin, "d4-c3xd3xd1", 0, 0,
			"d1 is one removal too many: the rows c3-d3-e3 (with d3) and d1-d2-d3 (with d3) already had their removal"},
		{"removals in the other order pay both rows", sharedPin, "d4-c3xd1xd3", 3, 0, ""},
		{"one pin from each row pays both", sharedPin, "d4-c3xe3xd1", 3, 0, ""},
		{"a second pin of a spent row is refused", sharedPin, "d4-c3xd1xd2", 0, 0,
			"d2 is only in the row d1-d2-d3, which already had its removal (d1); remove a pin of the row c3-d3-e3 instead"},
		{"the moved pin is never removed", sharedPin, "d4-c3xc3", 0, 0,
			"c3 is your pin that just moved; remove another pin of the row c3-d3-e3"},
		{"fewer removals than rows leave one owed", sharedPin, "d4-c3xd1", 4, 1, ""},
		{"another player's pin is not removed", sharedPin, "d4-c3xd6", 0, 0,
			"d6 is Black's pin; you remove only your own pins"},
		{"a pin named twice is refused", sharedPin, "d4-c3xd1xd1", 0, 0,
			"d1 is named twice; each removal takes a different pin"},
		{"crossing rows need a pin from each", crossing, "c2-d3xc3xd2", 3, 0, ""},
		{"the moved pin at the crossing is never removed", crossing, "c2-d3xd3", 0, 0,
			"d3 is your pin that just moved; remove another pin of the row c3-d3-e3"},
		{"crossing rows: a second pin of the same row is refused", crossing, "c2-d3xc3xe3", 0, 0,
			"e3 is only in the row c3-d3-e3, which already had its removal (c3); remove a pin of the row d2-d3-d4 instead"},
		{"a row left behind pays its removal", runOfFour, "d3-e4xa3", 4, 0, ""},
		{"the moved pin is not in the row left behind", runOfFour, "d3-e4xe4", 0, 0,
			"e4 is your pin that just moved; remove a pin of the row a3-b3-c3 instead"},
		{"a step without a row removes nothing", runOfFour, "g1-f2xc3", 0, 0,
			"g1-f2 makes no row of three, so it removes no pin"},
		{"a pin outside the rows is refused", runOfFour, "d3-e4xg1", 0, 0,
			"g1 is not in the row a3-b3-c3; a removal takes a pin of a row of three the step made"},
		{"an empty square is refused", sharedPin, "d4-c3xd1xd4", 0, 0,
			"d4 is empty; a removal takes one of your pins from a row of three"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := arrange(t, position{kind: Classic, diagram: tt.diagram})
			if tt.msg != "" {
				e := refused(t, g, tt.ply)
				if ruleOf(e) != "removal" || msgOf(e) != tt.msg {
					t.Errorf("%s refused by %q: %q\nwant by removal: %q", tt.ply, ruleOf(e), msgOf(e), tt.msg)
				}
				return
			}
			play(t, g, tt.ply)
			if g.pins[0] != tt.pins || g.owed[0].owing() != tt.owes {
				t.Errorf("after %s White has %d pins and owes %d removals, want %d and %d\n%s",
					tt.ply, g.pins[0], g.owed[0].owing(), tt.pins, tt.owes, english(g.Board()))
			}
		})
	}
}

// TestLegalListsEachRemovalChoiceOnce checks that Legal offers a step that
// makes rows without removals (forgetting is legal), with each position
// that valid removals reach once, and nothing invalid.
func TestLegalListsEachRemovalChoiceOnce(t *testing.T) {
	g := arrange(t, position{kind: Classic, diagram: `
		7 . B B . B B .
		6 . . . B . . .
		4 . . . W . . .
		3 . . . W W . .
		2 . . . W . . .
		1 . . . W . . .`})
	var got []string
	for _, tok := range legalTokens(g) {
		if len(tok) >= 5 && tok[:5] == "d4-c3" {
			got = append(got, tok)
		}
	}
	want := []string{"d4-c3", "d4-c3xd1", "d4-c3xd1xd3", "d4-c3xd1xe3", "d4-c3xd2", "d4-c3xd2xd3", "d4-c3xd2xe3",
		"d4-c3xd3", "d4-c3xe3", "d4-c3xe3xd3"}
	if !slices.Equal(got, want) {
		t.Errorf("Legal offers for d4-c3:\n%v\nwant\n%v", got, want)
	}
	for _, tok := range want {
		c := g.Clone()
		if err := rules.PlayToken(c, tok); err != nil {
			t.Errorf("Legal offers %s, Play refuses it: %v", tok, err)
		}
	}
}

// TestRemovalsForTheMostRows checks that six rows from one step can all be
// paid, four pins paying six rows where pins are shared.
func TestRemovalsForTheMostRows(t *testing.T) {
	g := arrange(t, position{kind: Classic, diagram: sixRows})
	// Legal lists the set in board order; any valid order plays.
	const listed, full = "d4-e5xd1xa4xe4xd5", "d4-e5xa4xd1xd5xe4"
	if !slices.Contains(legalTokens(g), listed) {
		t.Fatalf("Legal does not offer %s", listed)
	}
	pins := g.pins[0]
	play(t, g, full)
	if g.pins[0] != pins-4 || g.owed[0].owing() != 0 {
		t.Errorf("after %s: %d pins, %d removals owed; want %d, 0", full, g.pins[0], g.owed[0].owing(), pins-4)
	}
}
