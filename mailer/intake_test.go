package mailer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"

	"pbem/internal/dovecot"
)

// testMail is a small mail with a Message-ID made from n.
func testMail(n int, subject string) []byte {
	return fmt.Appendf(nil, "From: player%d@example.org\r\nTo: pbem@example.org\r\nSubject: %s\r\n"+
		"Message-ID: <m%d@example.org>\r\nDate: Mon, 2 Jan 2006 15:04:05 +0000\r\n\r\nmove %d K10\r\n", n, subject, n, n)
}

// deliveries records what a Handler was given.
type deliveries struct {
	mu  sync.Mutex
	got []Delivery
}

func (d *deliveries) add(x Delivery) {
	d.mu.Lock()
	d.got = append(d.got, x)
	d.mu.Unlock()
}

func (d *deliveries) list() []Delivery {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.got)
}

// byVerdict is a Handler that records the mail and rejects it when it
// says "reject me".
func (d *deliveries) byVerdict(_ context.Context, x Delivery) (Verdict, error) {
	d.add(x)
	if bytes.Contains(x.Raw, []byte("reject me")) {
		return Rejected, nil
	}
	return Processed, nil
}

// distinct is how many different mails were handed in.
func (d *deliveries) distinct() int {
	seen := map[uint32]bool{}
	for _, x := range d.list() {
		seen[x.UID] = true
	}
	return len(seen)
}

// testIntake is an IntakeConfig with test-sized durations. The Timeout is
// generous: a server slow to answer on a busy machine must not break the
// connection, which would hand mail in twice.
func testIntake(t *testing.T, url string, h Handler) IntakeConfig {
	log, _ := newLog(t)
	return IntakeConfig{URL: url, Handler: h, Poll: 100 * time.Millisecond, Timeout: 30 * time.Second,
		RetryMin: 50 * time.Millisecond, RetryMax: 400 * time.Millisecond, Log: log}
}

func newIntake(t *testing.T, cfg IntakeConfig) *Intake {
	t.Helper()
	in, err := NewIntake(cfg)
	if err != nil {
		t.Fatalf("NewIntake: %v", err)
	}
	return in
}

// waitMailboxes waits until the user's three mailboxes hold the given
// numbers of mails.
func waitMailboxes(t *testing.T, srv *dovecot.Server, user string, inbox, processed, rejected int) {
	t.Helper()
	var got [3]int
	waitFor(t, patience, fmt.Sprintf("INBOX/Processed/Rejected to hold %d/%d/%d mails", inbox, processed, rejected), func() bool {
		for i, mb := range []string{"INBOX", "Processed", "Rejected"} {
			got[i] = len(srv.Messages(t, user, mb))
		}
		return got == [3]int{inbox, processed, rejected}
	})
}

func TestIntakeFilesMailByVerdictInUIDOrder(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	subjects := []string{"move", "reject me", "board"}
	var raws [][]byte
	var uids []uint32
	var uidValidity uint32
	for i, s := range subjects {
		raw := testMail(i, s)
		uv, uid := srv.Append(t, dovecot.User, "INBOX", raw)
		raws, uids, uidValidity = append(raws, raw), append(uids, uid), uv
	}
	var got deliveries
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), got.byVerdict)
	start(t, newIntake(t, cfg).Run)
	waitMailboxes(t, srv, dovecot.User, 0, 2, 1)

	ds := got.list()
	if len(ds) != 3 {
		t.Fatalf("handler called %d times, want 3", len(ds))
	}
	for i, d := range ds {
		if d.Mailbox != "INBOX" || d.UIDValidity != uidValidity || d.UID != uids[i] || !bytes.Equal(d.Raw, raws[i]) || d.Received.IsZero() {
			t.Errorf("delivery %d = {%s %d %d %v %q}, want {INBOX %d %d <set> %q}", i, d.Mailbox, d.UIDValidity, d.UID,
				d.Received, d.Raw, uidValidity, uids[i], raws[i])
		}
	}
	for folder, want := range map[string][][]byte{"Processed": {raws[0], raws[2]}, "Rejected": {raws[1]}} {
		for i, m := range srv.Messages(t, dovecot.User, folder) {
			if !m.Seen() || !bytes.Equal(m.Raw, want[i]) {
				t.Errorf("%s holds %q (seen %v), want %q flagged \\Seen", folder, m.Raw, m.Seen(), want[i])
			}
		}
	}
}

