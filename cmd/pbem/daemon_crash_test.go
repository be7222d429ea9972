package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/smtptest"
)

// buildPbem builds the pbem binary into a temporary folder.
func buildPbem(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "pbem")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// child is `pbem serve` as a process of its own, started again and again
// on the same data; its log goes to one file.
type child struct {
	t    *testing.T
	bin  string
	args []string
	log  string
	cmd  *exec.Cmd
	exit chan error
	// from is where the log of the last start begins.
	from int
}

func (c *child) start() {
	c.t.Helper()
	f, err := os.OpenFile(c.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		c.t.Fatal(err)
	}
	defer f.Close()
	c.from = len(c.readLog())
	c.cmd = exec.Command(c.bin, append([]string{"serve"}, c.args...)...)
	c.cmd.Stdout, c.cmd.Stderr = f, f
	if err := c.cmd.Start(); err != nil {
		c.t.Fatalf("start pbem serve: %v", err)
	}
	c.exit = make(chan error, 1)
	go func(cmd *exec.Cmd, exit chan error) { exit <- cmd.Wait() }(c.cmd, c.exit)
}

// signal sends sig to the daemon and waits for it to end.
func (c *child) signal(sig syscall.Signal) error {
	c.t.Helper()
	if c.cmd == nil {
		return nil
	}
	c.cmd.Process.Signal(sig)
	defer func() { c.cmd = nil }()
	select {
	case err := <-c.exit:
		return err
	case <-time.After(30 * time.Second):
		c.cmd.Process.Kill()
		<-c.exit
		c.t.Fatalf("pbem serve did not end within 30s of %v", sig)
		return nil
	}
}

