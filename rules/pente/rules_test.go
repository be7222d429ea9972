package pente

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"pbem/i18n"
	"pbem/internal/sharedtest"
	"pbem/rules"
)

func TestOpeningRules(t *testing.T) {
	tests := []struct {
		name    string
		opts    rules.Options
		plies   []string // played before the ply under test
		ply     string
		rule    string // "" when legal
		message string // part of the message, when refused
	}{
		{"first stone on the centre", nil, nil, "K10", "", ""},
		{"first stone elsewhere is refused", nil, nil, "L10", "first stone on the centre", "White's first stone must be on K10"},
		{"tournament rule refuses H9", nil, []string{"K10", "L9"}, "H9",
			"tournament rule", "H9 is inside the central 5x5 square: White's second stone must be at least 3 points from K10 (tournament rule)"},
		{"tournament rule refuses the square's corner M12", nil, []string{"K10", "L9"}, "M12", "tournament rule", "M12 is inside"},
		{"tournament rule allows 3 points out in a column", nil, []string{"K10", "L9"}, "K13", "", ""},
		{"tournament rule allows 3 points out in a row", nil, []string{"K10", "L9"}, "G10", "", ""},
		{"tournament rule allows a far corner", nil, []string{"K10", "L9"}, "O6", "", ""},
		{"tournament rule is only for ply 3", nil, []string{"K10", "L9", "O6"}, "K11", "", ""},
		{"tournament=off allows the centre square", rules.Options{"tournament": "off"}, []string{"K10", "L9"}, "H9", "", ""},
		{"gomoku has no tournament rule", rules.Options{"variant": "gomoku"}, []string{"K10", "L9"}, "K11", "", ""},
		{"g-pente bars K13", rules.Options{"variant": "g-pente"}, []string{"K10", "L9"}, "K13", "G-Pente opening rule", "K13 is barred"},
		{"g-pente bars O10", rules.Options{"variant": "g-pente"}, []string{"K10", "L9"}, "O10", "G-Pente opening rule", ""},
		{"g-pente keeps the tournament rule", rules.Options{"variant": "g-pente"}, []string{"K10", "L9"}, "J9", "tournament rule", ""},
		{"g-pente allows a diagonal 3 out", rules.Options{"variant": "g-pente"}, []string{"K10", "L9"}, "N13", "", ""},
		{"g-pente allows P10, 5 out", rules.Options{"variant": "g-pente"}, []string{"K10", "L9"}, "P10", "", ""},
		{"occupied point is refused", nil, []string{"K10"}, "K10", "occupied point", "K10 is taken: a White stone stands there"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Kind.NewGame(tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			play(t, g, tc.plies...)
			err = rules.PlayToken(g, tc.ply)
			if got := ruleOf(t, err); got != tc.rule {
				t.Fatalf("%s: rule %q (err %v), want %q", tc.ply, got, err, tc.rule)
			}
			if err != nil {
				if !strings.Contains(i18n.Error(i18n.English, err), tc.message) {
					t.Errorf("message %q does not contain %q", err, tc.message)
				}
				if g.Plies() != len(tc.plies) {
					t.Errorf("refused ply changed the game: %d plies, want %d", g.Plies(), len(tc.plies))
				}
			}
		})
	}
}

