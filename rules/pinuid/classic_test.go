package pinuid

import (
	"pbem/i18n"
	"slices"
	"strings"
	"testing"

	"pbem/rules"
)

// twoRowsOwed: d4-c3 makes c3-d3-e3 and leaves d1-d2-d3 behind.
const twoRowsOwed = `
	7 . B B . B B .
	6 . . . B . . .
	4 . . . W . . .
	3 . . . W W . .
	2 . . . W . . .
	1 . . . W . . .`

// TestForgottenRemovalIsTheWholeNextTurn checks the forgot rule: removals
// a step owed but did not make are the whole of the player's next turn,
// all of them, never the pin that moved.
func TestForgottenRemovalIsTheWholeNextTurn(t *testing.T) {
	tests := []struct {
		name  string
		plies []string // White's step, Black's reply
		legal []string // White's next turn
		pay   string   // accepted
		pins  int      // White's pins after pay
		bad   map[string]string
	}{
		{
			name:  "a step that removes nothing owes both rows",
			plies: []string{"d4-c3", "d6-c5"},
			legal: []string{"xd1xd3", "xd1xe3", "xd2xd3", "xd2xe3", "xd3", "xe3xd3"},
			pay:   "xd3", pins: 4,
			bad: map[string]string{
				"c3-b4": "you still owe a removal from each of the rows c3-d3-e3 and d1-d2-d3 (forgot rule): this turn is only the owed removal, such as xd1xd3",
				"pass":  "you still owe a removal from each of the rows c3-d3-e3 and d1-d2-d3 (forgot rule): this turn is only the owed removal, such as xd1xd3",
				"xd1":   "xd1 leaves the row c3-d3-e3 without its removal; the owed turn takes one pin from every row still owed (forgot rule)",
				"xc3":   "c3 is the pin whose step made the row; remove another pin of the row c3-d3-e3",
			},
		},
		{
			name:  "a step that removes too little owes the rest",
			plies: []string{"d4-c3xd1", "d6-c5"},
			legal: []string{"xd3", "xe3"},
			pay:   "xe3", pins: 3,
			bad: map[string]string{
				"xd2": "d2 is only in the row d1-d2-d3, which already had its removal (d1); remove a pin of the row c3-d3-e3 instead",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := arrange(t, position{kind: Classic, diagram: twoRowsOwed})
			play(t, g, tt.plies...)
			if !strings.Contains(english(g.Board()), "White owes") {
				t.Errorf("the board does not show the owed removal:\n%s", english(g.Board()))
			}
			if got := legalTokens(g); !slices.Equal(got, tt.legal) {
				t.Errorf("Legal is %v, want %v", got, tt.legal)
			}
			for tok, msg := range tt.bad {
				if e := refused(t, g, tok); msgOf(e) != msg {
					t.Errorf("%s refused: %q\nwant %q", tok, msgOf(e), msg)
				}
			}
			play(t, g, tt.pay)
			if g.pins[0] != tt.pins || g.owed[0].owing() != 0 || g.ToMove() != 1 {
				t.Errorf("after %s: White has %d pins, owes %d, %s to move; want %d, 0, Black\n%s",
					tt.pay, g.pins[0], g.owed[0].owing(), g.SeatName(g.ToMove()), tt.pins, english(g.Board()))
			}
		})
	}
}

