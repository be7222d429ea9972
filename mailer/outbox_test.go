package mailer

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/fakeclock"
	"pbem/internal/smtptest"
)

const serviceAddress = "pbem@example.org"

func openStore(t *testing.T) *db.Store {
	t.Helper()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// queue puts mails in the outbox and returns their ids.
func queue(t *testing.T, store *db.Store, mails ...db.Mail) []int64 {
	t.Helper()
	var ids []int64
	err := store.Update(context.Background(), func(tx *db.Tx) error {
		for _, m := range mails {
			if m.Created.IsZero() {
				m.Created = time.Now()
			}
			id, err := tx.Queue(m)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("queue: %v", err)
	}
	return ids
}

func simpleMail(n int, to string) db.Mail {
	return db.Mail{MessageID: fmt.Sprintf("pbem.%d@example.org", n), To: to, Subject: fmt.Sprintf("[pbem %d] your move", n),
		Headers: map[string]string{"Auto-Submitted": "auto-replied"}, Body: fmt.Sprintf("Game %d: your move.\n", n)}
}

// outbox reads every outbox row by id.
func outbox(t *testing.T, store *db.Store) map[int64]db.Mail {
	t.Helper()
	var all []db.Mail
	if err := store.View(context.Background(), func(tx *db.Tx) (err error) {
		all, err = tx.MailsSince(0)
		return err
	}); err != nil {
		t.Fatalf("read outbox: %v", err)
	}
	out := map[int64]db.Mail{}
	for _, m := range all {
		out[m.ID] = m
	}
	return out
}

func testSender(t *testing.T, url string, store *db.Store) SenderConfig {
	log, _ := newLog(t)
	return SenderConfig{URL: url, From: serviceAddress, Store: store, Poll: 100 * time.Millisecond,
		RetryMin: 50 * time.Millisecond, RetryMax: 200 * time.Millisecond, Timeout: 5 * time.Second, Log: log}
}

// countingClock is the real time, counting how often the sender reads
// it. A pass over an empty outbox reads it twice (to find the due mail,
// then to plan the wait after the pass), so the count shows passes go by
// without a test guessing how long they take.
type countingClock struct{ reads atomic.Int64 }

func (c *countingClock) Now() time.Time {
	c.reads.Add(1)
	return time.Now()
}

// waitPasses waits until the sender has made at least n whole passes from
// now on: 2n+1 reads of its clock.
func (c *countingClock) waitPasses(t *testing.T, n int64) {
	t.Helper()
	from := c.reads.Load()
	waitFor(t, patience, fmt.Sprintf("%d passes of the sender", n), func() bool { return c.reads.Load() >= from+2*n+1 })
}

func newSender(t *testing.T, cfg SenderConfig) *Sender {
	t.Helper()
	s, err := NewSender(cfg)
	if err != nil {
		t.Fatalf("NewSender: %v", err)
	}
	return s
}

func waitSent(t *testing.T, store *db.Store, ids ...int64) {
	t.Helper()
	waitFor(t, patience, fmt.Sprintf("mails %v marked sent", ids), func() bool {
		rows := outbox(t, store)
		for _, id := range ids {
			if rows[id].Sent == nil {
				return false
			}
		}
		return true
	})
}

func TestSenderDeliversComposedMail(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	store := openStore(t)
	board := "   A B C\n 3 . ● .  3\n 2 = ○ .  2\n"
	withHeaders := db.Mail{MessageID: "pbem.tok.1@example.org", To: "alice@example.org",
		Subject: "[pbem 7] Pente: Jürgen vs alice – your move",
		Headers: map[string]string{"Reply-To": "pbem+tok@example.org", "In-Reply-To": "<m1@client.example>",
			"References": "<pbem.game7@example.org> <m1@client.example>", "Auto-Submitted": "auto-replied"},
		Body: "Read: move 7 K10\n\n" + board}
	withAttachment := simpleMail(2, "bob@example.org")
	withAttachment.Attachments = []db.Attachment{{Name: "game7.pgn", Type: "application/x-chess-pgn", Data: []byte("1. K10 L9 *\n")}}
	ids := queue(t, store, withHeaders, withAttachment)
	start(t, newSender(t, testSender(t, "smtp://"+srv.Addr, store)).Run)
	waitSent(t, store, ids...)

	got := srv.Mails()
	if len(got) != 2 {
		t.Fatalf("server received %d mails, want 2", len(got))
	}
	for i, want := range []db.Mail{withHeaders, withAttachment} {
		r := got[i]
		if r.From != serviceAddress || len(r.To) != 1 || r.To[0] != want.To {
			t.Errorf("mail %d envelope %s -> %v, want %s -> [%s]", i, r.From, r.To, serviceAddress, want.To)
		}
		p, err := Parse(r.Data)
		if err != nil {
			t.Fatalf("mail %d does not parse: %v", i, err)
		}
		if p.Subject != want.Subject || p.Text != want.Body || p.MessageID != want.MessageID || p.From != serviceAddress {
			t.Errorf("mail %d read back as subject %q, id %q, from %q, text %q; want %q, %q, %q, %q",
				i, p.Subject, p.MessageID, p.From, p.Text, want.Subject, want.MessageID, serviceAddress, want.Body)
		}
		if p.Headers["Auto-Submitted"] != "auto-replied" {
			t.Errorf("mail %d Auto-Submitted = %q", i, p.Headers["Auto-Submitted"])
		}
		if len(p.Attachments) != len(want.Attachments) ||
			(len(want.Attachments) == 1 && !bytes.Equal(p.Attachments[0].Data, want.Attachments[0].Data)) {
			t.Errorf("mail %d attachments %+v, want %+v", i, p.Attachments, want.Attachments)
		}
	}
	p, _ := Parse(got[0].Data)
	if p.InReplyTo != "m1@client.example" || strings.Join(p.References, " ") != "pbem.game7@example.org m1@client.example" {
		t.Errorf("threading headers read back as %q / %q", p.InReplyTo, p.References)
	}
	if !bytes.Contains(got[0].Data, []byte("Reply-To: pbem+tok@example.org")) {
		t.Errorf("Reply-To missing:\n%s", got[0].Data)
	}
}

func TestSenderRetriesAfterTemporaryFailure(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	srv.OnRcpt(func(_ string, attempt int) error {
		if attempt <= 2 {
			return smtptest.Reply(451, "try again later")
		}
		return nil
	})
	store := openStore(t)
	ids := queue(t, store, simpleMail(1, "alice@example.org"))
	start(t, newSender(t, testSender(t, "smtp://"+srv.Addr, store)).Run)
	waitSent(t, store, ids...)
	m := outbox(t, store)[ids[0]]
	if m.Attempts != 3 || m.Failed != nil {
		t.Errorf("after two 451s and a success: attempts %d, failed %v; want 3 attempts, not failed", m.Attempts, m.Failed)
	}
	if n := len(srv.Mails()); n != 1 {
		t.Errorf("server received %d copies, want 1", n)
	}
}

func TestSenderWaitsWhileServerIsDown(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{Down: true})
	store := openStore(t)
	ids := queue(t, store, simpleMail(1, "alice@example.org"), simpleMail(2, "bob@example.org"))
	start(t, newSender(t, testSender(t, "smtp://"+srv.Addr, store)).Run)
	waitFor(t, patience, "two failed attempts", func() bool {
		m := outbox(t, store)[ids[0]]
		return m.Attempts >= 2 && strings.Contains(m.LastError, "connect")
	})
	if m := outbox(t, store)[ids[0]]; m.Sent != nil || m.Failed != nil {
		t.Fatalf("with the server down the mail is sent %v / failed %v, want waiting", m.Sent, m.Failed)
	}
	srv.Start()
	waitSent(t, store, ids...)
	if n := len(srv.Mails()); n != 2 {
		t.Errorf("server received %d mails, want 2", n)
	}
}

func TestSenderFailsPermanentlyOn5xx(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	srv.OnRcpt(func(to string, _ int) error {
		if to == "nobody@example.org" {
			return smtptest.Reply(550, "no such user")
		}
		return nil
	})
	store := openStore(t)
	ids := queue(t, store, simpleMail(1, "nobody@example.org"), simpleMail(2, "alice@example.org"))
	cfg := testSender(t, "smtp://"+srv.Addr, store)
	clock := &countingClock{}
	cfg.Now = clock.Now
	var mu sync.Mutex
	var bounced []string // what OnFail was told, in the failing transaction
	cfg.OnFail = func(tx *db.Tx, m db.Mail, reason string) error {
		mu.Lock()
		defer mu.Unlock()
		bounced = append(bounced, m.To+": "+reason)
		return nil
	}
	start(t, newSender(t, cfg).Run)
	waitSent(t, store, ids[1])
	waitFor(t, patience, "the refused mail failed", func() bool { return outbox(t, store)[ids[0]].Failed != nil })
	clock.waitPasses(t, 3) // a failed mail is not tried again
	m := outbox(t, store)[ids[0]]
	if !strings.Contains(m.LastError, "550") || m.To != "nobody@example.org" || m.Sent != nil {
		t.Errorf("refused mail: error %q to %s sent %v; want the 550 recorded against nobody@example.org", m.LastError, m.To, m.Sent)
	}
	if n := srv.RcptAttempts("nobody@example.org"); n != 1 {
		t.Errorf("refused recipient tried %d times, want 1", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bounced) != 1 || !strings.HasPrefix(bounced[0], "nobody@example.org: ") || !strings.Contains(bounced[0], "550") {
		t.Errorf("OnFail was told %q, want the one 550 for nobody@example.org", bounced)
	}
}

// TestSenderGivesUpOnLastingTemporaryFailure runs the sender on a clock
// the test moves, so that the mail is tried (and deferred) more than once
// before it has waited GiveUpAfter, however slow the machine.
func TestSenderGivesUpOnLastingTemporaryFailure(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	srv.OnRcpt(func(string, int) error { return smtptest.Reply(452, "mailbox full") })
	store := openStore(t)
	clock := fakeclock.New(time.Now())
	m := simpleMail(1, "alice@example.org")
	m.Created = clock.Now()
	ids := queue(t, store, m)
	cfg := testSender(t, "smtp://"+srv.Addr, store)
	cfg.Now, cfg.GiveUpAfter = clock.Now, time.Hour
	start(t, newSender(t, cfg).Run)
	waitFor(t, patience, "the first attempt deferred", func() bool { return outbox(t, store)[ids[0]].Attempts == 1 })
	clock.Advance(time.Minute) // past the wait before a retry (RetryMax)
	waitFor(t, patience, "the retry deferred", func() bool { return outbox(t, store)[ids[0]].Attempts == 2 })
	if m := outbox(t, store)[ids[0]]; m.Failed != nil {
		t.Fatalf("the mail failed for good within GiveUpAfter: %q", m.LastError)
	}
	clock.Advance(time.Hour)
	waitFor(t, patience, "the mail given up", func() bool { return outbox(t, store)[ids[0]].Failed != nil })
	got := outbox(t, store)[ids[0]]
	if !strings.Contains(got.LastError, "gave up") || !strings.Contains(got.LastError, "452") || got.Attempts < 2 {
		t.Errorf("given-up mail: error %q after %d attempts; want 'gave up' with the 452, after retries", got.LastError, got.Attempts)
	}
}

func TestSenderNeverResendsAfterRestart(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	store := openStore(t)
	first := queue(t, store, simpleMail(1, "alice@example.org"))
	r := start(t, newSender(t, testSender(t, "smtp://"+srv.Addr, store)).Run)
	waitSent(t, store, first...)
	r.stop()

	cfg := testSender(t, "smtp://"+srv.Addr, store)
	clock := &countingClock{}
	cfg.Now = clock.Now
	s2 := newSender(t, cfg)
	start(t, s2.Run)
	s2.Notify()
	clock.waitPasses(t, 3)
	if n := len(srv.Mails()); n != 1 {
		t.Fatalf("after a restart the server holds %d copies, want 1", n)
	}
	second := queue(t, store, simpleMail(2, "bob@example.org"))
	s2.Notify()
	waitSent(t, store, second...)
	clock.waitPasses(t, 3)
	got := srv.Mails()
	if len(got) != 2 || got[1].To[0] != "bob@example.org" {
		t.Errorf("server holds %d mails, want the first once and then bob's", len(got))
	}
}

func TestSenderNotifyWakesAtOnce(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	store := openStore(t)
	cfg := testSender(t, "smtp://"+srv.Addr, store)
	cfg.Poll = time.Hour
	clock := &countingClock{}
	cfg.Now = clock.Now
	s := newSender(t, cfg)
	start(t, s.Run)
	// The first pass found nothing and the sender waits: only Notify can
	// wake it before the hour is up.
	waitFor(t, patience, "the first pass", func() bool { return clock.reads.Load() >= 2 })
	ids := queue(t, store, simpleMail(1, "alice@example.org"))
	s.Notify()
	waitFor(t, patience, "the notified mail sent", func() bool { return outbox(t, store)[ids[0]].Sent != nil })
}

func TestSenderFinishesMailInHandOnCancel(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	// Buffered, so that the first mail stops in DATA even before the test
	// waits on the channel; the later ones pass.
	inData, release := make(chan struct{}, 1), make(chan struct{})
	srv.OnData(func() error {
		select {
		case inData <- struct{}{}:
			<-release
		default:
		}
		return nil
	})
	store := openStore(t)
	ids := queue(t, store, simpleMail(1, "alice@example.org"), simpleMail(2, "bob@example.org"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- newSender(t, testSender(t, "smtp://"+srv.Addr, store)).Run(ctx) }()
	select {
	case <-inData:
	case <-time.After(patience):
		t.Fatal("the first mail never reached DATA")
	}
	cancel()
	time.Sleep(50 * time.Millisecond)
	close(release)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run = %v, want nil", err)
		}
	case <-time.After(patience):
		t.Fatal("Run did not return after cancellation")
	}
	rows := outbox(t, store)
	if rows[ids[0]].Sent == nil {
		t.Errorf("the mail in hand was not marked sent")
	}
	if m := rows[ids[1]]; m.Sent != nil || m.Attempts != 0 {
		t.Errorf("the next mail was tried after cancellation (sent %v, attempts %d)", m.Sent, m.Attempts)
	}
}

func TestSenderTLSAndAuth(t *testing.T) {
	tests := []struct {
		name    string
		opts    smtptest.Options
		url     func(s *smtptest.Server) string
		wantTLS bool
	}{
		{"smtp upgrades with STARTTLS when offered", smtptest.Options{TLS: true, User: "pbem", Pass: "pw"},
			func(s *smtptest.Server) string { return "smtp://pbem:pw@" + s.Addr }, true},
		{"smtp+starttls", smtptest.Options{TLS: true, User: "pbem", Pass: "pw"},
			func(s *smtptest.Server) string { return "smtp+starttls://pbem:pw@" + s.Addr }, true},
		{"smtps", smtptest.Options{TLS: true, User: "pbem", Pass: "pw"},
			func(s *smtptest.Server) string { return "smtps://pbem:pw@" + s.TLSAddr }, true},
		{"smtp stays plain on loopback without STARTTLS", smtptest.Options{User: "pbem", Pass: "pw"},
			func(s *smtptest.Server) string { return "smtp://pbem:pw@" + s.Addr }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := smtptest.New(t, tc.opts)
			store := openStore(t)
			ids := queue(t, store, simpleMail(1, "alice@example.org"), simpleMail(2, "bob@example.org"))
			cfg := testSender(t, tc.url(srv), store)
			cfg.InsecureSkipVerify = true
			start(t, newSender(t, cfg).Run)
			waitSent(t, store, ids...)
			for _, r := range srv.Mails() {
				if r.TLS != tc.wantTLS || r.User != "pbem" {
					t.Errorf("mail to %v went with TLS %v as %q, want TLS %v as pbem", r.To, r.TLS, r.User, tc.wantTLS)
				}
			}
		})
	}
}

func TestSenderKeepsMailWhenLoginFails(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{User: "pbem", Pass: "pw"})
	store := openStore(t)
	ids := queue(t, store, simpleMail(1, "alice@example.org"))
	start(t, newSender(t, testSender(t, "smtp://pbem:wrong@"+srv.Addr, store)).Run)
	waitFor(t, patience, "a failed login recorded", func() bool {
		return strings.Contains(outbox(t, store)[ids[0]].LastError, "535")
	})
	if m := outbox(t, store)[ids[0]]; m.Failed != nil {
		t.Errorf("a refused login failed the mail for good: %q; it must wait for a fixed configuration", m.LastError)
	}
}

