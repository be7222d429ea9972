package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/mailtest"
	"pbem/internal/smtptest"
)

// TestDaemonConditionalAnswerSurvivesSIGKILL: in each of several Pente
// games Black leaves a line of conditional moves five deep; White's plies
// stream into the INBOX while the daemon is killed with SIGKILL again and
// again amid its work. A conditional answer is played in the transaction
// of the ply it answers, so no kill can fall between the two: in the end
// every White ply is stored once, by its own mail, each followed by its
// answer, marked conditional and carried by no mail; nothing is lost and
// nothing doubled, and every tree is used up.
func TestDaemonConditionalAnswerSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test builds the binary and kills it again and again: not with -short")
	}
	const (
		games     = 6
		pairs     = 5
		minKills  = 8
		maxStride = 4
	)
	imap := dovecot.New(t, dovecot.Config{})
	smtp := smtptest.New(t, smtptest.Options{})
	out := &outbound{srv: smtp}
	data := filepath.Join(t.TempDir(), "data")
	d := killable(t, serveArgs(imap, smtp, data))
	rnd := rand.New(rand.NewPCG(11, 1))
	gs, _ := setUpGames(t, imap, out, games, 0, rnd)

	// White's K10, then Black's L9 with the line: A1 is answered B1, A3
	// B3, and so on.
	white := make([]string, pairs)
	var line []string
	for k := range pairs {
		white[k] = fmt.Sprintf("A%d", 2*k+1)
		line = append(line, fmt.Sprintf("if A%d then B%d", 2*k+1, 2*k+1))
	}
	var raws [][]byte
	for _, g := range gs {
		raws = append(raws, mailtest.Compose(g.seats[0], g.token[0], fmt.Sprintf("Re: [pbem %d]", g.id), fmt.Sprintf("open.%d@players.example", g.id),
			g.thread[0], "K10 #1"))
	}
	appendAll(t, imap, raws)
	raws = raws[:0]
	for _, g := range gs {
		raws = append(raws, mailtest.Compose(g.seats[1], g.token[1], fmt.Sprintf("Re: [pbem %d]", g.id), fmt.Sprintf("line.%d@players.example", g.id),
			g.thread[1], "L9 #2\n"+strings.Join(line, " ")))
	}
	appendAll(t, imap, raws)
	for _, g := range gs {
		out.wait(t, "the line of game "+fmt.Sprint(g.id), func(all []sentMail) (sentMail, bool) {
			for _, m := range all {
				if m.InReplyTo == fmt.Sprintf("line.%d@players.example", g.id) {
					if !strings.Contains(flatText(m), "Stored for game") {
						t.Fatalf("black's line in game %d was not stored:\n%s", g.id, m.Text)
					}
					return m, true
				}
			}
			return sentMail{}, false
		})
	}
	if err := d.signal(syscall.SIGTERM); err != nil {
		t.Fatalf("pbem serve ended with %v on SIGTERM, want exit 0", err)
	}

	// White's plies, each naming its ply number, round by round.
	var moves [][]byte
	var order []string
	for k := range pairs {
		for _, g := range gs {
			id := fmt.Sprintf("white.%d.%d@players.example", g.id, k)
			g.moves = append(g.moves, id)
			order = append(order, id)
			moves = append(moves, mailtest.Compose(g.seats[0], g.token[0], fmt.Sprintf("Re: [pbem %d]", g.id), id,
				g.thread[0], fmt.Sprintf("%s #%d", white[k], 3+2*k)))
		}
	}
	c := imap.Dial(t, dovecot.User)
	appended := make(chan error, 1)
	go func() {
		_, err := appendEach(c, moves)
		appended <- err
	}()

	watch, err := db.Open(context.Background(), filepath.Join(data, "pbem.db"))
	if err != nil {
		t.Fatalf("open the daemon's store: %v", err)
	}
	defer watch.Close()
	recorded := func() int {
		n := 0
		if err := watch.View(context.Background(), func(tx *db.Tx) error {
			for ; n < len(order); n++ {
				seen, err := tx.Seen(order[n], "", 0, 0)
				if err != nil || !seen {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatalf("read the daemon's store: %v", err)
		}
		return n
	}
	kills := 0
	for n := 0; n < len(moves) || kills < minKills; kills++ {
		d.start()
		d.waitUp()
		// Most kills wait for a few more moves recorded, so that they fall
		// amid the stream; some fall as soon as the intake is up.
		target := min(n+1+rnd.IntN(maxStride), len(moves))
		if rnd.IntN(4) == 0 {
			target = n
		}
		deadline := time.Now().Add(mailWait)
		for n < target {
			if n = recorded(); n >= target {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the daemon recorded no move for %v: %d of %d", mailWait, n, len(moves))
			}
			time.Sleep(2 * time.Millisecond)
		}
		if err := d.signal(syscall.SIGKILL); !killed(err) {
			t.Fatalf("pbem serve ended by itself (%v) before it was killed", err)
		}
		n = recorded()
	}
	if err := <-appended; err != nil {
		t.Fatal(err)
	}
	d.start()
	d.waitUp()
	sendAllThenStop(t, d, watch)

	viewStore(t, data, func(tx *db.Tx) error {
		for _, g := range gs {
			plies, err := tx.Plies(g.id)
			if err != nil {
				return err
			}
			want := []string{"K10", "L9"}
			for k := range pairs {
				want = append(want, white[k], fmt.Sprintf("B%d", 2*k+1))
			}
			var got []string
			for _, p := range plies {
				got = append(got, p.Token)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("game %d has plies %v, want %v", g.id, got, want)
				continue
			}
			for i, p := range plies[2:] {
				answer := i%2 == 1
				if p.Conditional != answer || (p.Message == 0) != answer {
					t.Errorf("game %d ply %d %s: conditional %v, carried by mail %d; want the answers conditional and by no mail",
						g.id, p.N, p.Token, p.Conditional, p.Message)
				}
				if !answer {
					m, err := tx.MessageByID(p.Message)
					if err != nil {
						return err
					}
					if m.MessageID != g.moves[i/2] {
						t.Errorf("game %d ply %d was carried by %q, want %q", g.id, p.N, m.MessageID, g.moves[i/2])
					}
				}
			}
			if _, left, err := tx.GetConditions(g.id, 1); err != nil || left {
				t.Errorf("game %d: black's tree is not used up (%v)", g.id, err)
			}
		}
		return nil
	})
	answers := map[string]sentMail{}
	for _, m := range out.update(t) {
		answers[m.InReplyTo] = m
	}
	for _, g := range gs {
		for k, id := range g.moves {
			want := fmt.Sprintf("answered with a conditional move: B%d (ply %d)", 2*k+1, 4+2*k)
			if m, ok := answers[id]; !ok || !strings.Contains(flatText(m), want) {
				t.Errorf("white's mail %s: answered %v, want %q in:\n%s", id, ok, want, m.Text)
			}
		}
	}
	t.Logf("%d white plies in %d games, each answered by a conditional move, through %d kills", len(moves), games, kills)
}
