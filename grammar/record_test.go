package grammar

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// lexAll lexes src and writes each token as TYPE:value@line:column.
func lexAll(src string) []string {
	sc := newRecordScanner(NewSource("t", []byte(src)))
	names := lexer.SymbolsByRune(recordLexer{})
	var out []string
	for {
		t, _ := sc.Next()
		if t.Type == lexer.EOF {
			return out
		}
		out = append(out, fmt.Sprintf("%s:%s@%d:%d", names[t.Type], t.Value, t.Pos.Line, t.Pos.Column))
	}
}

// TestLexer checks the tokens of the record syntax of records.md.
func TestLexer(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"tag pairs, several on a line, names with spaces", `[Player 1 Name "a"] [Player's Swapped? "No"]`,
			[]string{"TagName:Player 1 Name@1:1", "String:a@1:16", "TagName:Player's Swapped?@1:21", "String:No@1:40"}},
		{"escapes in a value", `[A "x\"y\\z\w"]`, []string{"TagName:A@1:1", `String:x"y\z\w@1:4`}},
		{"move numbers are skipped", "1. K10 1... L9 12...M9 3.N9", []string{"Ply:K10@1:4", "Ply:L9@1:13", "Ply:M9@1:21", "Ply:N9@1:26"}},
		{"one ply is one token", "b1-c2xc1xe3 213:c2-c4:-:e2-e3 +c1 xd7 pass",
			[]string{"Ply:b1-c2xc1xe3@1:1", "Ply:213:c2-c4:-:e2-e3@1:13", "Ply:+c1@1:31", "Ply:xd7@1:35", "Ply:pass@1:39"}},
		{"suffixes attached or apart; ? alone is a result", "K10!? L9 ?? M9? ?",
			[]string{"Ply:K10@1:1", "Suffix:!?@1:4", "Ply:L9@1:7", "Suffix:??@1:10", "Ply:M9@1:13", "Suffix:?@1:15", "Result:?@1:17"}},
		{"NAGs", "K10 $14", []string{"Ply:K10@1:1", "NAG:$14@1:5"}},
		{"comments of both kinds", "{a\nb} K10 ; rest\r\nL9", []string{"Comment:a\nb@1:1", "Ply:K10@2:4", "Comment: rest@2:8", "Ply:L9@3:1"}},
		{"a % in column 1 hides the line, elsewhere it is no token", "%K10\nL9 %x", []string{"Ply:L9@2:1", "Invalid:%x@2:4"}},
		{"variations", "K10 (L9 (M9))", []string{"Ply:K10@1:1", "VarOpen:(@1:5", "Ply:L9@1:6", "VarOpen:(@1:9", "Ply:M9@1:10", "VarClose:)@1:12", "VarClose:)@1:13"}},
		{"results", "1-0 0-1 1/2-1/2 * 0-0 0-1-0-0 1/2-1/2-1/2",
			[]string{"Result:1-0@1:1", "Result:0-1@1:5", "Result:1/2-1/2@1:9", "Result:*@1:17", "Result:0-0@1:19", "Result:0-1-0-0@1:23", "Result:1/2-1/2-1/2@1:31"}},
		{"Resign and Forfeit in any case", "Resign FORFEIT", []string{"GiveUp:Resign@1:1", "GiveUp:FORFEIT@1:8"}},
		{"columns count characters", "{é} K10", []string{"Comment:é@1:1", "Ply:K10@1:5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := lexAll(c.src); !slices.Equal(got, c.want) {
				t.Errorf("tokens %q\nwant   %q", got, c.want)
			}
		})
	}
}

// TestLatin1 reads bytes outside UTF-8 as Latin-1 characters.
func TestLatin1(t *testing.T) {
	if got := NewSource("t", []byte("Jos\xe9 \xef\xbb\xbf")).Text; got != "José \uFEFF" {
		t.Errorf("decoded %q", got)
	}
	if got := NewSource("t", []byte("\xef\xbb\xbfK10")).Text; got != "K10" {
		t.Errorf("a leading byte-order mark is kept: %q", got)
	}
}

