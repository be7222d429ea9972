package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/rules"
	"pbem/rules/games"
)

// playGame plays game id through the daemon to its end. The seat to move
// in replica (the players' own copy of the game) chooses a ply, replies
// with it to its latest mail about the game and reads the answer; every
// other seat reads the news. A seat whose only legal ply is "pass" does not
// mail: the service passes for it, and the replica follows. pace runs
// before each mail (it moves a fake clock on). It returns how many plies
// the service played by itself.
func playGame(t *testing.T, id int64, replica rules.Game, seats []*player, choose func(rules.Game) rules.Ply, pace func()) (passes int) {
	t.Helper()
	passes = passBlocked(t, replica)
	for !replica.Outcome().Over {
		if replica.Plies() > 1000 {
			t.Fatalf("game %d still goes on after %d plies", id, replica.Plies())
		}
		mover, n := int(replica.ToMove()), replica.Plies()+1
		ply := choose(replica)
		tok := ply.String()
		if err := replica.Play(ply); err != nil {
			t.Fatalf("the players' replica refused its own choice %s: %v", tok, err)
		}
		passes += passBlocked(t, replica)
		if pace != nil {
			pace()
		}
		msgID := seats[mover].reply(seats[mover].last[id], tok)
		m := seats[mover].answer(msgID, fmt.Sprintf("You played %s in game %d (ply %d)", tok, id, n))
		mustSay(t, m, status(replica, mover))
		for s, p := range seats {
			if s != mover {
				m := p.next(fmt.Sprintf("the news of ply %d", n))
				mustSay(t, m, fmt.Sprintf("played %s in game %d (ply %d)", tok, id, n), status(replica, s))
			}
		}
	}
	return passes
}

// passBlocked plays the passes the service plays: while the seat to move
// can only pass, it passes.
func passBlocked(t *testing.T, g rules.Game) int {
	t.Helper()
	n := 0
	for !g.Outcome().Over {
		legal := g.Legal()
		if len(legal) != 1 || legal[0].String() != "pass" {
			break
		}
		if err := g.Play(legal[0]); err != nil {
			t.Fatalf("pass: %v", err)
		}
		n++
	}
	return n
}

// status is what the subject of a mail to seat says after the replica's
// last ply.
func status(g rules.Game, seat int) string {
	switch {
	case g.Outcome().Over:
		return "game over"
	case int(g.ToMove()) == seat:
		return "your move"
	}
	return "to move"
}