// TestStagnationReEntersOnTheBaseLine checks Classic's stagnation rule: a
// player whose pins all stand on one colour puts a removed pin back on an
// empty square of its base line, and that is the turn; without a removed
// pin or an empty base-line square it steps.
func TestStagnationReEntersOnTheBaseLine(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		toMove  rules.Seat
		legal   []string // the first plies of Legal
		play    string
		msg     string // the refusal of play, if refused
	}{
		{"one colour re-enters on the base line", `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 . . W . W . .`, 0,
			[]string{"+a1", "+b1", "+c1", "+d1", "+e1", "+f1", "+g1"}, "+b1", ""},
		{"Black's base line is rank 7", `
			7 . B . . . . .
			6 . . B . B . .
			5 . . . B . . .
			1 . W W . W W .
			2 . . . W . . .`, 1,
			[]string{"+a7", "+c7"}, "+g7", ""},
		{"a step is refused while re-entry is due", `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 . . W . W . .`, 0, nil, "c3-b2",
			"all your pins stand on one colour of square and can never make a row (stagnation): this turn puts a removed pin back on an empty square of rank 1, such as +a1"},
		{"re-entry off the base line is refused", `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 . . W . W . .`, 0, nil, "+c2",
			"c2 is not on your base line; a pin comes back onto an empty square of rank 1, such as +a1"},
		{"re-entry onto a taken square is refused", `
			7 . B B . B B .
			4 . . . W . . .
			3 . . W . W . .
			1 . B . . . . .`, 0, nil, "+b1",
			"b1 is taken by Black's pin; a pin comes back onto an empty square of rank 1, such as +a1"},
		{"a full base line means a step", `
			7 . . . . . . .
			6 . . . B . . .
			1 W B W B W B B`, 0,
			[]string{"a1-b2", "c1-b2", "c1-d2"}, "+b1",
			"your base line, rank 1, has no empty square, so you step instead, such as a1-b2"},
		{"no removed pin means a step", `
			7 . B B . B B .
			6 . . . B . . .
			4 . W . W . . .
			3 W . W . W . .`, 0,
			[]string{"a3-b2"}, "+a1",
			"you have no removed pin to put back, so you step, such as a3-b2"},
		{"pins on both colours step", "", 0, []string{"b1-a2"}, "+a1",
			"your pins stand on both colours of square, so you step; a pin comes back only when all your pins share one colour (stagnation)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g *Game
			if tt.diagram == "" {
				rg, _ := Classic.NewGame(nil)
				g = rg.(*Game)
			} else {
				g = arrange(t, position{kind: Classic, diagram: tt.diagram, toMove: tt.toMove})
			}
			if got := legalTokens(g); len(tt.legal) > 0 && !slices.Equal(got[:min(len(got), len(tt.legal))], tt.legal) {
				t.Errorf("Legal is %v, want it to start %v", got, tt.legal)
			}
			if tt.msg != "" {
				if e := refused(t, g, tt.play); msgOf(e) != tt.msg || ruleOf(e) != "stagnation" && ruleOf(e) != "re-entry" {
					t.Errorf("%s refused by %s: %q\nwant %q", tt.play, ruleOf(e), msgOf(e), tt.msg)
				}
				return
			}
			s := g.ToMove()
			pins, off := g.pins[s], g.off[s]
			play(t, g, tt.play)
			if g.pins[s] != pins+1 || g.Removed(s) != off-1 || g.quiet != 0 || g.ToMove() == s {
				t.Errorf("after %s: %d pins and %d removed, quiet %d, %s to move; want %d, %d, 0, the other",
					tt.play, g.pins[s], g.Removed(s), g.quiet, g.SeatName(g.ToMove()), pins+1, off-1)
			}
		})
	}
}

// TestReEntryMakesNoRow checks that a row a re-entered pin completes earns
// no removal: rows count only after a step, and on the next step that row
// is not new.
func TestReEntryMakesNoRow(t *testing.T) {
	g := arrange(t, position{kind: Classic, diagram: `
		7 . B B . B B .
		6 . . . B . . .
		4 . . . W . . .
		1 W . W . . . .`})
	play(t, g, "+b1", "d6-c5")
	if e := refused(t, g, "d4-e5xa1"); msgOf(e) != "d4-e5 makes no row of three, so it removes no pin" {
		t.Errorf("d4-e5xa1 refused: %q", msgOf(e))
	}
}