// TestRecordsSplitIntoGames checks where games begin and end: at a result
// outside variations, or at a tag after moves; comments after a result stay
// with its game.
func TestRecordsSplitIntoGames(t *testing.T) {
	src := "; file note\n[A \"1\"]\nK10 (L9 M9) L9 1-0 {after} {and more}\n[A \"2\"] K10\n[A \"3\"]\n*\nK10 0-1\n{end}"
	var got []string
	for p := range Records(NewSource("t", []byte(src))) {
		if p.Err != nil {
			t.Fatal(p.Err)
		}
		r := p.Record
		got = append(got, fmt.Sprintf("line %d: %d tags %d notes %d moves result %q trailer %d",
			r.Pos.Line, len(r.Tags), len(r.Notes), len(r.Moves), r.Result.Value, len(r.Trailer)))
	}
	want := []string{
		`line 1: 1 tags 1 notes 3 moves result "1-0" trailer 2`,
		`line 4: 1 tags 0 notes 1 moves result "" trailer 0`,
		`line 5: 1 tags 0 notes 0 moves result "*" trailer 0`,
		`line 7: 0 tags 0 notes 1 moves result "0-1" trailer 1`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("games\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSyntaxErrors checks that each syntax error names the place, says what
// was expected in a player's words, and leaves the next game readable.
func TestSyntaxErrors(t *testing.T) {
	cases := []struct {
		src       string
		line, col int
		msg       string
	}{
		{"[Event Club]\nK10 *", 1, 12, `expected the tag's value in double quotes after "Event Club", as in [Event "Club match"], found "]"`},
		{"[ \"x\"]\nK10 *", 1, 1, `expected a tag name after [, as in [Event "Club match"]`},
		{"[Event \"x\" K10 *", 1, 12, `expected ] to close the tag Event, found "K10"`},
		{"[Event \"x]\nK10 *", 1, 8, `the quoted value is not closed: end it with " on the same line`},
		{"K10 {open\n", 1, 5, "this comment is not closed: end it with }"},
		{"K10 ) *", 1, 5, "this ) closes no variation"},
		{"K10 (L9 *", 1, 5, "this variation is not closed before the result *: end it with )"},
		{"K10 (L9", 1, 5, "this variation is not closed before the end of the game: end it with )"},
		{"! K10 *", 1, 1, "a move suffix such as ! belongs right after a ply, as in K10!"},
		{"K10 Resign L9 *", 1, 12, `expected the end of the game after Resign, found "L9"`},
		{"K10 \"x\" *", 1, 5, `found the quoted value "x" outside a tag`},
		{"K10 ] *", 1, 5, "found ] outside a tag"},
		{"K10,L9 *", 1, 1, `K10,L9: the character ',' has no place in the moves`},
		{"K10 $ *", 1, 5, "$: a NAG is $ followed by a number, such as $1"},
		{"K10!!! *", 1, 4, "!!! is no move suffix: write one of ! ? !! ?? !? ?!"},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			src := c.src + "\n\n[Next \"game\"]\nK10 *\n"
			parsed := slices.Collect(Records(NewSource("t.pgn", []byte(src))))
			if len(parsed) != 2 || parsed[0].Err == nil || parsed[1].Err != nil {
				t.Fatalf("want a bad game, then a good one; got %d games: %+v", len(parsed), parsed)
			}
			e := parsed[0].Err
			if e.File != "t.pgn" || e.Line != c.line || e.Column != c.col || !strings.HasPrefix(e.Msg, c.msg) {
				t.Errorf("got %s\nwant t.pgn:%d:%d: %s", e.Brief(), c.line, c.col, c.msg)
			}
			if !strings.Contains(e.Error(), "\n    "+strings.Split(c.src, "\n")[c.line-1]+"\n") {
				t.Errorf("the error does not quote the line:\n%s", e.Error())
			}
		})
	}
}

// TestBadTagKeepsItsGame reads a game with a broken tag among its tags as
// one game with one error, not as two games.
func TestBadTagKeepsItsGame(t *testing.T) {
	src := "[Game \"Pente\"]\n[Event Club]\n[White \"a\"]\n1. K10 *\n"
	parsed := slices.Collect(Records(NewSource("t.pgn", []byte(src))))
	if len(parsed) != 1 || parsed[0].Err == nil || parsed[0].Err.Line != 2 {
		t.Errorf("want one game with an error on line 2, got %+v", parsed)
	}
}

// TestCaret puts the caret under the column, keeping tabs.
func TestCaret(t *testing.T) {
	if got, want := Caret("\tK10 L9", 6), "    \tK10 L9\n    \t    ^"; got != want {
		t.Errorf("caret\n%s\nwant\n%s", got, want)
	}
}

// FuzzRecords parses any text: no panic, and every error has a place.
func FuzzRecords(f *testing.F) {
	for _, s := range []string{"[Game \"Pente\"]\n1. K10 L9 (2. M9 {x}) $1 K11! 1-0\n", "[A \"\\\"]", "{", "%x\n(", "1.K10;c\r\n*"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s := NewSource("f.pgn", src)
		for p := range Records(s) {
			if p.Err == nil {
				continue
			}
			if p.Err.File != "f.pgn" || p.Err.Line < 1 || p.Err.Column < 1 || p.Err.Quote != s.Line(p.Err.Line) {
				t.Fatalf("error without a place: %+v", p.Err)
			}
		}
	})
}