func TestCaptures(t *testing.T) {
	tests := []struct {
		name         string
		variant      string
		white, black string
		ply          string // White plays it
		wantWhite    string // White's stones after
		wantBlack    string
		captured     int // stones White has captured after
	}{
		{"pair captured to the east", "pente", "K10", "L10 M10", "N10", "K10 N10", "", 2},
		{"pair captured to the west", "pente", "K10", "J10 H10", "G10", "G10 K10", "", 2},
		{"pair captured to the north", "pente", "K10", "K11 K12", "K13", "K10 K13", "", 2},
		{"pair captured to the south", "pente", "K10", "K9 K8", "K7", "K7 K10", "", 2},
		{"pair captured to the north-east", "pente", "K10", "L11 M12", "N13", "K10 N13", "", 2},
		{"pair captured to the south-west", "pente", "K10", "J9 H8", "G7", "G7 K10", "", 2},
		{"pair captured to the north-west", "pente", "K10", "J11 H12", "G13", "K10 G13", "", 2},
		{"pair captured to the south-east", "pente", "K10", "L9 M8", "N7", "N7 K10", "", 2},
		{"two pairs at once", "pente", "K10 N13", "L10 M10 N11 N12", "N10",
			"K10 N10 N13", "", 4},
		{"three pairs at once", "pente", "K10 Q10 N13", "L10 M10 O10 P10 N11 N12", "N10",
			"K10 N10 Q10 N13", "", 6},
		{"one enclosed stone is safe", "pente", "K10", "L10", "M10", "K10 M10", "L10", 0},
		{"three enclosed stones are safe in Pente", "pente", "K10", "L10 M10 N10", "O10", "K10 O10", "L10 M10 N10", 0},
		{"a gap is not a capture", "pente", "K10", "L10 N10", "O10", "K10 O10", "L10 N10", 0},
		{"capture at the board's corner", "pente", "A1", "B2 C3", "D4", "A1 D4", "", 2},
		{"capture along the bottom edge", "pente", "A1", "B1 C1", "D1", "A1 D1", "", 2},
		{"capture along the top edge", "pente", "T19", "S19 R19", "Q19", "Q19 T19", "", 2},
		{"no capture across the board's side", "pente", "B11", "S10 T10", "R10", "R10 B11", "S10 T10", 0},
		{"keryo captures three", "keryo", "K10", "L10 M10 N10", "O10", "K10 O10", "", 3},
		{"keryo captures two", "keryo", "K10", "L10 M10", "N10", "K10 N10", "", 2},
		{"keryo does not capture four", "keryo", "K10", "L10 M10 N10 O10", "P10", "K10 P10", "L10 M10 N10 O10", 0},
		{"keryo two and three at once", "keryo", "K10 N13", "L10 M10 N11 N12", "N10", "K10 N10 N13", "", 4},
		{"gomoku has no captures", "gomoku", "K10", "L10 M10", "N10", "K10 N10", "L10 M10", 0},
		{"boat-pente captures as Pente", "boat", "K10", "L10 M10", "N10", "K10 N10", "", 2},
		{"g-pente captures as Pente", "g-pente", "K10", "L10 M10", "N10", "K10 N10", "", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, tc.variant, 20, tc.white, tc.black)
			play(t, g, tc.ply)
			if got := stones(g, 0); got != sortPoints(tc.wantWhite) {
				t.Errorf("White: %s, want %s", got, sortPoints(tc.wantWhite))
			}
			if got := stones(g, 1); got != sortPoints(tc.wantBlack) {
				t.Errorf("Black: %s, want %s", got, sortPoints(tc.wantBlack))
			}
			if got := g.Captured(0); got != tc.captured {
				t.Errorf("White captured %d stones, want %d", got, tc.captured)
			}
		})
	}
}

// sortPoints orders a list of points as stones() does.
func sortPoints(list string) string {
	var ps []Point
	for _, s := range strings.Fields(list) {
		p, _ := ParsePoint(0, s)
		ps = append(ps, p)
	}
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if ps[j] < ps[i] {
				ps[i], ps[j] = ps[j], ps[i]
			}
		}
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return strings.Join(out, " ")
}

func TestSafeInsertionIntoASandwich(t *testing.T) {
	// White plays into X . O X: it makes X O O X itself, which is safe in Pente.
	g := position(t, "pente", 20, "M10", "K10 N10")
	play(t, g, "L10")
	if got := stones(g, 0); got != "L10 M10" {
		t.Errorf("White after moving into the sandwich: %s, want L10 M10", got)
	}
	if g.Captured(1) != 0 {
		t.Errorf("Black credited with %d stones", g.Captured(1))
	}
	// Captured points may be played again.
	g = position(t, "pente", 20, "K10", "L10 M10")
	play(t, g, "N10", "L10")
	if got := stones(g, 1); got != "L10" {
		t.Errorf("Black after replaying a freed point: %s, want L10", got)
	}
}