// TestBlockedSeatPasses checks that a player who cannot act passes: Legal
// offers only pass, and pass is refused to a player who can act.
func TestBlockedSeatPasses(t *testing.T) {
	// White's pins: a1 blocked by b2, a2 by b1 and b3, g1 by f2.
	blocked := `
		7 . . . . . . .
		6 . . . B . . .
		3 . B . . . . .
		2 W B . . . B .
		1 W B . . . . W`
	g := arrange(t, position{kind: Classic, diagram: blocked})
	if got := legalTokens(g); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("Legal is %v, want just pass", got)
	}
	if !strings.Contains(english(g.Board()), "no pin can step, so the turn is pass") {
		t.Errorf("the board does not say the turn is pass:\n%s", english(g.Board()))
	}
	if e := refused(t, g, "a2-b3"); ruleOf(e) != "blocked" {
		t.Errorf("a step by a blocked player refused by %s: %s", ruleOf(e), msgOf(e))
	}
	play(t, g, "pass")
	if g.ToMove() != 1 || g.Outcome().Over || g.quiet != 1 {
		t.Errorf("after pass: %s to move, over %v, quiet %d; want Black, false, 1", g.SeatName(g.ToMove()), g.Outcome().Over, g.quiet)
	}

	rg, _ := Classic.NewGame(nil)
	e := refused(t, rg.(*Game), "pass")
	if ruleOf(e) != "pass" || msgOf(e) != "you can still step, such as b1-a2; pass is only for a player who cannot act" {
		t.Errorf("pass at the start refused by %s: %q", ruleOf(e), msgOf(e))
	}
}

// TestNoProgressDraw checks the engine's draw after limit plies in a row
// without a removal or a re-entry.
func TestNoProgressDraw(t *testing.T) {
	tests := []struct {
		name    string
		limit   string
		diagram string
		plies   []string
		overAt  int // the ply that draws, 0 for none
	}{
		{"limit plies without a removal draw", "4", "", []string{"b1-a2", "b7-a6", "a2-b1", "a6-b7"}, 4},
		{"a removal starts the count again", "3", twoRowsOwed,
			[]string{"d4-c3xd3", "d6-c5", "c3-b4", "c5-d6", "b4-c3"}, 4},
		{"an owed removal starts the count again", "3", twoRowsOwed,
			[]string{"d4-c3", "d6-c5", "xd3", "c5-d6", "c3-b4", "d6-c5"}, 6},
		{"a re-entry starts the count again", "2", `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 . . W . W . .`, []string{"+b1", "d6-c5", "b1-a2", "c5-d6"}, 3},
		{"limit 0 never draws", "0", "", []string{"b1-a2", "b7-a6", "a2-b1", "a6-b7", "b1-a2", "b7-a6"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := rules.Options{"limit": tt.limit}
			var g *Game
			if tt.diagram == "" {
				rg, err := Classic.NewGame(opts)
				if err != nil {
					t.Fatal(err)
				}
				g = rg.(*Game)
			} else {
				g = arrange(t, position{kind: Classic, opts: opts, diagram: tt.diagram})
			}
			for i, tok := range tt.plies {
				if i+1 > tt.overAt && tt.overAt > 0 {
					break
				}
				play(t, g, tok)
				o := g.Outcome()
				if want := i+1 == tt.overAt; o.Over != want || want && (o.Reason != rules.NoProgress || !o.Draw()) {
					t.Fatalf("after ply %d (%s): outcome %+v; want a no-progress draw: %v", i+1, tok, o, want)
				}
			}
		})
	}
}

