package play

import (
	"math/rand/v2"
	"strings"
	"testing"

	"pbem/db"
	"pbem/rules"
)

// playOut plays a game through the service to its end, or to maxPlies:
// each turn the seat to move replies to its latest mail about the game
// with a legal ply picked by a seeded source. It returns the plies played.
func playOut(t *testing.T, w *world, id int64, seed uint64, maxPlies int) int {
	t.Helper()
	rnd := rand.New(rand.NewPCG(seed, 1))
	for n := 0; n < maxPlies; n++ {
		g := w.game(id)
		if g.row.State != db.Active {
			return n
		}
		legal := g.game.Legal()
		if len(legal) == 0 {
			t.Fatalf("game %d ply %d: active but no legal ply", id, g.game.Plies()+1)
		}
		ply := legal[rnd.IntN(len(legal))].String()
		who := g.row.Seats[g.game.ToMove()].Address
		before := g.game.Plies()
		w.reply(who, w.lastAbout(who, id), ply)
		if after := w.game(id).game.Plies(); after <= before {
			t.Fatalf("game %d: %s's ply %s was not played:\n%s", id, who, ply, w.last(who).Body)
		}
	}
	return maxPlies
}

// invite starts a game of a kind between the given players, all accepting.
func invite(t *testing.T, w *world, command string, players ...string) int64 {
	t.Helper()
	w.send(players[0], "", command)
	id := w.last(players[1]).GameID
	for _, p := range players[1:] {
		w.reply(p, w.lastAbout(p, id), "accept")
	}
	if g := w.game(id); g.row.State != db.Active {
		t.Fatalf("game %d did not start: %s\n%s", id, g.row.State, w.last(players[0]).Body)
	}
	return id
}

func TestWholeGamesOfEveryKind(t *testing.T) {
	two := []string{"alice@example.org", "bob@example.org"}
	four := []string{"alice@example.org", "bob@example.org", "carol@example.org", "dave@example.org"}
	tests := []struct {
		name    string
		command string
		players []string
		seeds   int
	}{
		{"pente", "new pente with bob@example.org", two, 2},
		{"keryo-pente", "new keryo-pente with bob@example.org", two, 1},
		{"gomoku", "new gomoku with bob@example.org", two, 1},
		{"g-pente", "new g-pente with bob@example.org", two, 1},
		{"boat-pente", "new boat-pente with bob@example.org", two, 1},
		{"poof-pente", "new poof-pente with bob@example.org", two, 1},
		{"pinuid", "new pinuid with bob@example.org", two, 3},
		{"quatro", "new quatro with bob@example.org carol@example.org dave@example.org", four, 2},
		{"quatro for three", "new quatro with bob@example.org carol@example.org", four[:3], 2},
		{"dobbal", "new dobbal with bob@example.org", two, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, Config{Limits: Limits{Unproven: 1 << 20, Proven: 1 << 20}})
			ended := 0
			for seed := range tc.seeds {
				id := invite(t, w, tc.command, tc.players...)
				n := playOut(t, w, id, uint64(seed), 400)
				g := w.game(id)
				if g.row.State == db.Finished {
					ended++
					if want := g.game.Outcome().Result(g.game.Seats()); g.row.Result != want {
						t.Errorf("game %d: stored result %s, rules say %s", id, g.row.Result, want)
					}
					// The final board, without a turn or a roll, and the
					// result said once.
					for _, p := range tc.players {
						m := w.lastAbout(p, id)
						mustContain(t, m, "Game over: ")
						if n := strings.Count(m.Body, "Game over"); n != 1 {
							t.Errorf("game %d: the last mail to %s says \"Game over\" %d times:\n%s", id, p, n, m.Body)
						}
						for _, s := range []string{"to play", "Roll:", "Your roll"} {
							if strings.Contains(m.Body, s) {
								t.Errorf("game %d: the last mail to %s says %q:\n%s", id, p, s, m.Body)
							}
						}
					}
				}
				t.Logf("%s game %d: %d plies, %s %s", tc.name, id, n, g.row.State, g.row.Result)
			}
			w.consistent()
		})
	}
}

