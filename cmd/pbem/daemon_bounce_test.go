package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/mailtest"
	"pbem/internal/smtptest"
	"pbem/mailer"
)

// handled waits until the daemon recorded the mail with Message-ID id.
func (r *rig) handled(id string) {
	r.t.Helper()
	r.waitStore("the mail "+id+" handled", func(tx *db.Tx) (bool, error) {
		return tx.Seen(id, "", 0, 0)
	})
}

// clockOf reads a game's clock from the daemon's store.
func (r *rig) clockOf(id int64) db.Clock {
	r.t.Helper()
	var c db.Clock
	var ok bool
	r.view(func(tx *db.Tx) (err error) {
		c, ok, err = tx.Clock(id)
		return err
	})
	if !ok {
		r.t.Fatalf("game %d has no clock", id)
	}
	return c
}

// envelopeOf is the envelope sender (MAIL FROM) the SMTP server saw for
// the mail with Message-ID id.
func (r *rig) envelopeOf(id string) string {
	r.t.Helper()
	for _, m := range r.smtp.Mails() {
		if p, err := mailer.Parse(m.Data); err == nil && p.MessageID == id {
			return m.From
		}
	}
	r.t.Fatalf("the SMTP server has no mail %s", id)
	return ""
}

// TestDaemonTakesOnlyBouncesOfItsOwnMail runs the daemon against Dovecot
// and an SMTP server: a forged bounce (From MAILER-DAEMON, X-Failed-
// Recipients naming bob, to the service's address) leaves bob's clock
// running and sends nothing; a delivery report sent to the envelope sender
// the daemon used for its mail to bob stops the clock and tells alice.
func TestDaemonTakesOnlyBouncesOfItsOwnMail(t *testing.T) {
	clock := newFakeClock()
	r := newRig(t, dovecot.Config{}, clock)
	r.start(func(c *serveConfig) { c.downtime = 30 * 24 * time.Hour }, "--tick", "100ms")
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "days=3")
	clock.Advance(time.Hour)
	alice.answer(alice.reply(alice.last[id], "K10"), "You played K10")
	toBob := bob.next("the news of K10")
	mustSay(t, toBob, "played K10", "your move")
	clock.Advance(10 * time.Hour)

	forged := fmt.Sprintf("From: Mail Delivery System <MAILER-DAEMON@mx.example.net>\r\nTo: %s\r\n"+
		"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <forged1@mx.example.net>\r\n"+
		"X-Failed-Recipients: bob@example.org\r\nAuto-Submitted: auto-replied\r\n\r\n"+
		"Delivery to bob@example.org failed.\r\n\r\nSubject: %s\r\nMessage-ID: <%s>\r\n",
		serviceAddress, toBob.Subject, toBob.MessageID)
	r.deliver([]byte(forged))
	r.handled("forged1@mx.example.net")
	if c := r.clockOf(id); c.Reason != db.Running {
		t.Fatalf("a forged bounce stopped the clock of game %d: %+v", id, c)
	}
	r.quiet("after the forged bounce")

	envelope := r.envelopeOf(toBob.MessageID)
	if !strings.HasPrefix(envelope, "pbem+bounce-") || !strings.HasSuffix(envelope, "@example.org") {
		t.Fatalf("the mail to bob went out from %q, want an envelope sender of its own", envelope)
	}
	r.deliver(mailtest.DSN(mailtest.Bounce{To: envelope, Failed: "bob@example.org", MessageID: "report1@mx.example.net",
		Subject: toBob.Subject, ReturnedID: toBob.MessageID}))
	mustSay(t, alice.next("the news of the bounce"),
		fmt.Sprintf("Mail to bob (Black) about game %d came back undelivered", id), "clock stands still")
	if c := r.clockOf(id); c.Reason != db.PauseBounce {
		t.Errorf("the report of the daemon's own mail left the clock of game %d %+v, want it stopped", id, c)
	}
	r.quiet("after the bounce: nothing answers a report, nothing goes to bob")
}

// TestDaemonReportsAnUndeliverableInvitation invites an address the SMTP
// server refuses for good: the inviter is told, and the game is cancelled.
func TestDaemonReportsAnUndeliverableInvitation(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.smtp.OnRcpt(func(to string, _ int) error {
		if to == "nobody@example.net" {
			return smtptest.Reply(550, "5.1.1 <nobody@example.net>: Recipient address rejected: User unknown")
		}
		return nil
	})
	r.start(nil)
	alice := r.player("alice@example.org")
	alice.answer(alice.send(serviceAddress, "a game?", "", "new pente with nobody@example.net"), "is set up")
	m := alice.next("the news of the refused invitation")
	mustSay(t, m, "The invitation to nobody@example.net for game 1 could not be delivered, so the game is cancelled.",
		"550", "User unknown", "This game will not be played")
	var g db.Game
	r.view(func(tx *db.Tx) (err error) {
		g, err = tx.Game(1)
		return err
	})
	if g.State != db.Declined {
		t.Errorf("game 1 is %s, want declined (cancelled)", g.State)
	}
	if n := r.smtp.RcptAttempts("nobody@example.net"); n != 1 {
		t.Errorf("the refused address was tried %d times, want once", n)
	}
}
