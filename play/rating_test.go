package play

import (
	"context"
	"strings"
	"testing"

	"pbem/db"
)

// ratingOf reads a player's rating in a game; ok is false when none.
func (w *world) ratingOf(addr, kind string) (db.Rating, bool) {
	w.t.Helper()
	var r db.Rating
	var ok bool
	err := w.store.View(context.Background(), func(tx *db.Tx) error {
		p, err := tx.PlayerByAddress(addr)
		if err != nil {
			return err
		}
		r, ok, err = tx.Rating(p.ID, kind)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return r, ok
}

func TestRatingsChangeWhenARatedGameEnds(t *testing.T) {
	tests := []struct {
		name    string
		options string
		end     func(w *world, id int64)
		shown   []string // in the final mail to alice
		rated   bool
	}{
		{"resignation", "", func(w *world, id int64) {
			w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
		}, []string{"Ratings in Pente", "1500? -> 1662?  +162", "1500? -> 1338?  -162"}, true},
		{"agreed draw", "", func(w *world, id int64) {
			w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "draw")
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "accept")
		}, []string{"1500? -> 1500?  +0"}, true},
		{"five in a row", "", func(w *world, id int64) {
			for i, p := range []string{"A2", "K11", "A3", "K12", "A4", "K13"} {
				who := []string{"bob@example.org", "alice@example.org"}[i%2]
				w.reply(who, w.lastAbout(who, id), p)
			}
		}, []string{"1500? -> 1662?  +162"}, true},
		{"unrated", "rated=no", func(w *world, id int64) {
			w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
		}, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			id := startPente(t, w, tc.options)
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
			w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "A1")
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K14")
			if n := w.game(id).game.Plies(); n != 3 {
				t.Fatalf("%d plies of the opening, want 3", n)
			}
			tc.end(w, id)
			if g := w.game(id); g.row.State != db.Finished {
				t.Fatalf("game not over: %s", g.row.State)
			}
			final := w.lastAbout("alice@example.org", id)
			mustContain(t, final, tc.shown...)
			_, rated := w.ratingOf("alice@example.org", "pente")
			if rated != tc.rated {
				t.Fatalf("alice rated %v, want %v", rated, tc.rated)
			}
			if !tc.rated {
				mustNotContain(t, final, "Ratings in")
			}
		})
	}
}

// mustNotContain fails if the mail's subject or body has the text.
func mustNotContain(t *testing.T, m db.Mail, text string) {
	t.Helper()
	if strings.Contains(m.Body, text) || strings.Contains(m.Subject, text) {
		t.Errorf("mail to %s has %q:\n%s", m.To, text, m.Body)
	}
}

func TestRatingsCommandAndGames(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "resign")
	w.send("carol@example.org", "", "ratings pente")
	mustContain(t, w.last("carol@example.org"), "The best in Pente (? marks a provisional rating, of fewer than 20 games):",
		"1. alice                 1662?  RD 290  1 game", "2. bob                   1338?  RD 290  1 game",
		"You have no rating in Pente yet.")
	w.send("bob@example.org", "", "ratings")
	mustContain(t, w.last("bob@example.org"), "Your ratings", "pente         1338?  RD 290  1 game(s), place 2 of 2")
	w.send("alice@example.org", "", "games")
	mustContain(t, w.last("alice@example.org"), "1  Pente: alice vs bob - game over, alice wins", "your rating 1662? (+162)")
	w.send("carol@example.org", "", "ratings gomoku")
	mustContain(t, w.last("carol@example.org"), "Nobody has a rating in Gomoku yet")
	w.send("carol@example.org", "", "ratings chess")
	mustContain(t, w.last("carol@example.org"), `There is no game "chess"`)
	w.send("carol@example.org", "", "ratings")
	mustContain(t, w.last("carol@example.org"), "You have no rating yet")
}

func TestQuatroRatingsArePairwise(t *testing.T) {
	w := newClockWorld(t, Config{})
	players := []string{"alice@example.org", "bob@example.org", "carol@example.org"}
	id := invite(t, w, "new quatro with bob@example.org carol@example.org", players...)
	// Carol resigns and is out; alice and bob agree a draw between them.
	w.reply("carol@example.org", w.lastAbout("carol@example.org", id), "resign")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "draw")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "accept")
	if g := w.game(id); g.row.Result != "1/2-1/2-1/2" {
		t.Fatalf("result %q, want the draw the seats in play agreed", g.row.Result)
	}
	a, _ := w.ratingOf("alice@example.org", "quatro")
	b, _ := w.ratingOf("bob@example.org", "quatro")
	c, ok := w.ratingOf("carol@example.org", "quatro")
	if !ok || !(a.R > 1500 && a.R == b.R && c.R < 1500) || a.Games != 1 || c.Games != 1 {
		t.Errorf("after carol resigned and the others drew: alice %+v bob %+v carol %+v; want carol down, alice and bob up alike, one game each", a, b, c)
	}
	mustContain(t, w.lastAbout("alice@example.org", id), "Ratings in Pinuid Quatro", "carol (Seat 3)")
}

func TestProvisionalMarker(t *testing.T) {
	for _, tc := range []struct {
		games int
		want  string
	}{{0, "1500?"}, {19, "1500?"}, {20, "1500"}, {150, "1500"}} {
		if got := ratingText(db.Rating{R: 1499.6, Games: tc.games}); got != tc.want {
			t.Errorf("%d games: %q, want %q", tc.games, got, tc.want)
		}
	}
}
