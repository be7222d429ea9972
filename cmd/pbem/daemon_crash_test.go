package main

import (
	"context"
	"errors"
	"fmt"
	"io"
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

// serveArgs are the arguments of a pbem serve on a private Dovecot and
// SMTP server, with its store in data.
func serveArgs(imap *dovecot.Server, smtp *smtptest.Server, data string) []string {
	return []string{"--imap", imap.URL("imap", dovecot.User, "INBOX"), "--smtp", "smtp://" + smtp.Addr,
		"--address", serviceAddress, "--data", data, "--poll", "1s", "--log", "info"}
}

// killable starts pbem serve with args as a child process the test may
// kill and start again; it is killed when the test ends, and its log's end
// shown when the test failed.
func killable(t *testing.T, args []string) *child {
	t.Helper()
	d := &child{t: t, bin: buildPbem(t), log: filepath.Join(t.TempDir(), "serve.log"), args: args}
	t.Cleanup(func() {
		d.signal(syscall.SIGKILL)
		if t.Failed() {
			t.Logf("pbem serve log (the end):\n%s", d.logTail())
		}
	})
	d.start()
	return d
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
	from int64
}

func (c *child) start() {
	c.t.Helper()
	f, err := os.OpenFile(c.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		c.t.Fatal(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		c.t.Fatal(err)
	}
	c.from = st.Size()
	c.cmd = exec.Command(c.bin, append([]string{"serve"}, noArchive(c.args)...)...)
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
	case <-time.After(mailWait):
		c.cmd.Process.Kill()
		<-c.exit
		c.t.Fatalf("pbem serve did not end within %v of %v", mailWait, sig)
		return nil
	}
}

// waitLog waits until the log of the daemon started last has the line msg
// (a slog message, such as "imap connected").
func (c *child) waitLog(msg string) {
	c.t.Helper()
	want := fmt.Sprintf("msg=%q", msg)
	deadline := time.Now().Add(mailWait)
	for !strings.Contains(c.logSince(), want) {
		select {
		case err := <-c.exit:
			c.exit <- err // for signal
			c.t.Fatalf("pbem serve ended (%v) before it logged %q", err, msg)
		default:
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("pbem serve did not log %q within %v", msg, mailWait)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitUp waits until the daemon started last is connected to its
// mailbox.
func (c *child) waitUp() {
	c.t.Helper()
	c.waitLog("imap connected")
}

// logSince is the log of the daemon started last.
func (c *child) logSince() string {
	f, err := os.Open(c.log)
	if err != nil {
		return ""
	}
	defer f.Close()
	b, _ := io.ReadAll(io.NewSectionReader(f, c.from, 1<<40))
	return string(b)
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

// TestDaemonSurvivesSIGKILL is the crash test: 200 moves of 20 Pente
// games stream into the service's INBOX while the daemon, a process of its
// own, is killed with SIGKILL again and again amid its work and started
// again, at least 20 times and until every move is processed. Then: every
// move was applied exactly once, in order, by its own mail; every move mail
// was answered at least once; every outbox mail reached the SMTP server and
// is marked sent; and a mail once marked sent was never sent again (only a
// mail the daemon died between sending and marking may reach the server
// twice).
//
// The kills are placed by what the daemon did, never by the clock: a
// window in milliseconds holds the whole stream on a fast machine and not
// even the daemon's start on a loaded one, where no kill would ever find
// work done. So each kill waits for a random number (1 to maxStride) of
// moves more recorded in the store than at the kill before, which lands
// it amid the stream (the next mail in hand, replies being sent, mails
// handled but not yet filed) and makes every such kill a step forward
// however slow the machine is. Now and then a kill falls instead in the
// start itself: when the store is open and the outbox and the clocks are
// recovered, or when the intake has just connected.
func TestDaemonSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test builds the binary and kills it a few dozen times: not with -short")
	}
	const (
		games    = 20
		perGame  = 10
		minKills = 20
		seed     = 7
		// maxStride bounds the moves a kill waits for: 1 to 9, about 5 on
		// average (more when the daemon outpaces the test's look at the
		// store), so that the kills are mostly amid the stream.
		maxStride = 9
	)
	began := time.Now()
	imap := dovecot.New(t, dovecot.Config{})
	smtp := smtptest.New(t, smtptest.Options{})
	out := &outbound{srv: smtp}
	data := filepath.Join(t.TempDir(), "data")
	d := killable(t, serveArgs(imap, smtp, data))

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

	// After each kill, note which outbox mails were marked sent and how
	// often the server had taken each.
	type snapshot struct {
		marked map[string]bool // outbox Message-IDs marked sent
		taken  map[string]int  // mails the server took, by Message-ID
	}
	var snaps []snapshot
	recorded := func(tx *db.Tx) (n int, err error) {
		for _, g := range gs {
			for _, id := range g.moves {
				seen, err := tx.Seen(id, "", 0, 0)
				if err != nil {
					return 0, err
				}
				if seen {
					n++
				}
			}
		}
		return n, nil
	}
	processed := func() (n int, marked map[string]bool) {
		marked = map[string]bool{}
		viewStore(t, data, func(tx *db.Tx) (err error) {
			if n, err = recorded(tx); err != nil {
				return err
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
	// The store the test watches while the daemon runs: opened once, since
	// opening takes the write lock for the migrations.
	watch, err := db.Open(context.Background(), filepath.Join(data, "pbem.db"))
	if err != nil {
		t.Fatalf("open the daemon's store: %v", err)
	}
	defer watch.Close()
	// The move mails in the order they are appended, which is the order
	// the daemon takes them in (by UID): the moves recorded are a prefix of
	// it, so that a look at the store while the daemon runs needs to read
	// only past the moves it already found.
	var order []string
	for k := range perGame {
		for _, g := range gs {
			order = append(order, g.moves[k])
		}
	}
	// waitRecorded waits until at least the first n moves are recorded,
	// failing when the daemon records none for mailWait.
	waitRecorded := func(from, n int) {
		t.Helper()
		deadline := time.Now().Add(mailWait)
		for from < n {
			if err := watch.View(context.Background(), func(tx *db.Tx) error {
				for ; from < n; from++ {
					seen, err := tx.Seen(order[from], "", 0, 0)
					if err != nil || !seen {
						return err
					}
					deadline = time.Now().Add(mailWait)
				}
				return nil
			}); err != nil {
				t.Fatalf("read the daemon's store: %v", err)
			}
			if from >= n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the daemon recorded no move for %v: %d of %d, waiting for %d", mailWait, from, len(moves), n)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}

	crashStart := time.Now()
	kills, early, progress := 0, 0, []int{}
	for n := 0; n < len(moves) || kills < minKills; kills++ {
		d.start()
		// A quarter of the kills fall in the start, the others carry the
		// stream forward.
		switch k := rnd.IntN(8); {
		case k == 0:
			// In the start: the store is open, the clocks and the outbox
			// are about to be recovered.
			d.waitLog("pbem serving")
			early++
		case k == 1:
			// The intake has just connected: it is about to take the
			// mails left in the INBOX, some of them recorded already.
			d.waitUp()
			early++
		default:
			d.waitUp()
			waitRecorded(n, min(n+1+rnd.IntN(maxStride), len(moves)))
		}
		if err := d.signal(syscall.SIGKILL); !killed(err) {
			t.Fatalf("pbem serve ended by itself (%v) before it was killed", err)
		}
		var marked map[string]bool
		n, marked = processed()
		// The SMTP server may still be reading what the daemon wrote before
		// it died; once its sessions ended, the server has all of it.
		if !smtp.WaitIdle(mailWait) {
			t.Fatalf("the SMTP server still had a session %v after the daemon was killed", mailWait)
		}
		snaps = append(snaps, snapshot{marked: marked, taken: taken()})
		progress = append(progress, n)
	}
	crashTime := time.Since(crashStart)
	if err := <-appended; err != nil {
		t.Fatal(err)
	}

	// The last run: the daemon sends what is left and stops on SIGTERM
	// (once it is up: before, SIGTERM would end it without a word).
	d.start()
	d.waitUp()
	sendAllThenStop(t, d, watch)

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
	t.Logf("%d moves of %d games: setup %v, %d kills (%d in the start) in %v (moves processed at each kill: %v), %d outbox mails, %d sent twice (the daemon died between sending and marking), %v in all",
		len(moves), games, setup.Round(time.Millisecond), kills, early, crashTime.Round(time.Millisecond), progress,
		len(rows), resent, time.Since(began).Round(time.Millisecond))
}

// sendAllThenStop waits until the daemon has sent everything its outbox
// holds (read through watch, a connection of the test's own to the
// daemon's store), then stops it with SIGTERM and expects a clean exit.
func sendAllThenStop(t *testing.T, d *child, watch *db.Store) {
	t.Helper()
	deadline := time.Now().Add(mailWait)
	for {
		var due []db.Mail
		if err := watch.View(context.Background(), func(tx *db.Tx) (err error) {
			due, err = tx.Due(time.Now().Add(time.Hour), 1)
			return err
		}); err != nil {
			t.Fatalf("read the daemon's store: %v", err)
		}
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
}
