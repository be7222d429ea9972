package dobbal

import (
	"pbem/i18n"
	"strings"
	"testing"

	"pbem/rules"
)

// startDiagram is the standard setup with White to play.
const startDiagram = `
..BBB..
..B.B..
.......
.......
.......
..WGW..
..WWW..`

// ruleCase is one ply tried on a position: legal when rule is "", else
// refused for that rule with message in its text.
type ruleCase struct {
	name    string
	opts    rules.Options
	toMove  rules.Seat
	diagram string
	roll    []int // the roll set before the ply; nil for a record replay
	ply     string
	rule    string
	message string
}

// runRuleCases plays each case's ply and checks the verdict, that a refusal
// leaves the game unchanged, and that Legal agrees with Play.
func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := setUp(t, tc.opts, tc.toMove, tc.diagram)
			if tc.roll != nil {
				if err := g.SetRoll(tc.roll); err != nil {
					t.Fatal(err)
				}
			}
			before := english(g.Board())
			legal := tokens(g.Legal())
			err := rules.PlayToken(g, tc.ply)
			if got := ruleOf(t, err); got != tc.rule {
				t.Fatalf("%s: rule %q (%v), want %q", tc.ply, got, err, tc.rule)
			}
			if err != nil {
				if !strings.Contains(i18n.Error(i18n.English, err), tc.message) {
					t.Errorf("message %q does not contain %q", err, tc.message)
				}
				if g.Plies() != 0 || english(g.Board()) != before {
					t.Errorf("a refused ply changed the game")
				}
				if contains(legal, strings.ToLower(tc.ply)) {
					t.Errorf("Legal lists %s, which Play refuses", tc.ply)
				}
				return
			}
			if !contains(legal, strings.ToLower(tc.ply)) {
				t.Errorf("Legal does not list %s, which Play accepts", tc.ply)
			}
			if g.Plies() != 1 || g.History()[0].String() != strings.ToLower(tc.ply) {
				t.Errorf("history is %v, want [%s]", g.History(), tc.ply)
			}
		})
	}
}

func TestMovementSteps(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "three steps from the start", diagram: startDiagram, ply: "213:c2-c4:d2-d3:e2-e5"},
		{name: "upper case is read", diagram: startDiagram, ply: "213:C2-C4:D2-D3:E2-E5"},
		{name: "a pin may move along a diagonal", diagram: startDiagram, ply: "213:c1-a3:d2-e3:e1-b4"},
		{name: "the same pin may move in both movement steps", diagram: startDiagram, ply: "213:c2-c4:d2-d3:c4-f4"},
		{name: "exact distance: a step longer than its die", diagram: startDiagram, ply: "213:c2-c5:d2-d3:e2-e5",
			rule: "exact distance", message: "c2-c5 moves 3 squares but the die used shows 2 (first movement die)"},
		{name: "exact distance: a step shorter than its die", diagram: startDiagram, ply: "313:c2-c4:d2-d3:e2-e5",
			rule: "exact distance", message: "c2-c4 moves 2 squares but the die used shows 3"},
		{name: "exact distance: the game pin too", diagram: startDiagram, ply: "213:c2-c4:d2-d4:e2-e5",
			rule: "exact distance", message: "d2-d4 moves 2 squares but the die used shows 1 (game die)"},
		{name: "straight line: a knight's move", diagram: startDiagram, ply: "213:c2-d4:d2-d3:e2-e5",
			rule: "straight line", message: "c2-d4 is not a straight line"},
		{name: "no jumping over an own pin", diagram: startDiagram, ply: "213:c1-c3:d2-d3:e2-e5",
			rule: "no jumping", message: "c1-c3 passes over c2, where a White pin stands, and pins never jump (no jumping)"},
		{name: "no jumping over the game pin", diagram: startDiagram, ply: "213:d1-d3:d2-d3:e2-e5",
			rule: "no jumping", message: "d1-d3 passes over d2, where the game pin stands"},
		{name: "no jumping over an opponent pin", diagram: `
			.......
			.......
			...B...
			.......
			...W...
			..WGW..
			.B..B..`, ply: "313:d3-d6:d2-d1:c2-c5", rule: "no jumping", message: "d3-d6 passes over d5, where a Black pin stands"},
		{name: "occupied square: onto the game pin", diagram: startDiagram, ply: "131:c2-d2:d2-d5:e2-e3",
			rule: "occupied square", message: "c2-d2 ends on d2, where the game pin stands"},
		{name: "occupied square: onto an own pin", diagram: startDiagram, ply: "131:c2-c1:d2-d5:e2-e3",
			rule: "occupied square", message: "c2-c1 ends on c1, where a White pin stands"},
		{name: "own pin: nothing on the square", diagram: startDiagram, ply: "213:c3-c5:d2-d3:e2-e5",
			rule: "own pin", message: "there is no pin on c3 to move in the first movement step"},
		{name: "own pin: the opponent's pin", diagram: startDiagram, ply: "213:c6-c4:d2-d3:e2-e5",
			rule: "own pin", message: "c6 holds a Black pin, and you move only your own White pins"},
		{name: "turn order: the game pin in a movement step", diagram: startDiagram, ply: "131:d2-d3:c2-c5:e2-e3",
			rule: "turn order", message: "d2 holds the game pin, which moves only in the middle step"},
		{name: "turn order: the middle step moves the game pin", diagram: startDiagram, ply: "213:c2-c4:e2-e3:e1-e4",
			rule: "turn order", message: "e2-e3 does not start on the game pin, which stands on d2"},
	})
}

