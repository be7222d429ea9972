package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/smtptest"
	"pbem/rules"
)

// freePoint is the first of a player's points that no ply of the game has
// taken yet, read from the daemon's store.
func freePoint(t testing.TB, data string, game int64, points []string) string {
	t.Helper()
	var plies []db.Ply
	viewStore(t, data, func(tx *db.Tx) (err error) {
		plies, err = tx.Plies(game)
		return err
	})
	for _, p := range points {
		if !slices.ContainsFunc(plies, func(q db.Ply) bool { return q.Token == p }) {
			return p
		}
	}
	t.Fatalf("game %d: every point of %v is taken", game, points)
	return ""
}

// noComputerMail fails when the daemon sent anything to a computer.
func noComputerMail(t testing.TB, out *outbound) {
	t.Helper()
	for _, m := range out.update(t) {
		if strings.HasPrefix(m.To, "computer-") {
			t.Fatalf("the daemon mailed the computer's address %s: %q", m.To, m.Subject)
		}
	}
}

// TestDaemonGameAgainstTheComputer: a player plays a whole game of Pente
// against the computer by mail; each of the computer's plies comes within
// seconds, the game ends and is rated, and no mail goes to the computer.
func TestDaemonGameAgainstTheComputer(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(func(c *serveConfig) {
		// The greedy player, whatever engine the kind has: the test needs
		// an opponent that lets White make five.
		c.engines = func(*rules.Kind) ai.Engine { return greedy.Engine{} }
	}, "--computer-nodes", "200")
	alice := r.player("alice@example.org")
	id := alice.send(serviceAddress, "a game", "", "new pente with computer tournament=off")
	start := alice.answer(id, "The computer accepted at once: the game begins", "your move")
	game := gameOf(start)
	line := []string{"K10", "K11", "K12", "K13", "K14", "K9", "K8", "K7", "K6", "K15", "K16"}
	last := start
	for n := 1; ; n++ {
		if n > 12 {
			t.Fatal("the game did not end within 12 plies of alice's")
		}
		ply := freePoint(t, r.data, game, line)
		m := alice.answer(alice.reply(last, ply), "You played "+ply)
		if strings.Contains(m.Subject, "game over") {
			mustSay(t, m, "alice wins")
			break
		}
		last = alice.next("the computer's ply")
		mustSay(t, last, "Computer (level 5) (Black) played", fmt.Sprintf("(ply %d)", 2*n), "your move")
	}
	r.view(func(tx *db.Tx) error {
		g, err := tx.Game(game)
		if err != nil {
			return err
		}
		if g.State != db.Finished || g.Result != "1-0" {
			t.Errorf("game %s %s, want finished 1-0", g.State, g.Result)
		}
		changes, err := tx.RatingChanges(game)
		if len(changes) != 2 {
			t.Errorf("rating changes %+v, want both seats'", changes)
		}
		return err
	})
	// The finished game's analysis comes from the worker, in a mail of
	// its own with the commented record.
	id = alice.send(serviceAddress, "analysis", "", fmt.Sprintf("analyze %d", game))
	alice.answer(id, "The computer is going through game")
	a := alice.next("the analysis")
	mustSay(t, a, fmt.Sprintf("Analysis of game %d", game), "The record attached has a comment after every ply")
	if len(a.Attachments) != 1 || !strings.Contains(string(a.Attachments[0].Data), "{eval") {
		t.Errorf("the analysis's attachments: %+v", a.Attachments)
	}
	noComputerMail(t, r.out)
}

