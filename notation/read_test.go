package notation

import (
	"slices"
	"strings"
	"testing"
)

// read reads src and fails the test when any game has a problem.
func readValid(t *testing.T, src string) []*Game {
	t.Helper()
	gs := slices.Collect(Games("t.pgn", []byte(src)))
	for _, g := range gs {
		if g.Problem != nil {
			t.Fatalf("game %d: %v", g.Index, g.Problem)
		}
	}
	return gs
}

func tokens(l *Line) []string {
	var out []string
	for _, m := range l.Moves {
		out = append(out, m.Canonical()+m.Suffix)
	}
	return out
}

const five = "1. K10 A1 2. K13 A2 3. K12 A3 4. K11 A4 5. K14 1-0\n"

// TestLenientImport has one case for each thing records.md says a reader
// must accept.
func TestLenientImport(t *testing.T) {
	for _, c := range lenientCases {
		t.Run(c.name, func(t *testing.T) {
			c.check(t, readValid(t, c.src))
		})
	}
}

// lenientCases are records in the forms a reader must accept, with what
// reading each must give.
var lenientCases = []struct {
	name  string
	src   string
	check func(t *testing.T, gs []*Game)
}{
	{"an empty file holds no game", "", func(t *testing.T, gs []*Game) {
		if len(gs) != 0 {
			t.Errorf("%d games", len(gs))
		}
	}},
	{"a file of comments and hidden lines holds no game", "; nothing\n% nor here\n{none}\n", func(t *testing.T, gs []*Game) {
		if len(gs) != 0 {
			t.Errorf("%d games", len(gs))
		}
	}},
	{"CRLF line ends read as LF", strings.ReplaceAll("[Game \"Pente\"]\n[White \"a\"]\n\n"+five, "\n", "\r\n"), func(t *testing.T, gs []*Game) {
		if gs[0].Names[0] != "a" || len(gs[0].Main.Moves) != 9 || gs[0].Result != "1-0" {
			t.Errorf("read %q %d plies %q", gs[0].Names[0], len(gs[0].Main.Moves), gs[0].Result)
		}
	}},
	{"bytes outside UTF-8 are Latin-1", "[Game \"Pente\"]\n[White \"Jos\xe9\"]\n[Black \"Zo\u00eb\"]\n" + five, func(t *testing.T, gs []*Game) {
		if gs[0].Names[0] != "José" || gs[0].Names[1] != "Zoë" {
			t.Errorf("names %q", gs[0].Names)
		}
	}},
	{"several tags on a line", `[Game "Pente"] [White "a"][Black "b"]` + "\n" + five, func(t *testing.T, gs []*Game) {
		if gs[0].Names[0] != "a" || gs[0].Names[1] != "b" {
			t.Errorf("names %q", gs[0].Names)
		}
	}},
	{"escaped quote and backslash in a tag value", `[Game "Pente"][Event "the \"big\" one \\ two"]` + "\n" + five, func(t *testing.T, gs []*Game) {
		if gs[0].Event != `the "big" one \ two` {
			t.Errorf("event %q", gs[0].Event)
		}
	}},
	{"tag names with spaces, apostrophes and ?", "[Game \"Pente\"]\n[Player's Swapped? \"No\"]\n[Player 1 Rating \"1500\"]\n" + five, func(t *testing.T, gs []*Game) {
		if len(gs[0].Other) != 2 || gs[0].Other[0].Name != "Player's Swapped?" || gs[0].Other[1].Value != "1500" {
			t.Errorf("other tags %+v", gs[0].Other)
		}
	}},
	{"move numbers are optional and take any count of periods", "[Game \"Pente\"]\nK10 A1 2. K13 2... A2 3.K12 3...A3 4.. K11 A4 K14 1-0\n", func(t *testing.T, gs []*Game) {
		want := []string{"K10", "A1", "K13", "A2", "K12", "A3", "K11", "A4", "K14"}
		if got := tokens(&gs[0].Main); !slices.Equal(got, want) {
			t.Errorf("plies %q", got)
		}
	}},
	{"brace and semicolon comments are kept", "[Game \"Pente\"]\n{before} 1. K10 {after K10} A1 ; to the end\n2. K13 A2 3. K12 A3 4. K11 A4 5. K14 1-0 {trailing}\n", func(t *testing.T, gs []*Game) {
		m := gs[0].Main
		if !slices.Equal(m.Lead, []string{"before"}) || m.Moves[0].After[0].Comment != "after K10" ||
			m.Moves[1].After[0].Comment != "to the end" || m.Moves[8].After[0].Comment != "trailing" {
			t.Errorf("comments lead %q, %+v %+v %+v", m.Lead, m.Moves[0].After, m.Moves[1].After, m.Moves[8].After)
		}
	}},
	{"a % in column 1 hides its line", "[Game \"Pente\"]\n% [White \"hidden\"] Z99\n" + five, func(t *testing.T, gs []*Game) {
		if gs[0].Names[0] != "" || len(gs[0].Main.Moves) != 9 {
			t.Errorf("names %q, %d plies", gs[0].Names, len(gs[0].Main.Moves))
		}
	}},
	{"NAGs mark the ply before them", "[Game \"Pente\"]\n1. K10 $1 $14 A1 2. K13 A2 3. K12 A3 4. K11 A4 5. K14 1-0\n", func(t *testing.T, gs []*Game) {
		if !slices.Equal(gs[0].Main.Moves[0].NAGs, []string{"$1", "$14"}) {
			t.Errorf("NAGs %q", gs[0].Main.Moves[0].NAGs)
		}
	}},
	{"suffixes, attached or apart", "[Game \"Pente\"]\n1. K10! A1? 2. K13!! A2?? 3. K12!? A3?! 4. K11 ! A4 5. K14 1-0\n", func(t *testing.T, gs []*Game) {
		want := []string{"K10!", "A1?", "K13!!", "A2??", "K12!?", "A3?!", "K11!", "A4", "K14"}
		if got := tokens(&gs[0].Main); !slices.Equal(got, want) {
			t.Errorf("plies %q", got)
		}
	}},
	{"nested variations replace the ply before them and are not played", "[Game \"Pente\"]\n1. K10 A1 (1... K11 (1... L11) 2. K13) 2. K13 A2 3. K12 A3 4. K11 A4 5. K14 1-0\n", func(t *testing.T, gs []*Game) {
		a1 := gs[0].Main.Moves[1]
		v := a1.After[0].Variation
		if v == nil || !slices.Equal(tokens(v), []string{"K11", "K13"}) || v.Moves[0].After[0].Variation == nil {
			t.Fatalf("variation %+v", a1.After)
		}
		if gs[0].Outcome() != "1-0" {
			t.Errorf("the variation was played: outcome %s", gs[0].Outcome())
		}
	}},
	{"results of two seats", "[Game \"Pente\"] K10 A1 1/2-1/2\n[Game \"Pente\"] K10 *\n[Game \"Pente\"] K10 ?\n[Game \"Pente\"] K10 0-0\n[Game \"Pente\"] K10 A1 0-1\n", func(t *testing.T, gs []*Game) {
		var got []string
		for _, g := range gs {
			got = append(got, g.Result)
		}
		if want := []string{"1/2-1/2", "*", "?", "0-0", "0-1"}; !slices.Equal(got, want) {
			t.Errorf("results %q", got)
		}
	}},
	{"results of three and four seats", "[Game \"Pinuid Quatro\"]\nb2-c1 1/2-1/2-1/2-1/2\n[Game \"Pinuid Quatro\"]\n[Options \"seats=3\"]\nb2-c1 0-1-0\n", func(t *testing.T, gs []*Game) {
		if gs[0].Result != "1/2-1/2-1/2-1/2" || gs[1].Result != "0-1-0" || len(gs[1].Names) != 3 {
			t.Errorf("results %q %q, seats %d", gs[0].Result, gs[1].Result, len(gs[1].Names))
		}
	}},
	{"Resign: the side to move gave up", "[Game \"Pente\"]\n1. K10 A1 2. K13 Resign\n", func(t *testing.T, gs []*Game) {
		if gs[0].GaveUp != "Resign" || gs[0].Result != "1-0" {
			t.Errorf("gave up %q, result %q", gs[0].GaveUp, gs[0].Result)
		}
	}},
	{"Forfeit with its result", "[Game \"Pente\"]\n1. K10 A1 2. K13 forfeit 1-0\n", func(t *testing.T, gs []*Game) {
		if gs[0].GaveUp != "Forfeit" || gs[0].Result != "1-0" {
			t.Errorf("gave up %q, result %q", gs[0].GaveUp, gs[0].Result)
		}
	}},
	{"pente.org's tags", "[Game \"Keryo-Pente\"]\n[Player 1 Name \"p1\"]\n[Player 2 Name \"p2\"]\n[Rated \"N\"]\n[Date \"1/9/2014\"]\n1. K10 L9 2. L10 *\n", func(t *testing.T, gs []*Game) {
		g := gs[0]
		if g.Entry.Title != "Keryo-Pente" || g.Options["tournament"] != "off" || g.Date != "2014.01.09" ||
			!slices.Equal(g.Names, []string{"p1", "p2"}) {
			t.Errorf("game %s, options %v, date %s, names %q", g.Entry.Title, g.Options, g.Date, g.Names)
		}
	}},
	{"a PGN date stays as it is", "[Game \"Pente\"]\n[Date \"2014.01.19\"]\nK10 *\n", func(t *testing.T, gs []*Game) {
		if gs[0].Date != "2014.01.19" {
			t.Errorf("date %q", gs[0].Date)
		}
	}},
	{"Game and Variant tags", "[Game \"Pente\"]\n[Variant \"G-Pente\"]\n[Options \"tournament=off\"]\nK10 L9 K11 *\n", func(t *testing.T, gs []*Game) {
		if gs[0].Entry.Title != "G-Pente" || gs[0].Options["tournament"] != "off" {
			t.Errorf("game %s, options %v", gs[0].Entry.Title, gs[0].Options)
		}
	}},
	{"known tag names ignore case", "[game \"Pente\"]\n[white \"a\"]\nK10 *\n", func(t *testing.T, gs []*Game) {
		if gs[0].Names[0] != "a" {
			t.Errorf("names %q", gs[0].Names)
		}
	}},
	{"plies in lower case", "[Game \"Pente\"]\nk10 a1 k13 a2 k12 a3 k11 a4 k14 1-0\n", func(t *testing.T, gs []*Game) {
		if tokens(&gs[0].Main)[8] != "K14" || gs[0].Outcome() != "1-0" {
			t.Errorf("plies %q, outcome %s", tokens(&gs[0].Main), gs[0].Outcome())
		}
	}},
}