// farGamePin has the game pin on d4, out of reach of White's pins.
const farGamePin = `
..BBB..
..B.B..
.......
...G...
.......
..W.W..
..WWW..`

// lonePin has one White pin, c2, next to the game pin on d3.
const lonePin = `
..BBB..
..B.B..
.......
.......
...G...
..W....
W.....W`

func TestGamePinRule(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "game pin not next to any own pin", diagram: farGamePin, ply: "213:c2-a2:d4-d5:e2-e5",
			rule: "game pin rule", message: "the game pin on d4 is not next to any of your pins, so it cannot move (game pin rule)"},
		{name: "game pin next to the opponent's pins only", toMove: 1, diagram: startDiagram, ply: "213:c6-c4:d2-d3:e6-e3",
			rule: "game pin rule", message: "the game pin on d2 is not next to any of your pins"},
		{name: "a first step next to the game pin frees it", diagram: farGamePin, ply: "113:c2-c3:d4-d5:e2-e5"},
		{name: "a diagonal neighbour is next to the game pin", diagram: lonePin, ply: "213:g1-g3:d3-e4:a1-a4"},
		{name: "moving the only neighbour away locks the game pin", diagram: lonePin, ply: "213:c2-a2:d3-d4:g1-g4",
			rule: "game pin rule", message: "the game pin on d3 is not next to any of your pins"},
	})
}

// cornered has White's pins in the corners a1 and g1, boxed in by Black,
// and the game pin on a3 blocking a1's way up.
const cornered = `
.......
.......
.......
.......
G......
.B...BB
WB...BW`

// boxedGamePin has the game pin in the a1 corner next to White's a2, with
// Black's pins closing its other ways.
const boxedGamePin = `
......W
.......
.......
.......
.......
WB.....
GB.....`

// gamePinOnA2 has the game pin on a2, next to White's a1, and blocking its
// way up.
const gamePinOnA2 = `
.......
.......
.......
.......
.......
GB...BB
WB...BW`

// middlePins has White's pins two squares from every edge, so that none can
// ever move 6.
const middlePins = `
.......
.......
..B.B..
...G...
..W.W..
.......
.......`

var faces6 = rules.Options{"faces": "6"}

func TestSkippedSteps(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "first step skipped: no pin can move that far", diagram: gamePinOnA2, ply: "323:-:a2-c4:a1-a4"},
		{name: "game pin step skipped: no own pin next to it", diagram: `
			..G....
			.......
			.....W.
			.......
			....W..
			.......
			B.....B`, ply: "121:f5-e6:-:e6-d7"},
		{name: "game pin step skipped: it is boxed in", diagram: boxedGamePin, ply: "131:g7-g6:-:g6-g5"},
		{name: "second step skipped: no pin can move that far", opts: faces6, diagram: middlePins, ply: "116:c3-c2:d4-d5:-"},
		{name: "first step skipped, then the other two", opts: faces6, diagram: middlePins, ply: "611:-:d4-d5:c3-c2"},
		{name: "all three steps skipped", diagram: cornered, ply: "313:-:-:-"},
		{name: "a boxed game pin still may not jump", diagram: boxedGamePin, ply: "131:g7-g6:a1-a4:g6-g5",
			rule: "no jumping", message: "a1-a4 passes over a2"},
		{name: "skipping a first step that can be played", diagram: startDiagram, ply: "213:-:d2-d3:e2-e5",
			rule: "obligation to play", message: "the first movement step is skipped, but c1-a3 can be played, and a step that can be played must be played (obligation to play)"},
		{name: "skipping a game pin step that can be played", diagram: lonePin, ply: "213:c2-c4:-:g1-g4",
			rule: "obligation to play", message: "the game pin step is skipped, but d3-"},
		{name: "skipping a second step that can be played", diagram: startDiagram, ply: "213:c2-c4:d2-d3:-",
			rule: "obligation to play", message: "the second movement step is skipped, but"},
	})
}