func TestQuatroDrawNeedsEverySeat(t *testing.T) {
	w := newWorld(t, Config{})
	players := []string{"alice@example.org", "bob@example.org", "carol@example.org", "dave@example.org"}
	id := invite(t, w, "new quatro with bob@example.org carol@example.org dave@example.org", players...)
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "draw")
	for _, p := range players[1:3] {
		mustContain(t, w.lastAbout(p, id), "offered a draw")
		w.reply(p, w.lastAbout(p, id), "accept")
		if g := w.game(id); g.row.State != db.Active {
			t.Fatalf("drawn before every seat agreed (after %s)", p)
		}
	}
	w.reply("dave@example.org", w.lastAbout("dave@example.org", id), "draw")
	g := w.game(id)
	if g.row.State != db.Finished || g.row.Result != "1/2-1/2-1/2-1/2" {
		t.Fatalf("after every seat agreed: %s %s, want finished 1/2-1/2-1/2-1/2", g.row.State, g.row.Result)
	}
	mustContain(t, w.lastAbout("bob@example.org", id), "Every seat agreed to a draw")
}

func TestDobbalMailShowsTheRoll(t *testing.T) {
	w := newWorld(t, Config{})
	id := invite(t, w, "new dobbal with bob@example.org", "alice@example.org", "bob@example.org")
	m := w.lastAbout("alice@example.org", id)
	mustContain(t, m, "Your roll: ")
	// A ply with other faces than the roll is refused.
	g := w.game(id)
	legal := g.game.Legal()[0].String()
	faces, rest, _ := strings.Cut(legal, ":")
	other := map[byte]byte{'1': '2', '2': '3', '3': '1'}
	wrong := string([]byte{other[faces[0]], other[faces[1]], other[faces[2]]}) + ":" + rest
	w.reply("alice@example.org", m, wrong)
	if w.game(id).game.Plies() != 0 {
		t.Fatalf("a ply with faces %s was played against the roll", wrong)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), legal)
	if w.game(id).game.Plies() != 1 {
		t.Fatalf("the legal ply %s was not played:\n%s", legal, w.last("alice@example.org").Body)
	}
}

// TestQuatroResignationEliminatesTheSeat: a seat that resigns a Quatro
// game is out of it and the others play on; the last one standing wins.
func TestQuatroResignationEliminatesTheSeat(t *testing.T) {
	w := newWorld(t, Config{})
	players := []string{"alice@example.org", "bob@example.org", "carol@example.org"}
	id := invite(t, w, "new quatro with bob@example.org carol@example.org", players...)
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "resign")
	g := w.game(id)
	if g.row.State != db.Active || g.row.Result != "*" || g.game.ToMove() != 0 || rules.InPlay(g.game, 2) {
		t.Fatalf("after carol resigned: %s, result %q, seat %d to move", g.row.State, g.row.Result, g.game.ToMove().Number())
	}
	mustContain(t, w.lastAbout("alice@example.org", id), "carol (Seat 3) resigned game 1 and is out of it.",
		"the others play on; alice (Seat 1) is to move.", "carol (Seat 3): 5 pins on the board, 0 removed; resigned at ply 1",
		"alice (Seat 1) to play, ply 2.")
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "resign")
	mustContain(t, w.last("carol@example.org"), "You are out of game 1 already")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
	g = w.game(id)
	if g.row.Result != "1-0-0" || !strings.HasPrefix(g.row.Termination, "last seat standing") {
		t.Fatalf("result %q termination %q, want 1-0-0 with alice the last seat standing", g.row.Result, g.row.Termination)
	}
	mustContain(t, w.lastAbout("alice@example.org", id), "bob (Seat 2) resigned game 1 and is out of it. alice (Seat 1) wins as the last seat standing.")
}