// TestPeekingView reads a token slice through the view as participle's
// own PeekingLexer, filled by lexer.Upgrade, reads it.
func TestPeekingView(t *testing.T) {
	toks := slices.Collect(func(yield func(lexer.Token) bool) {
		sc := newRecordScanner(NewSource("t", []byte("[A \"1\"] 1. K10 {x} (L9) 1-0")))
		for {
			tok, _ := sc.Next()
			if !yield(tok) || tok.Type == lexer.EOF {
				return
			}
		}
	})
	upgraded, _ := lexer.Upgrade(&sliceLexer{toks: toks})
	view := peekingView(toks)
	for {
		a, b := upgraded.Next(), view.Next()
		if *a != *b {
			t.Fatalf("view %v, upgraded %v", b, a)
		}
		if a.EOF() {
			break
		}
	}
	if upgraded.MakeCheckpoint() != view.MakeCheckpoint() {
		t.Errorf("cursors differ: %+v and %+v", view.MakeCheckpoint(), upgraded.MakeCheckpoint())
	}
}

type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (s *sliceLexer) Next() (lexer.Token, error) {
	s.i++
	return s.toks[s.i-1], nil
}

// TestSplitReusedHoldsTextWhileBatchesLive splits a text of many blocks
// with its blocks reused, keeping up to five batches at once and releasing
// them out of order: each batch, read just before it is released, says
// what the same batch of a split without reuse says. A block put back
// while a batch still stood on it would have been read over by a later
// block.
func TestSplitReusedHoldsTextWhileBatchesLive(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 5*blockSize; i++ {
		// Games of unlike lengths, with a comment over several lines, a
		// variation, a game whose text is no token and Latin-1 text, so
		// that blocks end anywhere and every path of the lexer is met.
		fmt.Fprintf(&b, "[Event \"game %d%s\"]\n[White \"Jos\xe9\"]\n", i, strings.Repeat("x", i%97))
		fmt.Fprintf(&b, "1. K10 L9 {a note\nof %d lines\n} 2. M9 (M10) N8 ", i%5)
		if i%13 == 0 {
			b.WriteString("@@ ")
		}
		b.WriteString([]string{"1-0", "0-1", "*"}[i%3] + "\n\n")
	}
	src := b.String()
	read := func(bt *Batch) []string {
		var out []string
		for p := range bt.Records() {
			switch {
			case p.Err != nil:
				out = append(out, "error "+p.Err.Error())
			default:
				r := p.Record
				s := fmt.Sprintf("%d %q", r.Pos.Line, r.Result.Value)
				for _, tag := range r.Tags {
					s += " " + tag.Name.Value + "=" + tag.Value.Value
				}
				for _, m := range r.Moves {
					s += " " + m.Token.Value + m.Suffix
				}
				for _, n := range r.Trailer {
					s += " " + n.Value
				}
				out = append(out, s, p.Source.Text)
				r.Release()
			}
		}
		return out
	}
	var want [][]string
	plain, _ := Split("t", strings.NewReader(src), 8, false)
	for bt := range plain {
		want = append(want, read(bt))
		bt.Release()
	}
	if len(want) < 20 {
		t.Fatalf("%d batches; the text should make more", len(want))
	}

	// Reads of a few hundred bytes make a window of each, so that a batch
	// stands on many.
	reused, _ := Split("t", shortReads{strings.NewReader(src)}, 8, true)
	live := map[int]*Batch{}
	check := func(i int) {
		if got := read(live[i]); !slices.Equal(got, want[i]) {
			t.Errorf("batch %d, read before its release, differs from the split without reuse:\n%s\nwant\n%s",
				i, strings.Join(got, "\n"), strings.Join(want[i], "\n"))
		}
		live[i].Release()
		delete(live, i)
	}
	n := 0
	for bt := range reused {
		live[n] = bt
		n++
		if len(live) == 5 {
			// the newest but one, then the oldest: out of order
			check(n - 2)
			check(slices.Min(slices.Collect(maps.Keys(live))))
		}
	}
	for len(live) > 0 {
		check(slices.Max(slices.Collect(maps.Keys(live))))
	}
	if n != len(want) {
		t.Errorf("%d batches with reuse, %d without", n, len(want))
	}
}

// shortReads hands out at most 200 bytes a read.
type shortReads struct{ r io.Reader }

func (s shortReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 200)]) }