func TestWins(t *testing.T) {
	tests := []struct {
		name         string
		variant      string
		white, black string
		whiteCapt    int
		ply          string // White plays it
		over         bool
		reason       rules.Reason
		detail       string
	}{
		{"five in a row wins", "pente", "K10 L10 M10 N10", "A1", 0, "O10", true, rules.FiveInRow, "K10 to O10"},
		{"five on a diagonal wins", "pente", "B2 C3 D4 E5", "A19", 0, "F6", true, rules.FiveInRow, "B2 to F6"},
		{"five completed in the middle", "pente", "K10 L10 N10 O10", "A1", 0, "M10", true, rules.FiveInRow, "K10 to O10"},
		{"four is not five", "pente", "K10 L10 M10", "A1", 0, "N10", false, rules.Ongoing, ""},
		{"overline wins in Pente", "pente", "K10 L10 M10 O10 P10", "A1", 0, "N10", true, rules.FiveInRow, "K10 to P10"},
		{"overline does not win in Gomoku", "gomoku", "K10 L10 M10 O10 P10", "A1", 0, "N10", false, rules.Ongoing, ""},
		{"exactly five wins in Gomoku", "gomoku", "K10 L10 M10 N10", "A1", 0, "O10", true, rules.FiveInRow, "K10 to O10"},
		{"five at the board's edge", "pente", "A15 A16 A17 A18", "C1", 0, "A19", true, rules.FiveInRow, "A15 to A19"},
		{"fifth pair wins", "pente", "K10", "L10 M10", 8, "N10", true, rules.Captures, "5 pairs"},
		{"fourth pair does not win", "pente", "K10", "L10 M10", 6, "N10", false, rules.Ongoing, ""},
		{"keryo needs 15 stones", "keryo", "K10", "L10 M10", 10, "N10", false, rules.Ongoing, ""},
		{"keryo wins at 15 stones", "keryo", "K10", "L10 M10 N10", 12, "O10", true, rules.Captures, "15 stones"},
		{"capture and five on one ply", "pente", "K10 L10 M10 N10 O13", "O11 O12", 8, "O10", true, rules.Captures, "5 pairs"},
		{"capture that completes a five", "pente", "K10 L10 M10 N10 R10", "P10 Q10", 0, "O10", true, rules.FiveInRow, "K10 to O10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, tc.variant, 20, tc.white, tc.black)
			g.captured[0] = tc.whiteCapt
			play(t, g, tc.ply)
			o := g.Outcome()
			if o.Over != tc.over || o.Reason != tc.reason || englishMsg(o.Detail) != tc.detail {
				t.Fatalf("outcome %+v, want over=%v reason=%q detail=%q", o, tc.over, tc.reason, tc.detail)
			}
			if o.Over && (!o.Won(0) || len(o.Winners) != 1) {
				t.Errorf("winners %v, want White alone", o.Winners)
			}
		})
	}
}

func TestNothingAfterAWin(t *testing.T) {
	g := position(t, "pente", 20, "K10 L10 M10 N10", "A1")
	play(t, g, "O10")
	err := rules.PlayToken(g, "B2")
	if ruleOf(t, err) != "game over" {
		t.Fatalf("ply after the win: %v, want game over", err)
	}
	if !strings.Contains(i18n.Error(i18n.English, err), "White won by five in a row (K10 to O10)") {
		t.Errorf("message %q does not say who won and how", err)
	}
	if len(g.Legal()) != 0 {
		t.Errorf("Legal after the win lists %d plies", len(g.Legal()))
	}
}

func TestFullBoardIsADraw(t *testing.T) {
	// Fill the board in Gomoku with a pattern that has no five (columns
	// alternate in pairs, rows shift by one), leaving A1 for White's last
	// stone.
	var whites, blacks []string
	for p := range Point(N) {
		if p == 0 {
			continue
		}
		if (p.File()/2+p.Rank())%2 == 0 {
			whites = append(whites, p.String())
		} else {
			blacks = append(blacks, p.String())
		}
	}
	g := position(t, "gomoku", 360, strings.Join(whites, " "), strings.Join(blacks, " "))
	for p := range Point(N) {
		if g.board[p] != empty {
			if _, _, ok := g.fiveThrough(p, g.board[p]); ok {
				t.Fatalf("the fill pattern has a five through %s", p)
			}
		}
	}
	play(t, g, "A1")
	if o := g.Outcome(); !o.Draw() || o.Reason != rules.FullBoard {
		t.Fatalf("outcome %+v, want a full-board draw", o)
	}
	if o := g.Outcome(); o.Result(2) != "1/2-1/2" {
		t.Errorf("result %s, want 1/2-1/2", o.Result(2))
	}
}

