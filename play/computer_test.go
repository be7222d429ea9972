package play

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/db"
	"pbem/rules"
)

// judged is an engine that plays as the greedy player but reports the
// score a test sets, to drive the computer's policies.
type judged struct{ score ai.Score }

func (j judged) Think(ctx context.Context, g rules.Game, s ai.Settings) (ai.Thought, error) {
	th, err := greedy.Engine{}.Think(ctx, g, s)
	th.Score = j.score
	return th, err
}

func judgedWorld(t *testing.T, score ai.Score) *world {
	return newWorld(t, Config{ComputerNodes: 200, Engines: func(*rules.Kind) ai.Engine { return judged{score} }})
}

// computers does the computer's work until there is none, as the daemon's
// worker does, and collects the mail it queued. It returns what was done.
func (w *world) computers() []string {
	w.t.Helper()
	var did []string
	for range 50 {
		ids, err := w.svc.ComputerGames(context.Background(), false)
		if err != nil {
			w.t.Fatal(err)
		}
		if len(ids) == 0 {
			// The worker's cheap scan must miss nothing the full one finds.
			all, err := w.svc.ComputerGames(context.Background(), true)
			if err != nil {
				w.t.Fatal(err)
			}
			if len(all) > 0 {
				w.t.Fatalf("the scan of the computer's turns missed games %v", all)
			}
			w.collect()
			return did
		}
		for _, id := range ids {
			res, err := w.svc.ComputerStep(context.Background(), id)
			if err != nil {
				w.t.Fatal(err)
			}
			if res.Did != "" {
				did = append(did, res.Did)
			}
		}
		w.now = w.now.Add(10e9)
	}
	w.t.Fatal("the computer never finished its work")
	return nil
}

// legalPly is some legal ply of the seat to move in a game.
func (w *world) legalPly(id int64) string {
	w.t.Helper()
	legal := w.game(id).game.Legal()
	if len(legal) == 0 {
		w.t.Fatalf("game %d: no legal ply", id)
	}
	return legal[len(legal)/2].String()
}

// noMailToComputers fails when any mail ever went to a computer address.
func noMailToComputers(t *testing.T, w *world) {
	t.Helper()
	for to := range w.inbox {
		if _, ok := w.svc.computerLevel(to); ok || strings.HasPrefix(to, "computer-") {
			t.Errorf("%d mail(s) queued to the computer's address %s", len(w.inbox[to]), to)
		}
	}
}

func TestNewGameWithComputer(t *testing.T) {
	w := judgedWorld(t, 0)
	w.send("alice@example.org", "new", "new pente with computer")
	m := w.last("alice@example.org")
	mustContain(t, m, "The computer accepted at once: the game begins", "Computer (level 5)")
	tb := w.game(1)
	if tb.row.State != db.Active {
		t.Fatalf("game state %s, want active", tb.row.State)
	}
	if got := tb.row.Seats[1].Address; got != "computer-5@example.org" {
		t.Errorf("computer seat address %q", got)
	}
	if did := w.computers(); len(did) != 0 {
		t.Errorf("the computer acted out of turn: %v", did)
	}
	ply := w.legalPly(1)
	w.reply("alice@example.org", w.last("alice@example.org"), ply)
	did := w.computers()
	if len(did) != 1 || !strings.HasPrefix(did[0], "played ") {
		t.Fatalf("computer did %v, want one ply", did)
	}
	if n := w.game(1).game.Plies(); n != 2 {
		t.Errorf("plies %d, want 2", n)
	}
	mustContain(t, w.last("alice@example.org"), "Computer (level 5) (Black) played", "(ply 2)", "your move")
	noMailToComputers(t, w)

	// The computer's ply is seeded from the game: the same position gives
	// the same ply.
	w2 := judgedWorld(t, 0)
	w2.send("alice@example.org", "new", "new pente with computer")
	w2.reply("alice@example.org", w2.last("alice@example.org"), ply)
	w2.computers()
	if a, b := w.game(1).plies[1].Token, w2.game(1).plies[1].Token; a != b {
		t.Errorf("the computer played %s and %s in the same position", a, b)
	}
}