// TestProblems checks that each fault is reported at its place, with the
// ply, the token and a reason in a player's words.
func TestProblems(t *testing.T) {
	cases := []struct {
		name              string
		src               string
		line, col, ply    int
		token, reasonPart string
	}{
		{"a ply the rules refuse", "[Game \"Pente\"]\n1. K10 L9\n2. K10 *\n", 3, 4, 3, "K10", "K10 is taken"},
		{"the tournament rule", "[Game \"Pente\"]\n1. K10 L9 2. L10 *\n", 2, 14, 3, "L10", "tournament rule"},
		{"a ply that is no point", "[Game \"Pente\"]\n1. K10 I9 *\n", 2, 8, 2, "I9", "there is no I column"},
		{"a result the rules contradict", "[Game \"Pente\"]\n" + strings.Replace(five, "1-0", "0-1", 1), 2, 48, 9, "0-1", "by the rules White won by five in a row"},
		{"the Result tag and the movetext disagree", "[Game \"Pente\"]\n[Result \"0-1\"]\nK10 1-0\n", 3, 5, 1, "1-0", "the Result tag says 0-1"},
		{"Resign and a result that disagree", "[Game \"Pente\"]\nK10 Resign 0-1\n", 2, 12, 1, "0-1", "Resign means Black gave up, so the result is 1-0, not 0-1"},
		{"a result of the wrong seat count", "[Game \"Pente\"]\nK10 0-1-0\n", 2, 5, 1, "0-1-0", "not a result of a game of 2 seats"},
		{"no Game tag", "[White \"a\"]\nK10 *\n", 1, 1, 0, "", "no Game tag"},
		{"an unknown game", "[Game \"Pentee\"]\nK10 *\n", 1, 1, 0, "", `there is no game "Pentee"; did you mean pente?`},
		{"a Variant of another game", "[Game \"Pinuid Classic\"]\n[Variant \"Gomoku\"]\n*\n", 2, 1, 0, "", "Gomoku is not played as Pinuid Classic"},
		{"a bad option", "[Game \"Pente\"]\n[Options \"tournamnet=off\"]\n*\n", 2, 1, 0, "", `did you mean tournament?`},
		{"a tag given twice", "[Game \"Pente\"]\n[White \"a\"]\n[white \"b\"]\n*\n", 3, 1, 0, "", "the tag White is given twice"},
		{"a setup of its own", "[Game \"Pente\"]\n[Setup \"1\"]\n*\n", 2, 1, 0, "", "standard setup only"},
		{"a variation with no ply before it", "[Game \"Pente\"]\n(K10) K10 *\n", 2, 1, 0, "", "a variation replaces the ply before it"},
		{"a syntax error", "[Game \"Pente\"]\nK10 ) *\n", 2, 5, 0, "", "this ) closes no variation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gs := slices.Collect(Games("t.pgn", []byte(c.src)))
			if len(gs) != 1 || gs[0].Problem == nil {
				t.Fatalf("want one game with a problem, got %d games", len(gs))
			}
			p := gs[0].Problem
			if p.File != "t.pgn" || p.Line != c.line || p.Column != c.col || p.Ply != c.ply || p.Token != c.token || !strings.Contains(p.Reason, c.reasonPart) {
				t.Errorf("got %s:%d:%d ply %d %q: %s\nwant line %d column %d ply %d %q: ...%s...",
					p.File, p.Line, p.Column, p.Ply, p.Token, p.Reason, c.line, c.col, c.ply, c.token, c.reasonPart)
			}
			if lines := strings.Split(c.src, "\n"); p.Quote != strings.TrimRight(lines[c.line-1], "\r") {
				t.Errorf("quote %q, want line %d", p.Quote, c.line)
			}
		})
	}
}