func TestBoatPente(t *testing.T) {
	// White's five K10-O10 can be broken: with White K9 under K10 and
	// Black K8 under that, Black K11 captures K10 K9.
	breakable := func(t *testing.T) *Game {
		return position(t, "boat", 20, "K10 L10 M10 N10 K9", "K8 A1 A2")
	}
	t.Run("breakable five does not win yet", func(t *testing.T) {
		g := breakable(t)
		play(t, g, "O10")
		if g.Outcome().Over {
			t.Fatalf("breakable five ended the game: %+v", g.Outcome())
		}
		if !strings.Contains(english(g.Board()), "White has five; it wins unless this ply breaks it") {
			t.Errorf("board does not warn of the standing five:\n%s", english(g.Board()))
		}
	})
	t.Run("reply that breaks the five goes on", func(t *testing.T) {
		g := breakable(t)
		play(t, g, "O10", "K11")
		if g.Outcome().Over {
			t.Fatalf("game ended after the five was broken: %+v", g.Outcome())
		}
		if got := stones(g, 0); strings.Contains(got, "K10") {
			t.Errorf("K10 still White after the capture: %s", got)
		}
	})
	t.Run("reply that does not break the five loses", func(t *testing.T) {
		g := breakable(t)
		play(t, g, "O10", "B5")
		o := g.Outcome()
		if !o.Over || !o.Won(0) || o.Reason != rules.FiveInRow || englishMsg(o.Detail) != "K10 to O10, not broken" {
			t.Fatalf("outcome %+v, want White's five to win", o)
		}
	})
	t.Run("unbreakable five wins at once", func(t *testing.T) {
		g := position(t, "boat", 20, "K10 L10 M10 N10", "A1 A2")
		play(t, g, "O10")
		if o := g.Outcome(); !o.Over || !o.Won(0) {
			t.Fatalf("outcome %+v, want White to win at once", o)
		}
	})
	t.Run("capture that leaves a five standing does not break it", func(t *testing.T) {
		// O10 makes the six K10-P10. Black P12 could take P11 P10
		// (enclosed by P9), but K10-O10 would still stand.
		g := position(t, "boat", 20, "K10 L10 M10 N10 P10 P11", "P9 A1")
		play(t, g, "O10")
		if o := g.Outcome(); !o.Over || !o.Won(0) {
			t.Fatalf("outcome %+v, want White to win: no capture breaks every five", o)
		}
	})
}

func TestPoofPente(t *testing.T) {
	t.Run("a stone that completes X O O X poofs its own pair", func(t *testing.T) {
		g := position(t, "poof", 20, "M10", "K10 N10")
		play(t, g, "L10")
		if got := stones(g, 0); got != "" {
			t.Errorf("White after the poof: %q, want none", got)
		}
		if g.Captured(1) != 2 {
			t.Errorf("Black credited with %d stones, want 2", g.Captured(1))
		}
	})
	t.Run("capture and poof on one ply", func(t *testing.T) {
		// White L10 captures M11 N12 (enclosed by O13) and poofs its own
		// L10 M10 between Black's K10 and N10.
		g := position(t, "poof", 20, "M10 O13", "K10 N10 M11 N12")
		play(t, g, "L10")
		if g.Captured(0) != 2 || g.Captured(1) != 2 {
			t.Errorf("captured White %d Black %d, want 2 and 2", g.Captured(0), g.Captured(1))
		}
		if got := stones(g, 0); got != "O13" {
			t.Errorf("White after: %q, want O13", got)
		}
	})
	t.Run("a poof can win the game for the opponent", func(t *testing.T) {
		g := position(t, "poof", 20, "M10", "K10 N10")
		g.captured[1] = 8
		play(t, g, "L10")
		if o := g.Outcome(); !o.Over || !o.Won(1) || o.Reason != rules.Captures {
			t.Fatalf("outcome %+v, want Black to win by captures", o)
		}
	})
	t.Run("a capture win needs more than the opponent", func(t *testing.T) {
		// The capture brings White to 10 and the poof Black to 10: a tie.
		g := position(t, "poof", 20, "M10 O13", "K10 N10 M11 N12")
		g.captured[0], g.captured[1] = 8, 8
		play(t, g, "L10")
		if o := g.Outcome(); o.Over {
			t.Fatalf("outcome %+v, want play to go on (10 against 10)", o)
		}
	})
	t.Run("pente does not poof", func(t *testing.T) {
		g := position(t, "pente", 20, "M10", "K10 N10")
		play(t, g, "L10")
		if got := stones(g, 0); got != "L10 M10" {
			t.Errorf("White: %q, want L10 M10", got)
		}
	})
}