// newReplica sets up the players' copy of a game as the service does:
// the named game with the given options.
func newReplica(t testing.TB, name string, opts rules.Options) rules.Game {
	t.Helper()
	e, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	g, err := e.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkStored checks that the store holds game id as the replica has it:
// finished with the rules' result, every ply in order, the mailed ones
// with the mail that carried them and the passes with none.
func checkStored(t *testing.T, r *rig, id int64, replica rules.Game) {
	t.Helper()
	var row db.Game
	var plies []db.Ply
	r.view(func(tx *db.Tx) (err error) {
		if row, err = tx.Game(id); err != nil {
			return err
		}
		plies, err = tx.Plies(id)
		return err
	})
	if want := replica.Outcome().Result(replica.Seats()); row.State != db.Finished || row.Result != want {
		t.Errorf("game %d stored %s %s, want finished %s", id, row.State, row.Result, want)
	}
	hist := replica.History()
	if len(plies) != len(hist) {
		t.Fatalf("game %d has %d plies stored, the players played %d", id, len(plies), len(hist))
	}
	for i, p := range plies {
		if p.N != i+1 || p.Token != hist[i].String() {
			t.Fatalf("game %d ply %d stored as %d %s, want %s", id, i+1, p.N, p.Token, hist[i])
		}
		if mailed := p.Message != 0; mailed == (p.Token == "pass") {
			t.Errorf("game %d ply %d %s: carried by stored mail %d; want a mail for every ply but the service's passes", id, p.N, p.Token, p.Message)
		}
	}
}

// TestDaemonPlaysAWholePenteGame runs `pbem serve` on Dovecot and an SMTP
// server: two players play a whole Pente game by mail, every mail is
// answered in its thread, the store holds the game as played, every mail
// ends up \Seen in Processed, and a mail that cannot be read at all goes to
// Rejected.
func TestDaemonPlaysAWholePenteGame(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "tournament=off")

	replica := newReplica(t, "pente", rules.Options{"tournament": "off"})
	plies := []string{"K10", "A1", "L10", "C1", "M10", "E1", "N10", "G1", "O10"}
	choose := func(g rules.Game) rules.Ply {
		p, err := g.Parse(plies[g.Plies()])
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	playGame(t, id, replica, []*player{alice, bob}, choose, nil)
	mustSay(t, bob.last[id], "Game over: alice wins")
	checkStored(t, r, id, replica)

	raw := []byte("this line is no header field\r\nnor is this one\r\n\r\nnot a mail at all\r\n")
	r.deliver(raw)
	r.waitFiled(alice.n+bob.n, 1)
	if got := r.imap.Messages(t, dovecot.User, "Rejected")[0].Raw; string(got) != string(raw) {
		t.Errorf("Rejected holds %q, want the unreadable mail", got)
	}
	if code := r.d.stop(t); code != exitOK {
		t.Errorf("pbem serve exit %d after a stop, want %d", code, exitOK)
	}
}

// cramp chooses, among the legal plies, one that leaves the next seat the
// fewest legal plies (a win first), ties broken by rnd: a policy that
// blocks seats now and then, so that the service has passes to play.
func cramp(rnd *rand.Rand) func(rules.Game) rules.Ply {
	return func(g rules.Game) rules.Ply {
		var best []rules.Ply
		least := 1 << 30
		for _, p := range g.Legal() {
			after := g.Clone()
			if after.Play(p) != nil {
				continue
			}
			n := len(after.Legal())
			if after.Outcome().Over {
				n = -1
			}
			if n < least {
				best, least = best[:0], n
			}
			if n == least {
				best = append(best, p)
			}
		}
		return best[rnd.IntN(len(best))]
	}
}

// pinuidSeed finds a seed whose game under cramp, played on the players'
// replica alone, has a pass of the service in it and is short enough to
// play by mail in a test.
func pinuidSeed(t *testing.T) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 2000; seed++ {
		g := newReplica(t, "pinuid", rules.Options{})
		choose := cramp(rand.New(rand.NewPCG(seed, 2)))
		passes := passBlocked(t, g)
		for !g.Outcome().Over && g.Plies() < 150 {
			if err := g.Play(choose(g)); err != nil {
				t.Fatal(err)
			}
			passes += passBlocked(t, g)
		}
		if g.Outcome().Over && passes > 0 {
			return seed
		}
	}
	t.Fatal("no seed below 2000 gives a Pinuid game with a pass within 150 plies")
	return 0
}

// TestDaemonPlaysAWholePinuidGame plays a whole Pinuid Classic game by
// mail through the daemon: the players choose legal plies on a replica of
// the game, a blocked seat is passed for by the service, and the store ends
// with the game the players saw. The players take four minutes a ply on the
// daemon's fake clock (their mail arrives at that time too), so that the
// per-hour reply limit holds for them as it would for real players.
func TestDaemonPlaysAWholePinuidGame(t *testing.T) {
	seed := pinuidSeed(t)
	// The Pente game ran on IDLE; here the daemon meets a server without
	// IDLE, which it polls.
	clock := newFakeClock()
	r := newRig(t, dovecot.Config{Capabilities: "IMAP4rev1 LITERAL+ SASL-IR ENABLE UIDPLUS NAMESPACE MOVE"}, clock)
	r.start(nil, "--tick", "100ms", "--poll", "20ms")
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pinuid", "")

	replica := newReplica(t, "pinuid", rules.Options{})
	start := time.Now()
	passes := playGame(t, id, replica, []*player{alice, bob}, cramp(rand.New(rand.NewPCG(seed, 2))),
		func() { clock.Advance(4 * time.Minute) })
	t.Logf("seed %d: %d plies (%d passes by the service) in %v, %s %s", seed, replica.Plies(), passes,
		time.Since(start).Round(time.Millisecond), replica.Outcome().Result(2), replica.Outcome().Reason)
	if passes == 0 {
		t.Errorf("the game had no pass, though seed %d gave one on the replica", seed)
	}
	for _, p := range []*player{alice, bob} {
		if m := p.last[id]; !strings.Contains(m.Subject, "game over") {
			t.Errorf("%s's last mail about the game: %q, want game over", p.addr, m.Subject)
		}
	}
	checkStored(t, r, id, replica)
	r.waitFiled(alice.n+bob.n, 0)
}