// TestTwoPinsWin checks the win: the moment a player is down to two pins,
// by a removal after a step or by an owed removal.
func TestTwoPinsWin(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		toMove  rules.Seat
		plies   []string
		winner  rules.Seat
		detail  string
		result  string
	}{
		{"White's removal leaves two pins", `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 W W . . . . .`, 0, []string{"d4-c3xa3"}, 0, "b3 c3", "1-0"},
		{"an owed removal leaves two pins", `
			7 . B B . B B .
			6 . . . B . . .
			4 . . . W . . .
			3 W W . . . . .`, 0, []string{"d4-c3", "d6-c5", "xb3"}, 0, "a3 c3", "1-0"},
		{"Black's removal leaves two pins", `
			6 . . . . B . .
			5 . B B . . . .
			2 . . . W . . .
			1 . W W . W W .`, 1, []string{"e6-d5xb5"}, 1, "c5 d5", "0-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := arrange(t, position{kind: Classic, diagram: tt.diagram, toMove: tt.toMove})
			play(t, g, tt.plies...)
			o := g.Outcome()
			if !o.Over || o.Reason != rules.TwoPins || !o.Won(tt.winner) || englishMsg(o.Detail) != tt.detail || o.Result(2) != tt.result {
				t.Fatalf("outcome %+v (%s); want %s won with %s, %s", o, o.Result(2), g.SeatName(tt.winner), tt.detail, tt.result)
			}
			if l := g.Legal(); len(l) != 0 {
				t.Errorf("Legal after the win: %v", l)
			}
			if e := refused(t, g, "pass"); ruleOf(e) != "game over" {
				t.Errorf("a ply after the win refused by %s: %s", ruleOf(e), msgOf(e))
			}
		})
	}
}

// TestClassicSetupAndStart checks the Classic setup table and the start
// option: White begins unless start=black; seats stay colours.
func TestClassicSetupAndStart(t *testing.T) {
	tests := []struct {
		opts  rules.Options
		first rules.Seat
	}{
		{nil, 0},
		{rules.Options{"start": "white"}, 0},
		{rules.Options{"start": "black"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.opts.String(), func(t *testing.T) {
			rg, err := Classic.NewGame(tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			g := rg.(*Game)
			if g.ToMove() != tt.first || g.SeatName(0) != "White" || g.SeatName(1) != "Black" || g.Seats() != 2 {
				t.Errorf("%s to move, seats %s and %s of %d", g.SeatName(g.ToMove()), g.SeatName(0), g.SeatName(1), g.Seats())
			}
			want := map[string]rules.Seat{"b1": 0, "c1": 0, "e1": 0, "f1": 0, "d2": 0, "b7": 1, "c7": 1, "e7": 1, "f7": 1, "d6": 1}
			checkPins(t, g, want)
		})
	}
}

// checkPins checks that exactly the squares of want hold pins, of those
// seats.
func checkPins(t *testing.T, g *Game, want map[string]rules.Seat) {
	t.Helper()
	for r := range g.geo.ranks {
		for f := range g.geo.files {
			q := at(f, r)
			seat, ok := g.Pin(q)
			w, wok := want[q.String()]
			if ok != wok || ok && seat != w {
				t.Errorf("%s: pin of %v (%v), want %v (%v)", q, seat, ok, w, wok)
			}
		}
	}
}

// TestKindOptions checks the options each kind accepts.
func TestKindOptions(t *testing.T) {
	tests := []struct {
		kind *rules.Kind
		opts rules.Options
		err  string
	}{
		{Classic, rules.Options{"start": "black", "limit": "50"}, ""},
		{Classic, rules.Options{"start": "red"}, "option start=red: the value must be white or black"},
		{Classic, rules.Options{"limit": "-1"}, "option limit=-1: the value must be a whole number from 0 to 100000"},
		{Classic, rules.Options{"seats": "3"}, `Pinuid Classic has no option "seats"`},
		{Quatro, rules.Options{"seats": "3"}, ""},
		{Quatro, rules.Options{"seats": "5"}, "option seats=5: the value must be 3 or 4"},
		{Quatro, rules.Options{"start": "black"}, `Pinuid Quatro has no option "start"`},
	}
	for _, tt := range tests {
		t.Run(tt.kind.Name+" "+tt.opts.String(), func(t *testing.T) {
			_, err := tt.kind.NewGame(tt.opts)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.err != "" && (err == nil || !strings.HasPrefix(i18n.Error(i18n.English, err), tt.err)):
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
}