func TestObligationToPlay(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "the die order that plays all three steps", diagram: cornered, ply: "113:a1-a2:a3-b4:a2-a5"},
		{name: "a die order that skips a step is refused when the other plays more", diagram: cornered, ply: "311:-:-:a1-a2",
			rule: "obligation to play", message: "311:-:-:a1-a2 plays 1 of the 3 steps, but 113:a1-a2:"},
		{name: "the same with the roll set", diagram: cornered, roll: []int{3, 1, 1}, ply: "311:-:-:a1-a2",
			rule: "obligation to play", message: "a turn must play as many steps as the roll allows (obligation to play)"},
		{name: "a game pin move that strands the second step is refused", diagram: gamePinOnA2, ply: "323:-:a2-a4:-",
			rule: "obligation to play", message: "323:-:a2-a4:- plays 1 of the 3 steps, but 323:-:a2-c4:a1-a4 plays 2"},
		{name: "a first step that strands the game pin is refused", diagram: lonePin, ply: "213:c2-a2:-:g1-g4",
			rule: "obligation to play", message: "plays 2 of the 3 steps, but 213:"},
		{name: "both die orders may skip when neither plays more", opts: faces6, diagram: middlePins, roll: []int{6, 1, 1}, ply: "611:-:d4-d5:c3-c2"},
	})
}

// whiteOneOff is the setup without White's d1, which is off the board.
const whiteOneOff = `
..BBB..
..B.B..
.......
.......
.......
..WGW..
..W.W..`

// blackThreeOff has only two Black pins left.
const blackThreeOff = `
..B.B..
.......
.......
.......
.......
..WGW..
..WWW..`

// blackOneOff is the setup with Black's d7 off the board.
const blackOneOff = `
..B.B..
..B.B..
.......
.......
.......
..WGW..
..WWW..`

func TestDoubles(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "doubles remove an opponent pin", diagram: startDiagram, ply: "113:xd7"},
		{name: "doubles re-enter an own pin on the base line", diagram: whiteOneOff, ply: "223:+d1"},
		{name: "re-entry on any empty base-line square", diagram: whiteOneOff, ply: "223:+a1"},
		{name: "Black re-enters on rank 7", toMove: 1, diagram: blackOneOff, ply: "331:+g7"},
		{name: "doubles may be declined for the three steps", diagram: startDiagram, roll: []int{1, 1, 3}, ply: "131:c2-c3:d2-d5:e2-e3"},
		{name: "removal with the roll set", diagram: startDiagram, roll: []int{2, 2, 1}, ply: "221:xc6"},
		{name: "removal limit: 3 opponent pins off", diagram: blackThreeOff, ply: "113:xc7",
			rule: "doubles rule", message: "Black already has 3 pins off the board, so no more of them may be removed (doubles rule)"},
		{name: "removal of an own pin", diagram: startDiagram, ply: "113:xc2",
			rule: "doubles rule", message: "there is no Black pin on c2 to remove: a White pin stands there (doubles rule)"},
		{name: "removal of the game pin", diagram: startDiagram, ply: "113:xd2",
			rule: "doubles rule", message: "there is no Black pin on d2 to remove: the game pin stands there"},
		{name: "removal from an empty square", diagram: startDiagram, ply: "113:xd4",
			rule: "doubles rule", message: "there is no Black pin on d4 to remove: d4 is empty"},
		{name: "re-entry with no pin off", diagram: startDiagram, ply: "113:+a1",
			rule: "doubles rule", message: "White has no pins off the board to put back (doubles rule)"},
		{name: "re-entry off the base line", diagram: whiteOneOff, ply: "113:+d3",
			rule: "doubles rule", message: "d3 is not on White's base line: a pin goes back on an empty square of rank 1"},
		{name: "re-entry on a taken square", diagram: whiteOneOff, ply: "113:+c1",
			rule: "doubles rule", message: "c1 is not empty: a White pin stands there"},
		{name: "Black re-enters on its own base line only", toMove: 1, diagram: blackOneOff, ply: "331:+a1",
			rule: "doubles rule", message: "a1 is not on Black's base line: a pin goes back on an empty square of rank 7"},
		{name: "a doubles choice needs doubles", diagram: startDiagram, ply: "123:xd7",
			rule: "doubles rule", message: "123:xd7 is a doubles choice, but the movement dice show 1 and 2"},
		{name: "a doubles choice writes the movement dice first", diagram: startDiagram, ply: "131:xd7",
			rule: "doubles rule", message: "did you mean 113:xd7?"},
		{name: "no doubles choice on a roll without doubles", diagram: startDiagram, roll: []int{1, 2, 3}, ply: "113:xd7",
			rule: "roll rule", message: "the roll is movement dice 1 and 2, game die 3, but 113:xd7 uses movement dice 1 and 1, game die 3 (roll rule)"},
	})
}

