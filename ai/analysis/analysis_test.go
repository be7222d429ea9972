package analysis

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/i18n"
	"pbem/notation"
	"pbem/rules/games"
)

func TestGameFindsAMissedWin(t *testing.T) {
	entry, err := games.Lookup("pente")
	if err != nil {
		t.Fatal(err)
	}
	start, err := entry.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	// White has K10 to K13 and plays T19 instead of K9 or K14; Black then
	// completes A1 to A5.
	plies := []string{"K10", "A1", "K13", "A2", "K12", "A3", "K11", "A4", "T19", "A5"}
	got, err := Game(context.Background(), start, plies, greedy.Engine{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(plies) {
		t.Fatalf("%d plies analysed, want %d", len(got), len(plies))
	}
	var mistakes []int
	for _, p := range got {
		if p.Mistake {
			mistakes = append(mistakes, p.N)
		}
	}
	// Ply 8 (A4) lets White win and ply 9 (T19) misses it.
	if !slices.Contains(mistakes, 9) {
		t.Fatalf("mistakes at plies %v, want 9 among them: %+v", mistakes, got)
	}
	p := got[8]
	if p.Better != "K9" && p.Better != "K14" {
		t.Errorf("better ply %q, want K9 or K14", p.Better)
	}
	if p.Best != ai.Win-1 || p.Loss <= DefaultThreshold || len(p.Line) == 0 || p.Line[0] != p.Better {
		t.Errorf("ply 9: %+v", p)
	}
	if last := got[9]; last.After != ai.Win || last.Mistake {
		t.Errorf("the winning ply: %+v", last)
	}
	if c := Comment(p); c != "mistake: eval loss in 1, was win in 1; better "+p.Better {
		t.Errorf("comment %q", c)
	}
	if c := Comment(got[0]); c != "eval +0.00" {
		t.Errorf("comment of ply 1 %q", c)
	}
	// The same game gives the same analysis.
	again, err := Game(context.Background(), start, plies, greedy.Engine{}, Options{})
	if err != nil || !slices.EqualFunc(got, again, func(a, b Ply) bool { return a.Better == b.Better && a.Best == b.Best }) {
		t.Errorf("a second analysis differs: %v", err)
	}
}

func TestGameRefusesAnIllegalPly(t *testing.T) {
	entry, _ := games.Lookup("pente")
	start, _ := entry.New(nil)
	if _, err := Game(context.Background(), start, []string{"K10", "K10"}, greedy.Engine{}, Options{}); err == nil {
		t.Error("a ply on an occupied point was analysed")
	}
}

func TestValue(t *testing.T) {
	for s, want := range map[ai.Score]string{0: "+0.00", 150: "+1.50", -20: "-0.20", ai.Win - 3: "win in 3", -ai.Win + 2: "loss in 2", ai.Win: "won", -ai.Win: "lost"} {
		if got := Value(s); got != want {
			t.Errorf("Value(%d) = %q, want %q", s, got, want)
		}
	}
}

// TestCommentsInEveryLanguage: the comments of an analysis in each
// language, English as records have always had them.
func TestCommentsInEveryLanguage(t *testing.T) {
	mistake := Ply{N: 9, After: -ai.Win + 1, Best: ai.Win - 3, Mistake: true, Better: "K9", Line: []string{"K9", "A5", "K14"}}
	plain := Ply{N: 1, After: 150}
	won := Ply{N: 10, After: ai.Win}
	cases := []struct {
		lang                 i18n.Lang
		mistake, plain, done string
	}{
		{i18n.English, "mistake: eval loss in 1, was win in 3; better K9 A5 K14", "eval +1.50", "eval won"},
		{i18n.German, "Fehler: Bewertung Niederlage in 1 Zug, vorher Gewinn in 3 Zügen; besser K9 A5 K14", "Bewertung +1.50", "Bewertung gewonnen"},
		{i18n.Spanish, "error: valoración derrota en 1 jugada, antes victoria en 3 jugadas; mejor K9 A5 K14", "valoración +1.50", "valoración ganado"},
		{i18n.Portuguese, "erro: avaliação derrota em 1 lance, antes vitória em 3 lances; melhor K9 A5 K14", "avaliação +1.50", "avaliação ganho"},
	}
	for _, c := range cases {
		for _, x := range []struct {
			p    Ply
			want string
		}{{mistake, c.mistake}, {plain, c.plain}, {won, c.done}} {
			if got := CommentIn(c.lang, x.p); got != x.want {
				t.Errorf("%s: ply %d: %q, want %q", c.lang, x.p.N, got, x.want)
			}
		}
	}
	if Comment(mistake) != cases[0].mistake || Value(-ai.Win+4) != "loss in 4" {
		t.Errorf("English: %q, %q", Comment(mistake), Value(-ai.Win+4))
	}
	if got := ValueIn(i18n.German, -ai.Win); got != "verloren" {
		t.Errorf("German lost: %q", got)
	}
	want := "Analysed by pbem's computer at level 4: values in stones for the side that played, 2 mistake(s), plies losing more than 1.50 stones, marked with ? and a better ply."
	if got := Lead(i18n.English, 4, 2); got != want {
		t.Errorf("English lead %q", got)
	}
	if got := Lead(i18n.German, 4, 1); !strings.HasPrefix(got, "Analysiert vom Computer von pbem auf Stufe 4:") || !strings.Contains(got, "1 Fehler") || !strings.Contains(got, "1.50 Steine") {
		t.Errorf("German lead %q", got)
	}
}

// TestCommentsAreRecordComments writes an analysis's comments in every
// language into a record: each reads back as one comment of records.md,
// unchanged, and the record exports the same again.
func TestCommentsAreRecordComments(t *testing.T) {
	entry, _ := games.Lookup("pente")
	start, _ := entry.New(nil)
	plies := []string{"K10", "A1", "K13", "A2", "K12", "A3", "K11", "A4", "T19", "A5"}
	got, err := Game(context.Background(), start, plies, greedy.Engine{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range i18n.All {
		var src strings.Builder
		src.WriteString("[Game \"Pente\"]\n{" + Lead(lang, 4, 2) + "}\n")
		var want []string
		for i, p := range got {
			c := CommentIn(lang, p)
			if strings.ContainsAny(c, "{}") {
				t.Fatalf("%s: a brace in %q", lang, c)
			}
			want = append(want, c)
			src.WriteString(plies[i] + " {" + c + "}\n")
		}
		src.WriteString("0-1\n")
		for g := range notation.Games("a.pgn", []byte(src.String())) {
			if !g.Valid() {
				t.Fatalf("%s: %v", lang, g.Problem)
			}
			for i, m := range g.Main.Moves {
				if len(m.After) != 1 || m.After[0].Comment != want[i] {
					t.Errorf("%s: ply %d reads back with %+v, want %q", lang, i+1, m.After, want[i])
				}
			}
			once := notation.AppendExport(nil, g)
			for again := range notation.Games("a.pgn", once) {
				if twice := notation.AppendExport(nil, again); string(twice) != string(once) {
					t.Errorf("%s: export, read, export changed:\n%s\n%s", lang, once, twice)
				}
			}
		}
	}
}