// TestIntakeFilesEveryBatch: over several batches (each filed while the
// next is fetched and handled), every mail is handed in once, in UID
// order, and ends in its folder flagged \Seen.
func TestIntakeFilesEveryBatch(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	const n = 3*fetchBatch + 5
	rejected := func(i int) bool { return i%7 == 3 }
	var uids []uint32
	for i := range n {
		subject := "move"
		if rejected(i) {
			subject = "reject me"
		}
		_, uid := srv.Append(t, dovecot.User, "INBOX", testMail(i, subject))
		uids = append(uids, uid)
	}
	var got deliveries
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), got.byVerdict)
	start(t, newIntake(t, cfg).Run)
	nRejected := 0
	for i := range n {
		if rejected(i) {
			nRejected++
		}
	}
	waitMailboxes(t, srv, dovecot.User, 0, n-nRejected, nRejected)
	ds := got.list()
	if len(ds) != n {
		t.Fatalf("handler called %d times, want %d", len(ds), n)
	}
	for i, d := range ds {
		if d.UID != uids[i] {
			t.Fatalf("delivery %d is UID %d, want %d: not in UID order", i, d.UID, uids[i])
		}
	}
	for _, folder := range []string{"Processed", "Rejected"} {
		for _, m := range srv.Messages(t, dovecot.User, folder) {
			if !m.Seen() {
				t.Errorf("%s holds %q not flagged \\Seen", folder, m.Raw)
			}
			if r := bytes.Contains(m.Raw, []byte("reject me")); r != (folder == "Rejected") {
				t.Errorf("%s holds %q", folder, m.Raw)
			}
		}
	}
}

func TestIntakeLeavesMailInPlaceWhileHandlerFails(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	_, uid := srv.Append(t, dovecot.User, "INBOX", testMail(1, "move"))
	var storeDown atomic.Bool
	storeDown.Store(true)
	var got deliveries
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), func(_ context.Context, d Delivery) (Verdict, error) {
		got.add(d)
		if storeDown.Load() {
			return Processed, errors.New("store down")
		}
		return Processed, nil
	})
	start(t, newIntake(t, cfg).Run)
	waitFor(t, patience, "two failed attempts", func() bool { return len(got.list()) >= 2 })
	inbox := srv.Messages(t, dovecot.User, "INBOX")
	if len(inbox) != 1 || inbox[0].UID != uid || inbox[0].Seen() {
		t.Fatalf("while the handler fails INBOX holds %+v, want UID %d unseen", inbox, uid)
	}
	if n := len(srv.Messages(t, dovecot.User, "Processed")); n != 0 {
		t.Fatalf("while the handler fails Processed holds %d mails, want 0", n)
	}
	storeDown.Store(false)
	waitMailboxes(t, srv, dovecot.User, 0, 1, 0)
	for _, d := range got.list() {
		if d.UID != uid {
			t.Errorf("handler got UID %d, want only %d", d.UID, uid)
		}
	}
}

func TestIntakeIdleWakesOnNewMail(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	var got deliveries
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), func(_ context.Context, d Delivery) (Verdict, error) {
		got.add(d)
		return Processed, nil
	})
	log, rec := newLog(t)
	// Polling and IDLE restarts would take an hour: only IDLE's news can
	// bring the mail in time.
	cfg.Log, cfg.Poll, cfg.IdleRestart = log, time.Hour, time.Hour
	start(t, newIntake(t, cfg).Run)
	waitFor(t, patience, "the intake to idle", func() bool { return rec.count("idling") > 0 })
	if rec.count("imap connected", "idle=true") != 1 {
		t.Errorf("the intake did not report that the server offers IDLE")
	}
	srv.Append(t, dovecot.User, "INBOX", testMail(1, "move"))
	waitFor(t, patience, "the mail appended while idling", func() bool { return len(got.list()) == 1 })
	waitMailboxes(t, srv, dovecot.User, 0, 1, 0)
}