func TestSenderRefusesUnverifiedCertificate(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{TLS: true})
	store := openStore(t)
	ids := queue(t, store, simpleMail(1, "alice@example.org"))
	start(t, newSender(t, testSender(t, "smtps://"+srv.TLSAddr, store)).Run)
	waitFor(t, patience, "a refused certificate", func() bool {
		return strings.Contains(outbox(t, store)[ids[0]].LastError, "certificate")
	})
	if n := len(srv.Mails()); n != 0 {
		t.Errorf("mail sent over an unverified connection")
	}
}

func TestNewSenderRefusesBadConfig(t *testing.T) {
	store := openStore(t)
	tests := []struct {
		name string
		cfg  SenderConfig
		want string
	}{
		{"bad URL", SenderConfig{URL: "smtp://host/path", From: serviceAddress, Store: store}, "unexpected path"},
		{"no store", SenderConfig{URL: "smtp://host", From: serviceAddress}, "no store"},
		{"From with a name", SenderConfig{URL: "smtp://host", From: "pbem <pbem@example.org>", Store: store}, "bare address"},
		{"From not an address", SenderConfig{URL: "smtp://host", From: "pbem", Store: store}, "bare address"},
		{"backoff upside down", SenderConfig{URL: "smtp://host", From: serviceAddress, Store: store,
			RetryMin: time.Hour, RetryMax: time.Minute}, "RetryMax"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewSender(tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewSender = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// TestSenderSendsOverSeveralConnections: with more than a batch of mail
// due, the sender uses several connections at once, delivers every mail
// once, and keeps each recipient's mails in the order they were queued.
func TestSenderSendsOverSeveralConnections(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	// The first mail's DATA waits until a second connection is in DATA
	// too (or until patience runs out, and the test fails): a sender
	// with one connection can never get there.
	var (
		mu      sync.Mutex
		in, top int
		met     = make(chan struct{})
		once    sync.Once
	)
	srv.OnData(func() error {
		mu.Lock()
		in++
		top = max(top, in)
		if in >= 2 {
			once.Do(func() { close(met) })
		}
		mu.Unlock()
		select {
		case <-met:
		case <-time.After(patience):
		}
		mu.Lock()
		in--
		mu.Unlock()
		return nil
	})
	store := openStore(t)
	recipients := []string{"alice@example.org", "bob@example.org", "carol@example.org", "dave@example.org"}
	var mails []db.Mail
	for i := range 12 {
		mails = append(mails, simpleMail(i, recipients[i%len(recipients)]))
	}
	ids := queue(t, store, mails...)
	cfg := testSender(t, "smtp://"+srv.Addr, store)
	cfg.Batch, cfg.Connections = 3, 3
	start(t, newSender(t, cfg).Run)
	waitSent(t, store, ids...)

	mu.Lock()
	if top < 2 {
		t.Errorf("at most %d connection in DATA at once, want several", top)
	}
	mu.Unlock()
	got := map[string][]string{} // recipient → subjects, in arrival order
	seen := map[string]int{}
	for _, m := range srv.Mails() {
		p, err := Parse(m.Data)
		if err != nil {
			t.Fatal(err)
		}
		seen[p.MessageID]++
		got[m.To[0]] = append(got[m.To[0]], p.Subject)
	}
	for _, m := range mails {
		if seen[m.MessageID] != 1 {
			t.Errorf("%s delivered %d times, want once", m.MessageID, seen[m.MessageID])
		}
	}
	for _, r := range recipients {
		var want []string
		for _, m := range mails {
			if m.To == r {
				want = append(want, m.Subject)
			}
		}
		if strings.Join(got[r], "|") != strings.Join(want, "|") {
			t.Errorf("%s got %q, want %q in that order", r, got[r], want)
		}
	}
}