// waitUp waits until the daemon started last is connected to its
// mailbox.
func (c *child) waitUp() {
	c.t.Helper()
	deadline := time.Now().Add(mailWait)
	for !strings.Contains(c.readLog()[c.from:], "imap connected") {
		if time.Now().After(deadline) {
			c.t.Fatalf("pbem serve did not connect to IMAP within %v", mailWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (c *child) readLog() string {
	b, _ := os.ReadFile(c.log)
	return string(b)
}

// killed reports whether a process's end was SIGKILL.
func killed(err error) bool {
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return false
	}
	ws, ok := exit.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}

// logTail is the end of the daemon's log.
func (c *child) logTail() string {
	b := c.readLog()
	if len(b) > 8000 {
		b = b[len(b)-8000:]
	}
	return b
}

// TestDaemonSurvivesSIGKILL is the crash test of issue 6: 200 moves of 20
// Pente games stream into the service's INBOX while the daemon, a process
// of its own, is killed with SIGKILL at random moments and started again,
// at least 20 times and until every move is processed. Then: every move was applied exactly
// once, in order, by its own mail; every move mail was answered at least
// once; every outbox mail reached the SMTP server and is marked sent; and
// a mail once marked sent was never sent again (only a mail the daemon
// died between sending and marking may reach the server twice).
func TestDaemonSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test builds the binary and kills it a few dozen times: not with -short")
	}
	const (
		games    = 20
		perGame  = 10
		minKills = 20
		seed     = 7
	)
	began := time.Now()
	imap := dovecot.New(t, dovecot.Config{})
	smtp := smtptest.New(t, smtptest.Options{})
	out := &outbound{srv: smtp}
	data := filepath.Join(t.TempDir(), "data")
	d := &child{t: t, bin: buildPbem(t), log: filepath.Join(t.TempDir(), "serve.log"),
		args: []string{"--imap", imap.URL("imap", dovecot.User, "INBOX"), "--smtp", "smtp://" + smtp.Addr,
			"--address", serviceAddress, "--data", data, "--poll", "1s", "--log", "info"}}
	t.Cleanup(func() {
		d.signal(syscall.SIGKILL)
		if t.Failed() {
			t.Logf("pbem serve log (the end):\n%s", d.logTail())
		}
	})
	d.start()

	rnd := rand.New(rand.NewPCG(seed, 1))
	gs, moves := setUpGames(t, imap, out, games, perGame, rnd)
	setup := time.Since(began)
	// From the daemon's next start on, the moves stream in while it is
	// killed again and again.
	if err := d.signal(syscall.SIGTERM); err != nil {
		t.Fatalf("pbem serve ended with %v on SIGTERM, want exit 0", err)
	}
	c := imap.Dial(t, dovecot.User)
	appended := make(chan error, 1)
	go func() {
		_, err := appendEach(c, moves)
		appended <- err
	}()

	// Kill the daemon at random moments until every move is processed and
	// it was killed often enough; after each kill, note which outbox mails
	// were marked sent and how often the server had taken each.
	type snapshot struct {
		marked map[string]bool // outbox Message-IDs marked sent
		taken  map[string]int  // mails the server took, by Message-ID
	}
	var snaps []snapshot
	processed := func() (n int, marked map[string]bool) {
		marked = map[string]bool{}
		viewStore(t, data, func(tx *db.Tx) error {
			for _, g := range gs {
				for _, id := range g.moves {
					seen, err := tx.Seen(id, "", 0, 0)
					if err != nil {
						return err
					}
					if seen {
						n++
					}
				}
			}
			rows, err := tx.MailsSince(0)
			for _, m := range rows {
				if m.Sent != nil {
					marked[m.MessageID] = true
				}
			}
			return err
		})
		return n, marked
	}
	taken := func() map[string]int {
		got := map[string]int{}
		for _, m := range out.update(t) {
			got[m.MessageID]++
		}
		return got
	}
	crashStart := time.Now()
	kills, progress := 0, []int{}
	for {
		d.start()
		// Up to 200ms: the daemon's start, then a share of the stream,
		// so that the kills fall amid the work.
		time.Sleep(time.Duration(rnd.Int64N(int64(200 * time.Millisecond))))
		if err := d.signal(syscall.SIGKILL); !killed(err) {
			t.Fatalf("pbem serve ended by itself (%v) before it was killed", err)
		}
		kills++
		n, marked := processed()
		time.Sleep(20 * time.Millisecond) // a mail whose DATA ended just before the kill is recorded
		snaps = append(snaps, snapshot{marked: marked, taken: taken()})
		progress = append(progress, n)
		if n == len(moves) && kills >= minKills {
			break
		}
		if kills > 300 {
			t.Fatalf("after %d kills only %d of %d moves are processed: %v", kills, n, len(moves), progress)
		}
	}
	crashTime := time.Since(crashStart)
	if err := <-appended; err != nil {
		t.Fatal(err)
	}

	// The last run: the daemon sends what is left and stops on SIGTERM
	// (once it is up: before, SIGTERM would end it without a word).
	d.start()
	d.waitUp()
	deadline := time.Now().Add(mailWait)
	for {
		var due []db.Mail
		viewStore(t, data, func(tx *db.Tx) (err error) {
			due, err = tx.Due(time.Now().Add(time.Hour), 1)
			return err
		})
		if len(due) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the outbox still holds mail to send %v after the last start", mailWait)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := d.signal(syscall.SIGTERM); err != nil {
		t.Errorf("pbem serve ended with %v on SIGTERM, want exit 0", err)
	}

	// Every move applied exactly once, in order, by its own mail.
	viewStore(t, data, func(tx *db.Tx) error {
		for _, g := range gs {
			plies, err := tx.Plies(g.id)
			if err != nil {
				return err
			}
			var got []string
			for _, p := range plies {
				got = append(got, p.Token)
			}
			if strings.Join(got, " ") != strings.Join(g.plies, " ") {
				t.Errorf("game %d has plies %v, want %v", g.id, got, g.plies)
				continue
			}
			for k, p := range plies {
				m, err := tx.MessageByID(p.Message)
				if err != nil {
					return err
				}
				if m.MessageID != g.moves[k] {
					t.Errorf("game %d ply %d was carried by mail %q, want %q", g.id, k+1, m.MessageID, g.moves[k])
				}
			}
		}
		return nil
	})

	// Every move mail answered at least once, in its thread, as played.
	answers := map[string][]sentMail{}
	for _, m := range out.update(t) {
		answers[m.InReplyTo] = append(answers[m.InReplyTo], m)
	}
	for _, g := range gs {
		for k, id := range g.moves {
			a := answers[id]
			if len(a) == 0 {
				t.Errorf("move mail %s (%s) was never answered", id, g.plies[k])
				continue
			}
			want := fmt.Sprintf("You played %s in game %d (ply %d)", g.plies[k], g.id, k+1)
			if !strings.Contains(flatText(a[0]), want) {
				t.Errorf("move mail %s answered with:\n%s\nwant %q", id, a[0].Text, want)
			}
		}
	}

	// The outbox: every mail marked sent and taken by the server; once
	// marked, never sent again; twice only when a kill came between
	// sending and marking.
	_, marked := processed()
	final := taken()
	var rows []db.Mail
	viewStore(t, data, func(tx *db.Tx) (err error) {
		rows, err = tx.MailsSince(0)
		return err
	})
	resent := 0
	for _, m := range rows {
		n := final[m.MessageID]
		if !marked[m.MessageID] || n == 0 {
			t.Errorf("outbox mail %d (%s) marked sent: %v; taken by the server %d times", m.ID, m.MessageID, marked[m.MessageID], n)
			continue
		}
		unmarked := 0
		for _, s := range snaps {
			if s.marked[m.MessageID] && s.taken[m.MessageID] != n {
				t.Errorf("outbox mail %s was sent again after it was marked sent: %d times then, %d in the end",
					m.MessageID, s.taken[m.MessageID], n)
			}
			if !s.marked[m.MessageID] && s.taken[m.MessageID] > 0 {
				unmarked++
			}
		}
		if n > 1+unmarked {
			t.Errorf("outbox mail %s reached the server %d times, but only %d kills found it sent and not marked",
				m.MessageID, n, unmarked)
		}
		resent += n - 1
	}
	if len(final) != len(rows) {
		t.Errorf("the server took %d distinct mails, the outbox holds %d", len(final), len(rows))
	}
	t.Logf("%d moves of %d games: setup %v, %d kills in %v (moves processed at each kill: %v), %d outbox mails, %d sent twice (the daemon died between sending and marking), %v in all",
		len(moves), games, setup.Round(time.Millisecond), kills, crashTime.Round(time.Millisecond), progress,
		len(rows), resent, time.Since(began).Round(time.Millisecond))
}