func TestIntakePollsAndCopiesWithoutIdleOrMove(t *testing.T) {
	// A server without IDLE and MOVE: the intake polls, and moves with
	// COPY, STORE \Deleted and UID EXPUNGE.
	srv := dovecot.New(t, dovecot.Config{Capabilities: "IMAP4rev1 LITERAL+ SASL-IR ENABLE UIDPLUS NAMESPACE"})
	if caps := srv.Dial(t, dovecot.User).Caps(); caps.Has(imap.CapIdle) || caps.Has(imap.CapMove) {
		t.Fatalf("the server still offers IDLE or MOVE: %v", caps)
	}
	srv.Append(t, dovecot.User, "INBOX", testMail(1, "move"))
	srv.Append(t, dovecot.User, "INBOX", testMail(2, "reject me"))
	var got deliveries
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), got.byVerdict)
	log, rec := newLog(t)
	cfg.Log = log
	start(t, newIntake(t, cfg).Run)
	waitMailboxes(t, srv, dovecot.User, 0, 1, 1)
	srv.Append(t, dovecot.User, "INBOX", testMail(3, "move"))
	waitMailboxes(t, srv, dovecot.User, 0, 2, 1)
	if rec.count("imap connected", "idle=false") == 0 || rec.count("idling") > 0 {
		t.Errorf("the intake idled on a server without IDLE")
	}
	if n := len(got.list()); n != 3 {
		t.Errorf("handler called %d times, want 3", n)
	}
}

func TestIntakeReconnectsAfterServerRestartAndLosesNothing(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	const before, after = 10, 10
	for i := range before {
		srv.Append(t, dovecot.User, "INBOX", testMail(i, "move"))
	}
	// The third mail stays in hand until the server is down, so that the
	// restart falls mid-run, whatever the machine's speed.
	var got deliveries
	inHand, stopped := make(chan struct{}), make(chan struct{})
	var held atomic.Bool
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), func(_ context.Context, d Delivery) (Verdict, error) {
		got.add(d)
		if got.distinct() == 3 && held.CompareAndSwap(false, true) {
			close(inHand)
			<-stopped
		}
		return Processed, nil
	})
	log, rec := newLog(t)
	cfg.Log = log
	start(t, newIntake(t, cfg).Run)
	release := sync.OnceFunc(func() { close(stopped) })
	t.Cleanup(release) // before the intake is stopped, should the test fail
	select {
	case <-inHand:
	case <-time.After(patience):
		t.Fatal("the third mail never reached the handler")
	}
	srv.Stop()
	release()
	waitFor(t, patience, "a reconnect refused while the server is down", func() bool {
		return rec.count("imap connection lost") >= 2
	})
	srv.Start()
	for i := range after {
		srv.Append(t, dovecot.User, "INBOX", testMail(before+i, "move"))
	}
	waitMailboxes(t, srv, dovecot.User, 0, before+after, 0)
	if n := got.distinct(); n != before+after {
		t.Errorf("handler saw %d distinct mails, want %d", n, before+after)
	}
	if rec.count("imap connected") < 2 {
		t.Errorf("no reconnection logged")
	}
}

