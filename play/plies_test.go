package play

import "testing"

// TestPlyMailsSayWhatWasTaken plays a capture, a Keryo triple and a poof
// by mail: the mover's reply and the other seat's notice name the stones
// the ply took off, or those the mover lost.
func TestPlyMailsSayWhatWasTaken(t *testing.T) {
	tests := []struct {
		name    string
		command string
		plies   []string // alice (White) and bob (Black) in turn
		mine    string   // the mover's reply
		theirs  string   // the other seat's notice: both end with the period
	}{
		{"a Pente pair", "new pente with bob@example.org tournament=off",
			[]string{"K10", "L10", "A1", "M10", "N10"},
			"You played N10 in game 1 (ply 5) and took L10 M10.",
			"alice (White) played N10 in game 1 (ply 5) and took L10 M10."},
		{"a Keryo triple", "new keryo-pente with bob@example.org tournament=off",
			[]string{"K10", "L10", "A1", "M10", "A2", "N10", "O10"},
			"You played O10 in game 1 (ply 7) and took L10 M10 N10.",
			"alice (White) played O10 in game 1 (ply 7) and took L10 M10 N10."},
		{"a poof loses the mover's own pair", "new poof-pente with bob@example.org tournament=off",
			[]string{"K10", "L10", "N10", "M10"},
			"You played M10 in game 1 (ply 4) and lost L10 M10.",
			"bob (Black) played M10 in game 1 (ply 4) and lost L10 M10."},
		{"a ply that takes nothing", "new pente with bob@example.org tournament=off",
			[]string{"K10", "L10", "M10"},
			"You played M10 in game 1 (ply 3).",
			"alice (White) played M10 in game 1 (ply 3)."},
	}
	players := [2]string{"alice@example.org", "bob@example.org"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, Config{})
			id := invite(t, w, tc.command, players[:]...)
			for i, ply := range tc.plies {
				w.reply(players[i%2], w.lastAbout(players[i%2], id), ply)
			}
			mover := (len(tc.plies) - 1) % 2
			mustContain(t, w.last(players[mover]), tc.mine)
			mustContain(t, w.last(players[1-mover]), tc.theirs)
		})
	}
}