// TestDaemonComputerSurvivesSIGKILL kills the daemon, a process of its
// own, around the computer's plies: just after the player's ply is stored
// (the search under way or about to start) and just after the computer's
// ply is stored (its mail not yet sent). After each restart the game goes
// on: every computer ply is stored once, the seats alternate, and the
// player hears of every one.
func TestDaemonComputerSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and kills it: not with -short")
	}
	imap := dovecot.New(t, dovecot.Config{})
	smtp := smtptest.New(t, smtptest.Options{})
	r := &rig{t: t, imap: imap, smtp: smtp, data: filepath.Join(t.TempDir(), "data")}
	r.out = &outbound{srv: smtp}
	d := killable(t, r.args("--computer-nodes", "50"))
	d.waitUp()
	alice := r.player("alice@example.org")
	start := alice.answer(alice.send(serviceAddress, "a game", "", "new pente with computer level=2 tournament=off"), "the game begins")
	game := gameOf(start)

	plies := func() []db.Ply {
		var ps []db.Ply
		viewStore(t, r.data, func(tx *db.Tx) (err error) {
			ps, err = tx.Plies(game)
			return err
		})
		return ps
	}
	waitPlies := func(n int) {
		t.Helper()
		deadline := time.Now().Add(mailWait)
		for len(plies()) < n {
			if time.Now().After(deadline) {
				t.Fatalf("game %d did not reach %d plies within %v", game, n, mailWait)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	points := []string{"K10", "A1", "C1", "E1", "G1", "J1", "L1", "N1", "P1", "R1", "T1"}
	last := start
	// Alice plays far apart and never blocks, so the computer could make
	// five with its fifth stone: three rounds and one more leave it four.
	const rounds = 3
	for n := 1; n <= rounds; n++ {
		ply := freePoint(t, r.data, game, points)
		alice.reply(last, ply)
		if n%2 == 1 {
			waitPlies(2*n - 1) // alice's ply is in: kill amid the computer's turn
		} else {
			waitPlies(2 * n) // the computer's ply is in: kill before its mail goes
		}
		if err := d.signal(syscall.SIGKILL); !killed(err) {
			t.Fatalf("round %d: the daemon ended with %v, want SIGKILL", n, err)
		}
		d.start()
		waitPlies(2 * n)
		// The player hears of the computer's ply, whenever it was played.
		for {
			last = alice.next("the computer's ply")
			if strings.Contains(last.Text, fmt.Sprintf("(ply %d)", 2*n)) && strings.Contains(last.Text, "Computer (level 2)") {
				break
			}
		}
	}
	ps := plies()
	if len(ps) != 2*rounds {
		t.Fatalf("%d plies, want %d: %+v", len(ps), 2*rounds, ps)
	}
	for i, p := range ps {
		if p.N != i+1 || p.Seat != i%2 {
			t.Errorf("ply %d: number %d by seat %d, want seat %d", i+1, p.N, p.Seat, i%2)
		}
	}
	// And the game goes on: the computer answers once more.
	alice.reply(last, freePoint(t, r.data, game, points))
	waitPlies(2*rounds + 2)
	if n := len(plies()); n != 2*rounds+2 {
		t.Errorf("%d plies after one more round, want %d", n, 2*rounds+2)
	}
	noComputerMail(t, r.out)
}

// thinker is an engine that thinks until the test lets it go on.
type thinker struct {
	started chan struct{}
	release chan struct{}
}

func (e *thinker) Think(ctx context.Context, g rules.Game, s ai.Settings) (ai.Thought, error) {
	select {
	case e.started <- struct{}{}:
	default:
	}
	select {
	case <-e.release:
	case <-ctx.Done():
	}
	return greedy.Engine{}.Think(ctx, g, s)
}

// TestDaemonReadsMailWhileTheComputerThinks: a long search holds up no
// other mail.
func TestDaemonReadsMailWhileTheComputerThinks(t *testing.T) {
	e := &thinker{started: make(chan struct{}, 1), release: make(chan struct{})}
	r := newRig(t, dovecot.Config{}, nil)
	r.start(func(c *serveConfig) { c.engines = func(*rules.Kind) ai.Engine { return e } })
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	start := alice.answer(alice.send(serviceAddress, "a game", "", "new pente with computer"), "the game begins")
	alice.answer(alice.reply(start, "K10"), "You played K10")
	select {
	case <-e.started:
	case <-time.After(mailWait):
		t.Fatal("the computer never began to think")
	}
	// The computer thinks; bob's mail is read and answered meanwhile.
	bob.answer(bob.send(serviceAddress, "help", "", "help"), "Commands, one per line")
	close(e.release)
	mustSay(t, alice.next("the computer's ply"), "Computer (level 5) (Black) played", "(ply 2)")
}