func TestIntakeFinishesMailInHandOnCancel(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	for i := range 3 {
		srv.Append(t, dovecot.User, "INBOX", testMail(i, "move"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got deliveries
	cfg := testIntake(t, srv.URL("imap", dovecot.User, "INBOX"), func(hctx context.Context, d Delivery) (Verdict, error) {
		got.add(d)
		cancel() // the daemon is told to stop while this mail is in hand
		time.Sleep(100 * time.Millisecond)
		if hctx.Err() != nil {
			return Processed, errors.New("the handler's context was cancelled with the mail in hand")
		}
		return Processed, nil
	})
	done := make(chan error, 1)
	go func() { done <- newIntake(t, cfg).Run(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v, want nil", err)
		}
	case <-time.After(patience):
		t.Fatal("Run did not return after cancellation")
	}
	if n := len(got.list()); n != 1 {
		t.Errorf("handler called %d times, want 1: no new mail after cancellation", n)
	}
	if n := len(srv.Messages(t, dovecot.User, "Processed")); n != 1 {
		t.Errorf("Processed holds %d mails, want the 1 in hand", n)
	}
	if n := len(srv.Messages(t, dovecot.User, "INBOX")); n != 2 {
		t.Errorf("INBOX holds %d mails, want the 2 not taken", n)
	}
}

func TestIntakeOverTLS(t *testing.T) {
	tests := []struct {
		scheme     string
		skipVerify bool
		works      bool
	}{
		{"imaps", true, true},
		{"imap+starttls", true, true},
		{"imaps", false, false}, // a self-signed certificate is refused by default
		{"imap+starttls", false, false},
	}
	users := map[string]string{}
	for i := range tests {
		users[fmt.Sprint("user", i)] = "pw"
	}
	srv := dovecot.New(t, dovecot.Config{TLS: true, Users: users})
	for i, tc := range tests {
		t.Run(fmt.Sprintf("%s/skipVerify=%v", tc.scheme, tc.skipVerify), func(t *testing.T) {
			user := fmt.Sprint("user", i)
			srv.Append(t, user, "INBOX", testMail(i, "move"))
			var got deliveries
			cfg := testIntake(t, srv.URL(tc.scheme, user, "INBOX"), func(_ context.Context, d Delivery) (Verdict, error) {
				got.add(d)
				return Processed, nil
			})
			log, rec := newLog(t)
			cfg.Log, cfg.InsecureSkipVerify = log, tc.skipVerify
			start(t, newIntake(t, cfg).Run)
			if tc.works {
				waitMailboxes(t, srv, user, 0, 1, 0)
				return
			}
			waitFor(t, patience, "a refused certificate", func() bool {
				return rec.count("imap connection lost", "certificate") > 0
			})
			if len(got.list()) != 0 || len(srv.Messages(t, user, "INBOX")) != 1 {
				t.Errorf("mail taken over an unverified connection")
			}
		})
	}
}

func TestIntakeDeadlineBreaksSilentConnection(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	proxy := newBlackHoleProxy(t, srv.Addr)
	url := strings.Replace(srv.URL("imap", dovecot.User, "INBOX"), srv.Addr, proxy.Addr, 1)
	var got deliveries
	cfg := testIntake(t, url, func(_ context.Context, d Delivery) (Verdict, error) {
		got.add(d)
		return Processed, nil
	})
	log, rec := newLog(t)
	// A Timeout short enough to end a silent connection soon, long enough
	// for a busy server's answers.
	cfg.Log, cfg.Timeout, cfg.IdleRestart, cfg.Poll = log, time.Second, 300*time.Millisecond, time.Hour
	start(t, newIntake(t, cfg).Run)
	waitFor(t, patience, "the intake to idle", func() bool { return rec.count("idling") > 0 })
	proxy.swallow() // the server vanishes without closing the connection
	srv.Append(t, dovecot.User, "INBOX", testMail(1, "move"))
	waitFor(t, patience, "the mail, over a new connection", func() bool { return len(got.list()) >= 1 })
	if rec.count("imap connection lost", "i/o timeout") == 0 {
		t.Errorf("the dead connection was not ended by a deadline")
	}
	waitMailboxes(t, srv, dovecot.User, 0, 1, 0)
}

func TestNewIntakeRefusesBadConfig(t *testing.T) {
	h := func(context.Context, Delivery) (Verdict, error) { return Processed, nil }
	tests := []struct {
		name string
		cfg  IntakeConfig
		want string
	}{
		{"bad URL", IntakeConfig{URL: "imap://pbem:pw@mail.example.org/INBOX", Handler: h}, "password in clear"},
		{"no handler", IntakeConfig{URL: "imaps://pbem:pw@mail.example.org/INBOX"}, "no handler"},
		{"folder is the mailbox", IntakeConfig{URL: "imaps://pbem:pw@mail.example.org/Processed", Handler: h}, `folder "Processed" is the mailbox`},
		{"backoff upside down", IntakeConfig{URL: "imaps://u:p@h/INBOX", Handler: h, RetryMin: time.Hour, RetryMax: time.Second}, "RetryMax"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewIntake(tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewIntake = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}