func TestDoublesChangeThePinsOff(t *testing.T) {
	g := setUp(t, nil, 0, startDiagram)
	play(t, g, "113:xd7")
	if g.Off(1) != 1 || g.Off(0) != 0 {
		t.Fatalf("after a removal: off %d/%d, want 0/1", g.Off(0), g.Off(1))
	}
	if _, ok := g.PinAt(sq(t, "d7")); ok {
		t.Fatal("d7 still holds a pin after its removal")
	}
	play(t, g, "221:+d7")
	if g.Off(1) != 0 {
		t.Fatalf("after Black's re-entry: Black has %d off, want 0", g.Off(1))
	}
	if s, ok := g.PinAt(sq(t, "d7")); !ok || s != 1 {
		t.Fatal("d7 does not hold the re-entered Black pin")
	}
}

// winDiagram lets White end with the game pin on d7 beside its pin on e7.
const winDiagram = `
.......
...G...
....W..
.......
....W..
.......
B.....B`

func TestWin(t *testing.T) {
	tests := []struct {
		name    string
		toMove  rules.Seat
		diagram string
		plies   []string
		winner  int // seat number, 0 when the game goes on
		detail  string
		// shape is the seat number whose pins stand in the winning shape
		// although the game goes on; 0 for none.
		shape int
	}{
		{name: "game pin beside an own pin on the opponent's base line after three steps",
			diagram: winDiagram, plies: []string{"112:e3-e4:d6-d7:e5-e7"}, winner: 1, detail: "game pin d7 beside e7"},
		{name: "not won yet because a step was impossible", diagram: `
			..G....
			.......
			.....W.
			.......
			....W..
			.......
			B.....B`, plies: []string{"121:f5-e6:-:e6-d7"}, shape: 1},
		{name: "one above the other is not side by side",
			diagram: winDiagram, plies: []string{"111:e3-e4:d6-d7:e5-d6"}},
		{name: "Black wins on rank 1", toMove: 1, diagram: `
			B.....W
			......W
			.......
			.......
			...B...
			....G..
			.......`, plies: []string{"112:a7-a6:e2-e1:d3-d1"}, winner: 2, detail: "game pin e1 beside d1"},
		{name: "only the mover's win counts", diagram: `
			.......
			.......
			.......
			.......
			....W..
			...GW..
			..B...B`, plies: []string{"111:e3-f4:d2-d1:e2-f2"}, shape: 2},
		{name: "a doubles turn never wins", diagram: `
			...GW..
			..B....
			.B.....
			.......
			.......
			.......
			W.....B`, plies: []string{"113:xc6"}, shape: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := setUp(t, nil, tc.toMove, tc.diagram)
			play(t, g, tc.plies...)
			o := g.Outcome()
			if tc.winner == 0 {
				if o.Over {
					t.Fatalf("the game ended: %+v", o)
				}
				for s := range rules.Seat(2) {
					if _, ok := g.pos.win(s); ok != (tc.shape == s.Number()) {
						t.Errorf("%s has the winning shape: %v, want %v", g.SeatName(s), ok, !ok)
					}
				}
				return
			}
			want := rules.Seat(tc.winner - 1)
			if !o.Over || !o.Won(want) || len(o.Winners) != 1 || o.Reason != rules.BaseLine || englishMsg(o.Detail) != tc.detail {
				t.Fatalf("outcome %+v, want %s to win with %q", o, g.SeatName(want), tc.detail)
			}
			if len(g.Legal()) != 0 {
				t.Error("Legal lists plies after the end")
			}
			if err := g.SetRoll([]int{1, 1, 1}); err == nil {
				t.Error("SetRoll works after the end")
			}
			if err := rules.PlayToken(g, "111:-:-:-"); ruleOf(t, err) != "game over" {
				t.Errorf("a ply after the end: %v, want the game over rule", err)
			}
		})
	}
}