func TestNewGameWithComputerLevels(t *testing.T) {
	tests := []struct {
		cmd  string
		want string
		addr string // the computer seat's address; "" when nothing starts
	}{
		{"new pente with computer level=3", "Computer (level 3)", "computer-3@example.org"},
		{"new pente with Computer level=8 days=5", "Computer (level 8)", "computer-8@example.org"},
		{"new pente with computer level=9", "levels 1 (a beginner) to 8", ""},
		{"new pente with computer level=two", "levels 1 (a beginner) to 8", ""},
		{"new pente with bob@example.org level=3", "no seat was given to it", ""},
		{"new pente with computer-3@example.org", "write \"computer\" in its place", ""},
	}
	for _, tc := range tests {
		t.Run(tc.cmd, func(t *testing.T) {
			w := judgedWorld(t, 0)
			w.send("alice@example.org", "new", tc.cmd)
			mustContain(t, w.last("alice@example.org"), tc.want)
			var games []db.Game
			_ = w.store.View(context.Background(), func(tx *db.Tx) (err error) {
				games, err = tx.GamesOf(mustPlayer(t, tx, "alice@example.org"))
				return err
			})
			if tc.addr == "" {
				if len(games) != 0 {
					t.Errorf("a game was started: %+v", games)
				}
				return
			}
			if len(games) != 1 || games[0].Seats[1].Address != tc.addr || games[0].Seats[1].Name != tc.want {
				t.Fatalf("games %+v, want the computer %s at seat 2", games, tc.addr)
			}
		})
	}
}

func mustPlayer(t *testing.T, tx *db.Tx, addr string) int64 {
	t.Helper()
	p, err := tx.PlayerByAddress(addr)
	if err != nil {
		t.Fatal(err)
	}
	return p.ID
}

func TestComputerSeatsInQuatro(t *testing.T) {
	w := judgedWorld(t, 0)
	w.send("alice@example.org", "new", "new quatro with bob@example.org computer computer level=2")
	mustContain(t, w.last("alice@example.org"), "The invitation went to bob@example.org", "The computer accepted at once")
	tb := w.game(1)
	want := []string{"alice@example.org", "bob@example.org", "computer-2@example.org", "computer-2-2@example.org"}
	for i, s := range tb.row.Seats {
		if s.Address != want[i] {
			t.Errorf("seat %d is %s, want %s", i, s.Address, want[i])
		}
	}
	if tb.row.State != db.Invited || tb.row.Seats[2].Invitation != db.Accepted || tb.row.Seats[3].Invitation != db.Accepted {
		t.Fatalf("state %s, seats %+v: want invited, computers accepted", tb.row.State, tb.row.Seats)
	}
	w.reply("bob@example.org", w.last("bob@example.org"), "accept")
	if w.game(1).row.State != db.Active {
		t.Fatal("the game did not begin when bob accepted")
	}
	for round := range 2 {
		w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), w.legalPly(1))
		w.reply("bob@example.org", w.lastAbout("bob@example.org", 1), w.legalPly(1))
		if did := w.computers(); len(did) != 2 {
			t.Fatalf("round %d: the two computers did %v, want a ply each", round, did)
		}
		tb = w.game(1)
		if tb.game.Outcome().Over {
			break
		}
		if to := int(tb.game.ToMove()); to != 0 {
			t.Fatalf("round %d: seat %d to move, want alice's", round, to)
		}
	}
	mustContain(t, w.lastAbout("alice@example.org", 1), "Computer 2 (level 2)")
	noMailToComputers(t, w)
}

