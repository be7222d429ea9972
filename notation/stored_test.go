package notation

import (
	"strings"
	"testing"

	"pbem/rules"
	"pbem/rules/games"
)

func TestFromStoredRoundTrips(t *testing.T) {
	tests := []struct {
		game   string
		opts   rules.Options
		names  []string
		plies  []string
		result string
		term   string
		want   []string // in the export
	}{
		{"pente", rules.Options{"tournament": "off"}, []string{"alice", "bob"},
			[]string{"K10", "L9", "K11", "A1", "K12", "A2", "K13", "A3", "K14"}, "1-0", "five in a row (K10 to K14)",
			[]string{`[Game "Pente"]`, `[Options "tournament=off"]`, `[Termination "five in a row (K10 to K14)"]`, "5. K14 1-0"}},
		{"keryo-pente", nil, []string{"alice", "bob"}, []string{"K10", "L9"}, "*", "",
			[]string{`[Variant "Keryo-Pente"]`, "1. K10 L9 *"}},
		{"quatro", rules.Options{"seats": "3"}, []string{"ann", "ben", "cy"}, []string{"b2-c1"}, "0-0-0", "resignation of Seat 3",
			[]string{`[Seat3 "cy"]`, `[Options "seats=3"]`, "1. b2-c1"}},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			e, err := games.Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			g, err := FromStored(Stored{Event: "pbem game 7", Site: "pbem@example.org", Date: "2026.11.29", Round: "-",
				Names: tc.names, Entry: e, Options: tc.opts, Plies: tc.plies, Result: tc.result, Termination: tc.term})
			if err != nil {
				t.Fatal(err)
			}
			out := string(AppendExport(nil, g))
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("export lacks %q:\n%s", w, out)
				}
			}
			var back []*Game
			for rg := range Games("stored.pgn", []byte(out)) {
				back = append(back, rg)
			}
			if len(back) != 1 || !back[0].Valid() {
				t.Fatalf("export does not read back as one valid game: %v\n%s", back[0].Problem, out)
			}
			if again := string(AppendExport(nil, back[0])); again != out {
				t.Errorf("export, read, export differs:\n%s\n---\n%s", out, again)
			}
		})
	}
}

func TestFromStoredRefusesADamagedGame(t *testing.T) {
	e, _ := games.Lookup("pente")
	_, err := FromStored(Stored{Entry: e, Plies: []string{"K10", "K10"}})
	if err == nil || !strings.Contains(err.Error(), "ply 2 (K10)") {
		t.Errorf("FromStored of a game with a repeated point: %v", err)
	}
}
