package dobbal

import (
	"flag"
	"os"
	"pbem/i18n"
	"slices"
	"strings"
	"testing"

	"pbem/rules"
)

var update = flag.Bool("update", false, "rewrite the golden boards in testdata/")

func TestOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    rules.Options
		toMove  rules.Seat
		gamePin string
		faces   int
		err     string
	}{
		{name: "defaults: White starts, dice 1 to 3", toMove: 0, gamePin: "d2", faces: 3},
		{name: "start=black puts the game pin in Black's opening", opts: rules.Options{"start": "black"}, toMove: 1, gamePin: "d6", faces: 3},
		{name: "faces=6", opts: rules.Options{"faces": "6"}, gamePin: "d2", faces: 6},
		{name: "faces=4 is refused", opts: rules.Options{"faces": "4"}, err: "option faces=4: the value must be 3 or 6"},
		{name: "a limit below 10 is refused", opts: rules.Options{"limit": "5"}, err: "option limit=5: the value must be a whole number from 10 to 100000"},
		{name: "an unknown option is refused", opts: rules.Options{"face": "6"}, err: `Pinuid Dobbal has no option "face"; did you mean faces?`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g0, err := Kind.NewGame(tc.opts)
			if tc.err != "" {
				if err == nil || i18n.Error(i18n.English, err) != tc.err {
					t.Fatalf("NewGame(%v) error %v, want %q", tc.opts, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*Game)
			if g.ToMove() != tc.toMove || g.GamePin().String() != tc.gamePin {
				t.Errorf("%s to move with the game pin on %s; want %s and %s", g.SeatName(g.ToMove()), g.GamePin(), g.SeatName(tc.toMove), tc.gamePin)
			}
			if n, f := g.Dice(); n != 3 || f != tc.faces {
				t.Errorf("Dice() = %d, %d; want 3, %d", n, f, tc.faces)
			}
			// The first ply moves the starting seat's pins.
			for _, p := range g.Legal()[:50] {
				from := p.(*Turn).Steps[0].From
				if s, ok := g.PinAt(from); from != None && (!ok || s != tc.toMove) {
					t.Fatalf("Legal lists %s, which does not move a %s pin first", p, g.SeatName(tc.toMove))
				}
			}
		})
	}
}

// TestNoProgressDraw plays step turns only: the game is drawn when the limit
// of plies without a removal or re-entry is reached, and a removal starts
// the count again.
func TestNoProgressDraw(t *testing.T) {
	tests := []struct {
		name     string
		removeAt int // the ply that is a removal; 0 for none
		drawAt   int
	}{
		{name: "10 plies without a removal draw at limit=10", drawAt: 10},
		{name: "a removal on ply 6 starts the count again", removeAt: 6, drawAt: 16},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g0, err := Kind.NewGame(rules.Options{"limit": "10"})
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*Game)
			for ply := 1; ply <= tc.drawAt; ply++ {
				if g.Outcome().Over {
					t.Fatalf("the game ended before ply %d: %+v", ply, g.Outcome())
				}
				var pick rules.Ply
				for _, p := range g.Legal() {
					if a := p.(*Turn).Action; a == Remove && ply == tc.removeAt || a == Move && ply != tc.removeAt {
						pick = p
						break
					}
				}
				if err := g.Play(pick); err != nil {
					t.Fatal(err)
				}
			}
			o := g.Outcome()
			if !o.Over || !o.Draw() || o.Reason != rules.NoProgress || englishMsg(o.Detail) != "10 plies without a removal or re-entry" {
				t.Fatalf("after ply %d: %+v, want a no-progress draw", tc.drawAt, o)
			}
			if o.Result(2) != "1/2-1/2" {
				t.Errorf("result %s, want 1/2-1/2", o.Result(2))
			}
			checkBoardLines(t, english(g.Board()))
		})
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := New(rules.Options{})
	if err := g.SetRoll([]int{2, 3, 1}); err != nil {
		t.Fatal(err)
	}
	c := g.Clone().(*Game)
	before := english(g.Board())
	play(t, c, "213:c2-c4:d2-d3:e2-e5", "113:xc4")
	if english(g.Board()) != before || g.Plies() != 0 || g.Off(0) != 0 {
		t.Fatal("playing on the clone changed the original")
	}
	if _, set := g.Roll(); !set {
		t.Fatal("playing on the clone cleared the original's roll")
	}
	play(t, g, "213:c1-a3:d2-d3:e2-e5")
	if c.History()[0].String() != "213:c2-c4:d2-d3:e2-e5" {
		t.Fatal("playing on the original changed the clone's history")
	}
}

func TestBoard(t *testing.T) {
	tests := []struct {
		name    string
		opts    rules.Options
		diagram string // White to play; "" for the setup
		plies   []string
		roll    []int
		golden  string
	}{
		{name: "the setup", golden: "start.txt"},
		{name: "after a turn, a removal, with a roll to play", plies: []string{"213:c2-c4:d2-d3:e2-e5", "331:xc4"}, roll: []int{1, 2, 3}, golden: "midgame.txt"},
		{name: "Black to play first", opts: rules.Options{"start": "black"}, golden: "black-starts.txt"},
		{name: "a won game", diagram: winDiagram, plies: []string{"112:e3-e4:d6-d7:e5-e7"}, golden: "won.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g0, err := Kind.NewGame(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			g := g0.(*Game)
			if tc.diagram != "" {
				g = setUp(t, tc.opts, 0, tc.diagram)
			}
			play(t, g, tc.plies...)
			if tc.roll != nil {
				if err := g.SetRoll(tc.roll); err != nil {
					t.Fatal(err)
				}
			}
			got := english(g.Board())
			checkBoardLines(t, got)
			path := "testdata/" + tc.golden
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("board differs from %s:\n%s", path, got)
			}
		})
	}
}

// checkBoardLines checks the board's width and that no line ends in spaces.
func checkBoardLines(t testing.TB, board string) {
	t.Helper()
	for _, line := range strings.Split(board, "\n") {
		if len(line) > 72 {
			t.Errorf("line is %d columns wide: %q", len(line), line)
		}
		if strings.TrimRight(line, " ") != line {
			t.Errorf("line ends in spaces: %q", line)
		}
	}
}

// TestLastTaken checks that a doubles removal reports the opponent's pin
// it took, and that steps and re-entries take nothing.
func TestLastTaken(t *testing.T) {
	tests := []struct {
		name   string
		opts   rules.Options
		tokens []string
		want   []rules.Piece
	}{
		{name: "before any ply"},
		{name: "White removes a Black pin", tokens: []string{"113:xe7"}, want: []rules.Piece{{Seat: 1, At: "e7"}}},
		{name: "a re-entry takes nothing", tokens: []string{"113:xe7", "221:+g7"}},
		{name: "steps take nothing", tokens: []string{"113:xe7", "221:+g7", "111:xd7", "312:c6-c3:d2-d3:c7-a5"}},
		{name: "Black removes a White pin", opts: rules.Options{"start": "black"}, tokens: []string{"223:xc2"},
			want: []rules.Piece{{Seat: 0, At: "c2"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Kind.NewGame(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			play(t, g, tc.tokens...)
			if got := g.(rules.Taker).LastTaken(); !slices.Equal(got, tc.want) {
				t.Errorf("LastTaken() = %v, want %v", got, tc.want)
			}
		})
	}
}