func TestComputerDrawPolicy(t *testing.T) {
	tests := []struct {
		score ai.Score
		want  string
	}{
		{-drawMargin, "accepted-draw"},
		{-Win(), "accepted-draw"},
		{0, "declined-draw"},
		{drawMargin, "declined-draw"},
	}
	for _, tc := range tests {
		w := judgedWorld(t, tc.score)
		w.send("alice@example.org", "new", "new pente with computer level=5")
		w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
		w.computers()
		// The offer is judged with the search from alice's view, whose
		// move it is: the computer's score is its negation.
		w.engines(-tc.score)
		w.reply("alice@example.org", w.last("alice@example.org"), "draw")
		did := w.computers()
		if len(did) != 1 || did[0] != tc.want {
			t.Errorf("score %d: the computer did %v, want %s", tc.score, did, tc.want)
		}
		tb := w.game(1)
		if drawn := tb.row.State == db.Finished && tb.row.Result == "1/2-1/2"; drawn != (tc.want == "accepted-draw") {
			t.Errorf("score %d: game %s %q", tc.score, tb.row.State, tb.row.Result)
		}
		if tc.want == "accepted-draw" {
			mustContain(t, w.last("alice@example.org"), "Every seat agreed to a draw: game 1 is drawn")
		} else {
			mustContain(t, w.last("alice@example.org"), "Computer (level 5) (Black) declined the draw")
		}
		noMailToComputers(t, w)
	}
}

// Win is ai.Win as a score the computer's side has lost.
func Win() ai.Score { return ai.Win - 3 }

// engines sets the score the world's engine reports from now on.
func (w *world) engines(score ai.Score) {
	w.svc.cfg.Engines = func(*rules.Kind) ai.Engine { return judged{score} }
}

func TestComputerTakebackPolicy(t *testing.T) {
	for _, tc := range []struct {
		level  string
		agreed bool
	}{{"1", true}, {"4", true}, {"5", false}, {"8", false}} {
		w := judgedWorld(t, 0)
		w.send("alice@example.org", "new", "new pente with computer level="+tc.level)
		w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
		w.computers()
		w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
		w.computers()
		if n := w.game(1).game.Plies(); n != 4 {
			t.Fatalf("level %s: %d plies, want 4", tc.level, n)
		}
		w.reply("alice@example.org", w.last("alice@example.org"), "takeback")
		m := w.last("alice@example.org")
		n := w.game(1).game.Plies()
		if tc.agreed {
			mustContain(t, m, "The takeback in game 1 is agreed: ply 3 and after are undone")
			if n != 2 {
				t.Errorf("level %s: %d plies after the takeback, want 2", tc.level, n)
			}
		} else {
			mustContain(t, m, "declines takebacks")
			if n != 4 {
				t.Errorf("level %s: %d plies after a refused takeback, want 4", tc.level, n)
			}
		}
		if did := w.computers(); len(did) != 0 {
			t.Errorf("level %s: the computer moved after the takeback: %v", tc.level, did)
		}
	}
}

func TestComputerResigns(t *testing.T) {
	for _, tc := range []struct {
		level  string
		resign bool
	}{{"5", false}, {"6", true}, {"8", true}} {
		w := judgedWorld(t, -Win())
		w.send("alice@example.org", "new", "new pente with computer level="+tc.level)
		w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
		did := w.computers()
		tb := w.game(1)
		if tc.resign {
			if len(did) != 1 || did[0] != "resigned" || tb.row.State != db.Finished || tb.row.Result != "1-0" {
				t.Errorf("level %s: did %v, game %s %s; want a resignation", tc.level, did, tb.row.State, tb.row.Result)
			}
			mustContain(t, w.last("alice@example.org"), "sees a forced loss and resigned game 1")
		} else if len(did) != 1 || !strings.HasPrefix(did[0], "played") {
			t.Errorf("level %s: did %v, want a ply", tc.level, did)
		}
	}
}