// TestBadGameLeavesTheOthersReadable reads a file whose second game cannot
// be parsed: the first and third are read all the same.
func TestBadGameLeavesTheOthersReadable(t *testing.T) {
	src := "[Game \"Pente\"]\n" + five + "\n[Game \"Pente\" K10 *\n\n[Game \"Pente\"]\n" + five
	gs := slices.Collect(Games("t.pgn", []byte(src)))
	if len(gs) != 3 {
		t.Fatalf("%d games", len(gs))
	}
	if !gs[0].Valid() || gs[1].Valid() || !gs[2].Valid() {
		t.Errorf("valid: %v %v %v", gs[0].Valid(), gs[1].Valid(), gs[2].Valid())
	}
	if p := gs[1].Problem; p.Line != 4 || !strings.Contains(p.Msg, "expected ] to close the tag Game") {
		t.Errorf("problem %v", p)
	}
	if gs[2].Index != 3 {
		t.Errorf("third game numbered %d", gs[2].Index)
	}
}

// TestCommentsAfterTheResultAllKept: every comment after a game's result
// survives reading and export, in order, and the export reads back the same.
func TestCommentsAfterTheResultAllKept(t *testing.T) {
	src := "[Game \"Pente\"]\n[Tournament \"off\"]\n1. K10 L9 1-0 {first} {second}\n"
	var out string
	for g := range Games("t.pgn", []byte(src)) {
		out = string(AppendExport(nil, g))
	}
	first, second := strings.Index(out, "{first}"), strings.Index(out, "{second}")
	if first < 0 || second < first {
		t.Fatalf("export lost or reordered a comment after the result:\n%s", out)
	}
	for g := range Games("t.pgn", []byte(out)) {
		if again := string(AppendExport(nil, g)); again != out {
			t.Errorf("the export reads back as\n%s\nnot\n%s", again, out)
		}
	}
}
