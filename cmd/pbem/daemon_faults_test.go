package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/smtptest"
)

// outboxRows reads the daemon's whole outbox.
func (r *rig) outboxRows() []db.Mail {
	r.t.Helper()
	var rows []db.Mail
	r.view(func(tx *db.Tx) (err error) {
		rows, err = tx.MailsSince(0)
		return err
	})
	return rows
}

// waitStore waits until cond holds of the daemon's store.
func (r *rig) waitStore(what string, cond func(tx *db.Tx) (bool, error)) {
	r.t.Helper()
	deadline := time.Now().Add(mailWait)
	for {
		var ok bool
		r.view(func(tx *db.Tx) (err error) {
			ok, err = cond(tx)
			return err
		})
		if ok {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("no %s within %v", what, mailWait)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sentOnce waits until the outbox has no mail left to send, then checks
// that the SMTP server took every outbox row once and nothing else: one
// mail per Message-ID, each marked sent.
func (r *rig) sentOnce() {
	r.t.Helper()
	r.waitStore("an empty outbox", func(tx *db.Tx) (bool, error) {
		due, err := tx.Due(time.Now().Add(time.Hour), 1)
		return len(due) == 0, err
	})
	got := map[string]int{}
	for _, m := range r.out.update(r.t) {
		got[m.MessageID]++
	}
	rows := r.outboxRows()
	for _, row := range rows {
		if row.Sent == nil || row.Failed != nil || got[row.MessageID] != 1 {
			r.t.Errorf("outbox mail %d to %s: sent %v, failed %v, reached the server %d times; want sent once",
				row.ID, row.To, row.Sent, row.Failed, got[row.MessageID])
		}
	}
	if len(got) != len(rows) {
		r.t.Errorf("the server took %d distinct mails, the outbox holds %d", len(got), len(rows))
	}
}

// TestDaemonKeepsRepliesWhileSMTPIsDown stops the SMTP server after a game
// began: the daemon still plays the mailed ply and files the mail, its
// replies wait in the outbox and are tried again, through the outage and
// then through a spell of 451 answers; once the server takes mail again
// they go out, each once.
func TestDaemonKeepsRepliesWhileSMTPIsDown(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(func(c *serveConfig) { c.retryMin, c.retryMax = 100*time.Millisecond, 400*time.Millisecond })
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "tournament=off")
	before := len(r.out.update(t))

	r.smtp.Stop()
	move := alice.reply(alice.last[id], "K10")
	r.waitStore("K10 played and its replies tried twice", func(tx *db.Tx) (bool, error) {
		plies, err := tx.Plies(id)
		if err != nil || len(plies) != 1 {
			return false, err
		}
		rows, err := tx.MailsSince(0)
		if err != nil || len(rows) != before+2 {
			return false, err
		}
		for _, m := range rows[before:] {
			if m.Sent != nil || m.Attempts < 2 || !strings.Contains(m.LastError, "connect") {
				return false, nil
			}
		}
		return true, nil
	})
	r.waitFiled(alice.n+bob.n, 0)

	r.smtp.OnRcpt(func(string, int) error { return smtptest.Reply(451, "try again later") })
	r.smtp.Start()
	r.waitStore("a 451 recorded", func(tx *db.Tx) (bool, error) {
		rows, err := tx.MailsSince(int64(before))
		return len(rows) > 0 && strings.Contains(rows[0].LastError, "451"), err
	})
	// Counted while the server still refuses: once it takes mail again,
	// the next retry may come at any moment.
	if n := len(r.out.update(t)); n != before {
		t.Fatalf("the server took %d mails while down or refusing, want none", n-before)
	}
	r.smtp.OnRcpt(nil)

	alice.answer(move, "You played K10")
	mustSay(t, bob.next("the news of K10"), "played K10", "your move")
	r.sentOnce()
	took := 0
	for _, m := range r.out.update(t) {
		if m.To == alice.addr {
			took++
		}
	}
	t.Logf("alice's mails were refused %d times before they went", r.smtp.RcptAttempts(alice.addr)-took)
}

// TestDaemonSurvivesDovecotRestart restarts Dovecot while the daemon takes
// a stream of mail: mails delivered before the restart (some of them in
// hand, on a machine fast enough), right after it (while the daemon is cut
// off, or just reconnected: that race is the machine's) and once the
// daemon is known to have reconnected are each processed once: every one
// answered once, the game's plies in order, and every mail filed in
// Processed.
func TestDaemonSurvivesDovecotRestart(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "tournament=off")
	invited := alice.n + bob.n

	var sent []string // Message-IDs of the mails to be answered
	// A mover may not have read the news of the last ply yet: its move
	// names its ply number, or the thread would make it stale.
	n := 0
	phase := func(ply string, mover *player, from int) {
		n++
		sent = append(sent, mover.reply(mover.last[id], fmt.Sprintf("%s #%d", ply, n)))
		for i := range 8 {
			p := r.player(fmt.Sprintf("p%d@example.org", from+i))
			sent = append(sent, p.send(serviceAddress, "", "", "games"))
		}
	}
	phase("K10", alice, 0)
	// Counted before the restart: on a loaded machine the daemon may well
	// reconnect while the next phase is still being delivered.
	connected := strings.Count(r.d.stderr.String(), "imap connected")
	r.imap.Restart()
	answered := 0
	for _, m := range r.out.update(t) {
		if slices.Contains(sent, m.InReplyTo) {
			answered++
		}
	}
	t.Logf("when Dovecot restarted, %d of the %d mails before it were answered", answered, len(sent))
	phase("L9", bob, 100)
	deadline := time.Now().Add(mailWait)
	for strings.Count(r.d.stderr.String(), "imap connected") == connected {
		if time.Now().After(deadline) {
			t.Fatalf("the daemon did not reconnect to Dovecot within %v", mailWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
	phase("M11", alice, 200)

	answers := map[string]int{}
	r.out.wait(t, "an answer to every mail", func(all []sentMail) (sentMail, bool) {
		clear(answers)
		for _, m := range all {
			answers[m.InReplyTo]++
		}
		for _, id := range sent {
			if answers[id] == 0 {
				return sentMail{}, false
			}
		}
		return sentMail{}, true
	})
	r.waitFiled(invited+len(sent), 0)
	// A mail is filed only once handled, and its answers are queued as it
	// is handled: once the outbox is empty, every answer, a second one to a
	// mail handed in twice included, has reached the server.
	r.sentOnce()
	clear(answers)
	for _, m := range r.out.update(t) {
		answers[m.InReplyTo]++
	}
	for _, id := range sent {
		if answers[id] != 1 {
			t.Errorf("mail %s answered %d times, want once", id, answers[id])
		}
	}
	var plies []db.Ply
	r.view(func(tx *db.Tx) (err error) {
		plies, err = tx.Plies(id)
		return err
	})
	var got []string
	for _, p := range plies {
		got = append(got, p.Token)
	}
	if strings.Join(got, " ") != "K10 L9 M11" {
		t.Errorf("game %d has plies %v, want K10 L9 M11", id, got)
	}
}