// A ply searched for a position that changed meanwhile is not applied.
func TestComputerStaleSearchIsDropped(t *testing.T) {
	w := judgedWorld(t, 0)
	w.send("alice@example.org", "new", "new pente with computer level=2")
	w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
	slow := &racing{w: w}
	w.svc.cfg.Engines = func(*rules.Kind) ai.Engine { return slow }
	res, err := w.svc.ComputerStep(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Did != "" || w.game(1).game.Plies() != 0 {
		t.Fatalf("a stale search was applied: %+v, %d plies", res, w.game(1).game.Plies())
	}
	w.engines(0)
	w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
	if did := w.computers(); len(did) != 1 {
		t.Errorf("the computer did %v after the takeback and the new ply, want one ply", did)
	}
	if n := w.game(1).game.Plies(); n != 2 {
		t.Errorf("%d plies, want 2", n)
	}
}

// racing is an engine during whose search the player takes the ply back.
type racing struct{ w *world }

func (r *racing) Think(ctx context.Context, g rules.Game, s ai.Settings) (ai.Thought, error) {
	r.w.reply("alice@example.org", r.w.last("alice@example.org"), "takeback")
	return greedy.Engine{}.Think(ctx, g, s)
}

func TestComputerRatings(t *testing.T) {
	w := judgedWorld(t, -Win())
	w.send("alice@example.org", "new", "new pente with computer level=7")
	w.reply("alice@example.org", w.last("alice@example.org"), w.legalPly(1))
	w.computers()
	err := w.store.View(context.Background(), func(tx *db.Tx) error {
		changes, err := tx.RatingChanges(1)
		if err != nil {
			return err
		}
		if len(changes) != 2 {
			t.Fatalf("rating changes %+v, want both seats", changes)
		}
		r, ok, err := tx.Rating(mustPlayer(t, tx, "computer-7@example.org"), "pente")
		if err != nil || !ok || r.R >= 1500 {
			t.Errorf("computer's rating %+v %v %v: want one below the start after its loss", r, ok, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestComputerAddressIgnored(t *testing.T) {
	w := judgedWorld(t, 0)
	w.send("alice@example.org", "new", "new pente with computer")
	res := w.sendBare("computer-5@example.org", "resign 1", "resign 1")
	if res.Outcome != Ignored || len(res.Queued) != 0 {
		t.Errorf("mail from the computer's address: %+v, want ignored", res)
	}
	if w.game(1).row.State != db.Active {
		t.Error("a forged mail moved the computer")
	}
}

func TestComputerMovesFirst(t *testing.T) {
	w := judgedWorld(t, 0)
	w.send("alice@example.org", "new", "new pente with computer first=them")
	mustContain(t, w.last("alice@example.org"), "the game begins")
	if did := w.computers(); len(did) != 1 || !strings.HasPrefix(did[0], "played") {
		t.Fatalf("the computer did %v, want its first ply", did)
	}
	mustContain(t, w.last("alice@example.org"), "Computer (level 5) (White) played", "(ply 1)", "your move")
}

func TestHelpComputer(t *testing.T) {
	w := judgedWorld(t, 0)
	w.send("alice@example.org", "", "help computer")
	mustContain(t, w.last("alice@example.org"), "Levels, from 1 to 8", "resigns when", "analyze GAME")
}

// The computer plays every game: a few rounds of each against it.
func TestComputerPlaysEveryGame(t *testing.T) {
	for _, game := range []string{"pente", "keryo-pente", "gomoku", "pinuid", "dobbal"} {
		t.Run(game, func(t *testing.T) {
			w := judgedWorld(t, 0)
			w.send("alice@example.org", "new", "new "+game+" with computer")
			for round := range 4 {
				tb := w.game(1)
				if tb.row.State != db.Active {
					break
				}
				if int(tb.game.ToMove()) == 0 {
					w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), w.legalPly(1))
				}
				before := w.game(1).game.Plies()
				w.computers()
				if after := w.game(1); after.row.State == db.Active && after.game.Plies() <= before {
					t.Fatalf("round %d: the computer did not play (%d plies)", round, after.game.Plies())
				}
			}
			noMailToComputers(t, w)
		})
	}
}

// TestComputerTurnsScan: the worker's cheap scan lists a game only while
// the computer is to move, so a wake-up does not replay every game the
// computer plays in while its opponents think.
func TestComputerTurnsScan(t *testing.T) {
	w := judgedWorld(t, 0)
	for range 3 {
		w.send("alice@example.org", "new", "new pente with computer")
	}
	scan := func(all bool) []int64 {
		t.Helper()
		ids, err := w.svc.ComputerGames(context.Background(), all)
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	if got := scan(false); len(got) != 0 {
		t.Errorf("games %v listed while alice is to move in all of them", got)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 2), w.legalPly(2))
	if got := scan(false); !slices.Equal(got, []int64{2}) {
		t.Errorf("games %v listed after alice played in game 2, want [2]", got)
	}
	if got := scan(true); !slices.Equal(got, []int64{2}) {
		t.Errorf("the full scan lists %v, want [2]", got)
	}
}