func TestLegalMatchesPlay(t *testing.T) {
	for _, opts := range []rules.Options{nil, {"variant": "g-pente"}, {"tournament": "off"}} {
		g, _ := Kind.NewGame(opts)
		for _, seq := range [][]string{nil, {"K10"}, {"K10", "L9"}, {"K10", "L9", "O6", "K11"}} {
			h := g.Clone()
			play(t, h, seq...)
			legal := map[string]bool{}
			for _, p := range h.Legal() {
				legal[p.String()] = true
			}
			for p := range Point(N) {
				err := h.Clone().Play(p)
				if (err == nil) != legal[p.String()] {
					t.Errorf("%v after %v: %s legal=%v but Play says %v", opts, seq, p, legal[p.String()], err)
				}
			}
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g, _ := Kind.NewGame(rules.Options{"tournament": "off"})
	play(t, g, "K10", "L10", "M10")
	c := g.Clone()
	play(t, c, "N10", "K11")
	play(t, g, "A1")
	if g.Plies() != 4 || c.Plies() != 5 {
		t.Fatalf("plies %d and %d, want 4 and 5", g.Plies(), c.Plies())
	}
	if g.History()[3].String() != "A1" || c.History()[3].String() != "N10" {
		t.Errorf("histories share storage: %v / %v", g.History(), c.History())
	}
	if g.(*Game).Stone(At(12, 9)) != -1 {
		t.Errorf("N10 appeared in the original")
	}
}

func TestParsePoint(t *testing.T) {
	tests := []struct {
		in, want, msg string
	}{
		{"K10", "K10", ""},
		{"k10", "K10", ""},
		{" a1 ", "A1", ""},
		{"T19", "T19", ""},
		{"I10", "", "I10: there is no I column; did you mean H10 or J10?"},
		{"K20", "", "K20: there is no row 20; rows run from 1 to 19; did you mean K19?"},
		{"K0", "", "K0: there is no row 0; rows run from 1 to 19; did you mean K1?"},
		{"U5", "", "U5: there is no U column; columns run from A to T without I; did you mean T5?"},
		{"10K", "", "10K is not a point: the column letter comes first; did you mean K10?"},
		{"", "", "the ply is empty"},
		{"K", "", "K is not a point"},
		{"K-1", "", "K-1 is not a point"},
		{"b1-c2", "", "b1-c2 is not a point"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			p, err := ParsePoint(7, tc.in)
			if tc.msg == "" {
				if err != nil || p.String() != tc.want {
					t.Fatalf("ParsePoint(%q) = %v, %v; want %s", tc.in, p, err, tc.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("ParsePoint(%q) = %v, want an error", tc.in, p)
			}
			if !strings.HasPrefix(i18n.Error(i18n.English, err), "ply 7: "+tc.msg) {
				t.Errorf("error %q, want it to start with %q", err, "ply 7: "+tc.msg)
			}
		})
	}
}

func TestOptions(t *testing.T) {
	if _, err := Kind.NewGame(rules.Options{"tournamnet": "off"}); err == nil ||
		!strings.Contains(i18n.Error(i18n.English, err), `Pente has no option "tournamnet"; did you mean tournament?`) {
		t.Errorf("misspelt option: %v", err)
	}
	if _, err := Kind.NewGame(rules.Options{"variant": "renju"}); err == nil ||
		!strings.Contains(i18n.Error(i18n.English, err), "variant=renju: the value must be pente, keryo, gomoku, g-pente, boat or poof") {
		t.Errorf("unknown variant: %v", err)
	}
}

func TestBoardRendering(t *testing.T) {
	g, _ := Kind.NewGame(rules.Options{"tournament": "off"})
	play(t, g, "K10", "L10", "A1", "M10", "N10")
	board := english(g.Board())
	for i, line := range strings.Split(strings.TrimSuffix(board, "\n"), "\n") {
		if len(line) > 72 {
			t.Errorf("line %d is %d columns: %q", i+1, len(line), line)
		}
		if strings.TrimRight(line, " ") != line {
			t.Errorf("line %d has trailing spaces: %q", i+1, line)
		}
	}
	for _, want := range []string{
		"     A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T\n",
		" 10  .  .  .  .  .  .  .  .  .  O  .  . (O) .  .  .  .  .  .  10\n",
		"  1  O  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  1\n",
		"O White  captured 1 of 5 pairs (2 stones)\n",
		"X Black  captured 0 of 5 pairs (0 stones)\n",
		"Last: ply 5, White N10, took off L10 M10\n",
		"Black to play, ply 6.\n",
	} {
		if !strings.Contains(board, want) {
			t.Errorf("board lacks %q:\n%s", want, board)
		}
	}
	empty, _ := Kind.NewGame(nil)
	if !strings.Contains(english(empty.Board()), " 10  .  .  .  .  .  .  .  .  .  +  .") {
		t.Errorf("empty board does not mark the centre:\n%s", english(empty.Board()))
	}
}

func TestHint(t *testing.T) {
	tests := []struct {
		opts  rules.Options
		plies []string
		want  string
	}{
		{nil, nil, "K10 only: White's first stone goes on the centre"},
		{nil, []string{"K10", "L9"}, "outside H8-M12 (tournament rule)"},
		{rules.Options{"variant": "g-pente"}, []string{"K10", "L9"}, "(G-Pente opening rule)"},
		{rules.Options{"tournament": "off"}, []string{"K10", "L9"}, "any empty point (359 of them)"},
		{nil, []string{"K10", "L9", "O6"}, "any empty point (358 of them)"},
	}
	for _, tc := range tests {
		g, _ := Kind.NewGame(tc.opts)
		play(t, g, tc.plies...)
		if got := englishMsg(g.(*Game).Hint()); !strings.Contains(got, tc.want) {
			t.Errorf("%v after %v: Hint %q, want it to contain %q", tc.opts, tc.plies, got, tc.want)
		}
	}
}

// TestLastTaken checks the stones a ply took off, with whose they were:
// the opponent's captured pairs and Keryo triples, and the mover's own
// poofed stones.
func TestLastTaken(t *testing.T) {
	// w and b are White's and Black's stones taken.
	w := func(at string) rules.Piece { return rules.Piece{Seat: 0, At: at} }
	b := func(at string) rules.Piece { return rules.Piece{Seat: 1, At: at} }
	tests := []struct {
		name         string
		variant      string
		played       int // plies before: even for White to move
		white, black string
		ply          string
		want         []rules.Piece
	}{
		{"a pair", "pente", 20, "K10", "L10 M10", "N10", []rules.Piece{b("L10"), b("M10")}},
		{"Black takes a pair", "pente", 21, "L10 M10", "K10", "N10", []rules.Piece{w("L10"), w("M10")}},
		{"two pairs, in point order", "pente", 20, "K10 N13", "L10 M10 N11 N12", "N10",
			[]rules.Piece{b("L10"), b("M10"), b("N11"), b("N12")}},
		{"a Keryo triple", "keryo", 20, "K10", "L10 M10 N10", "O10", []rules.Piece{b("L10"), b("M10"), b("N10")}},
		{"a poof takes the mover's own", "poof", 20, "M10", "K10 N10", "L10", []rules.Piece{w("L10"), w("M10")}},
		{"a capture and a poof", "poof", 20, "M10 O13", "K10 N10 M11 N12", "L10",
			[]rules.Piece{w("L10"), w("M10"), b("M11"), b("N12")}},
		{"nothing taken", "pente", 20, "K10", "L10", "M10", nil},
		{"Gomoku takes nothing", "gomoku", 20, "K10", "L10 M10", "N10", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, tc.variant, tc.played, tc.white, tc.black)
			play(t, g, tc.ply)
			var taker rules.Taker = g
			if got := taker.LastTaken(); !slices.Equal(got, tc.want) {
				t.Errorf("LastTaken() = %v, want %v", got, tc.want)
			}
			// A quiet reply takes nothing: the list is the last ply's only.
			play(t, g, "A19")
			if got := g.LastTaken(); len(got) != 0 {
				t.Errorf("after a quiet A19: LastTaken() = %v, want none", got)
			}
		})
	}
	g, _ := Kind.NewGame(nil)
	if got := g.(rules.Taker).LastTaken(); got != nil {
		t.Errorf("LastTaken() before any ply = %v, want none", got)
	}
}

// TestPlainPointAgrees reads tokens of letters and digits both ways: the
// quick path gives what the full reading gives wherever it answers.
func TestPlainPointAgrees(t *testing.T) {
	chars := "AaIiKkTtUuZz@[`{019 +"
	var toks []string
	for _, a := range chars {
		for _, b := range chars {
			toks = append(toks, string(a)+string(b))
			for _, c := range chars {
				toks = append(toks, string(a)+string(b)+string(c))
			}
		}
	}
	for f := range Size {
		for r := range Size + 2 {
			toks = append(toks, fmt.Sprintf("%c%d", files[f], r), fmt.Sprintf("%c%d", files[f]|0x20, r))
		}
	}
	quick := 0
	for _, tok := range toks {
		p, ok := plainPoint(tok)
		if !ok {
			continue
		}
		quick++
		if want, err := parsePoint(1, tok); err != nil || p != want {
			t.Errorf("%q: quick path %v, full reading %v (%v)", tok, p, want, err)
		}
	}
	if quick < 2*Size*Size {
		t.Errorf("the quick path read only %d tokens", quick)
	}
}

// TestMiddleLegalIsLegalsMiddle: at every ply of real games, under each
// opening rule, MiddleLegal names Legal's middle ply, and OnlyPass is
// false (Pente has no pass).
func TestMiddleLegalIsLegalsMiddle(t *testing.T) {
	path := sharedtest.Path(t, "data/pente-games/pente_dataset.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")[:200]
	check := func(where string, g rules.Game) {
		t.Helper()
		legal := g.Legal()
		got, ok := g.(rules.Exampler).MiddleLegal()
		switch {
		case len(legal) == 0 && ok:
			t.Errorf("%s: MiddleLegal %v, but nothing is legal", where, got)
		case len(legal) > 0 && (!ok || got != legal[len(legal)/2]):
			t.Errorf("%s: MiddleLegal %v, %v; want %v", where, got, ok, legal[len(legal)/2])
		}
		if rules.OnlyPass(g) {
			t.Errorf("%s: OnlyPass in Pente", where)
		}
	}
	for _, opts := range []rules.Options{{"tournament": "off"}, nil, {"variant": "g-pente"}} {
		for i, line := range lines {
			fields := strings.Split(strings.TrimSuffix(strings.TrimSpace(line), ";"), ";")
			g, err := Kind.NewGame(opts)
			if err != nil {
				t.Fatal(err)
			}
			check(fmt.Sprintf("%v, line %d, before ply 1", opts, i+1), g)
			for j, tok := range fields[:len(fields)-1] {
				if rules.PlayToken(g, tok) != nil {
					break // the opening rule forbids the recorded ply
				}
				check(fmt.Sprintf("%v, line %d, after ply %d", opts, i+1, j+1), g)
			}
		}
	}
}
