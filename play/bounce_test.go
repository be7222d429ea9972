package play

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/mailtest"
)

// bounceOf is the delivery report a mail system sends back when it cannot
// deliver mail m: to m's envelope sender, about m's recipient.
func bounceOf(m db.Mail) mailtest.Bounce {
	return mailtest.Bounce{To: m.EnvelopeFrom, Failed: m.To, Subject: m.Subject, ReturnedID: m.MessageID}
}

// deliverReport hands a delivery report to the service, read from its raw
// form as the daemon reads it.
func (w *world) deliverReport(b mailtest.Bounce) Result {
	w.t.Helper()
	w.n++
	b.MessageID = fmt.Sprintf("report%d@mx.example.net", w.n)
	return w.deliver(FromMail(mailtest.DSN(b), w.now))
}

// outboxMail reads one outbox row.
func (w *world) outboxMail(id int64) db.Mail {
	w.t.Helper()
	var m db.Mail
	err := w.store.View(context.Background(), func(tx *db.Tx) (err error) {
		m, err = tx.MailByID(id)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return m
}

func TestEveryMailHasAnEnvelopeSenderOfItsOwn(t *testing.T) {
	w := newWorld(t, Config{})
	startPente(t, w, "")
	w.send("carol@example.org", "", "games") // a mail about no game
	seen := map[string]bool{}
	n := 0
	for _, box := range w.inbox {
		for _, m := range box {
			n++
			if !strings.HasPrefix(m.EnvelopeFrom, fmt.Sprintf("pbem+bounce-%d-", m.ID)) || !strings.HasSuffix(m.EnvelopeFrom, "@example.org") {
				t.Errorf("mail %d to %s: envelope sender %q, want pbem+bounce-%d-MAC@example.org", m.ID, m.To, m.EnvelopeFrom, m.ID)
			}
			if seen[m.EnvelopeFrom] {
				t.Errorf("envelope sender %q used twice", m.EnvelopeFrom)
			}
			seen[m.EnvelopeFrom] = true
		}
	}
	if n < 4 {
		t.Fatalf("only %d mails sent", n)
	}
}

func TestEnvelopeSenderChecks(t *testing.T) {
	e := envelopes{secret: []byte("0123456789abcdef0123456789abcdef"), local: "pbem", domain: "example.org"}
	addr := e.address(42, "Bob@Example.org")
	tests := []struct {
		name   string
		addr   string
		rcpt   string
		id     int64
		parsed bool
		valid  bool
	}{
		{"as made", addr, "bob@example.org", 42, true, true},
		{"in angle brackets, upper case", "<" + strings.ToUpper(addr) + ">", "bob@example.org", 42, true, true},
		{"for another recipient", addr, "carol@example.org", 42, true, false},
		{"another mail's id", strings.Replace(addr, "-42-", "-43-", 1), "bob@example.org", 43, true, false},
		{"a mac changed", addr[:len(addr)-len("a@example.org")] + "b@example.org", "bob@example.org", 42, true, false},
		{"another domain", strings.Replace(addr, "@example.org", "@example.net", 1), "bob@example.org", 0, false, false},
		{"a reply token", "pbem+42-abcdefghijklmnop@example.org", "bob@example.org", 0, false, false},
		{"the service's address", "pbem@example.org", "bob@example.org", 0, false, false},
		{"no mac", "pbem+bounce-42@example.org", "bob@example.org", 0, false, false},
		{"id not a number", "pbem+bounce-x-abc@example.org", "bob@example.org", 0, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id, mac, ok := e.parse(tc.addr)
			if ok != tc.parsed || id != tc.id {
				t.Fatalf("parse(%q) = %d, %q, %v; want %d, %v", tc.addr, id, mac, ok, tc.id, tc.parsed)
			}
			if ok && e.valid(id, mac, tc.rcpt) != tc.valid {
				t.Errorf("valid for %s: %v, want %v", tc.rcpt, !tc.valid, tc.valid)
			}
		})
	}
	other := envelopes{secret: []byte("another secret, another service"), local: "pbem", domain: "example.org"}
	if id, mac, _ := other.parse(addr); other.valid(id, mac, "bob@example.org") {
		t.Errorf("an envelope sender made under another secret was taken")
	}
}

// TestBounceDecision hands the service mails that look like bounces of a
// game mail to bob, in the middle of bob's turn. Only a report sent to that
// mail's own envelope sender, about bob, stops the clock and tells alice;
// every other "bounce" changes nothing and is answered by nothing.
func TestBounceDecision(t *testing.T) {
	tests := []struct {
		name    string
		report  func(w *world, toBob, toAlice db.Mail) Message
		genuine bool
	}{
		{"a delivery report to the mail's envelope sender", func(w *world, toBob, _ db.Mail) Message {
			return FromMail(mailtest.DSN(bounceOf(toBob)), w.now)
		}, true},
		{"a report in prose, naming bob in X-Failed-Recipients only", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.Failed, b.XFailedRecipients = "", "bob@example.org"
			return FromMail(mailtest.DSN(b), w.now)
		}, true},
		{"a report naming no recipient at all", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.Failed = ""
			return FromMail(mailtest.DSN(b), w.now)
		}, true},
		{"forged: MAILER-DAEMON with X-Failed-Recipients, no token", func(w *world, toBob, _ db.Mail) Message {
			return Message{From: "MAILER-DAEMON@mx.example.org", To: []string{"pbem@example.org"}, Text: "Delivery failed",
				Headers: map[string]string{"X-Failed-Recipients": "bob@example.org"}}
		}, false},
		{"forged: a full report to the service's own address", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.To = "pbem@example.org"
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"forged: a report quoting bob's reply token and Message-ID", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.To = toBob.Headers["Reply-To"]
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"a token of alice's mail, reporting bob", func(w *world, toBob, toAlice db.Mail) Message {
			b := bounceOf(toAlice)
			b.Failed = "bob@example.org"
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"a token of alice's mail, X-Failed-Recipients bob", func(w *world, toBob, toAlice db.Mail) Message {
			b := bounceOf(toAlice)
			b.Failed, b.XFailedRecipients = "", "bob@example.org"
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"bob's token, reporting another recipient", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.Failed = "carol@example.org"
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"bob's mail id with a bad mac", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			i := strings.IndexByte(b.To, '@')
			b.To = b.To[:i-4] + "aaaa" + b.To[i:]
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"alice's mac on bob's mail id", func(w *world, toBob, toAlice db.Mail) Message {
			b := bounceOf(toBob)
			local, _, _ := strings.Cut(toAlice.EnvelopeFrom, "@")
			mac := local[strings.LastIndexByte(local, '-')+1:]
			b.To = fmt.Sprintf("pbem+bounce-%d-%s@example.org", toBob.ID, mac)
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"a token of a mail that was never sent", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.To = strings.Replace(b.To, fmt.Sprintf("-%d-", toBob.ID), "-999-", 1)
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
		{"a delay warning, not a failure", func(w *world, toBob, _ db.Mail) Message {
			b := bounceOf(toBob)
			b.Action = "delayed"
			return FromMail(mailtest.DSN(b), w.now)
		}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			id := startPente(t, w, "")
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
			toBob, toAlice := w.lastAbout("bob@example.org", id), w.lastAbout("alice@example.org", id)
			w.advance(10 * time.Hour)
			before := w.read
			m := tc.report(w, toBob, toAlice)
			m.MessageID = "report@mx.example.net"
			res := w.deliver(m)
			if res.Outcome != Ignored {
				t.Errorf("outcome %q, want ignored: a report is never answered", res.Outcome)
			}
			var sent []db.Mail
			for _, box := range w.inbox {
				for _, x := range box {
					if x.ID > before {
						sent = append(sent, x)
					}
				}
			}
			c := w.clock(id)
			bounced := w.player("bob@example.org").Settings["bounced"]
			if !tc.genuine {
				if c.Reason != db.Running || len(sent) != 0 || bounced != "" || w.outboxMail(toBob.ID).Bounced != nil {
					t.Fatalf("a false bounce was taken: clock %+v, %d mails sent, bob's bounce %q", c, len(sent), bounced)
				}
				return
			}
			if c.Reason != db.PauseBounce || bounced == "" || w.outboxMail(toBob.ID).Bounced == nil {
				t.Fatalf("a genuine bounce was not taken: clock %+v, bob's bounce %q", c, bounced)
			}
			if len(sent) != 1 || sent[0].To != "alice@example.org" {
				t.Fatalf("%d mails sent, want one to alice: %+v", len(sent), sent)
			}
			mustContain(t, sent[0], "Mail to bob (Black) about game 1 came back undelivered", "clock stands still")
		})
	}
}

// TestBounceCountsOnce hands the service the same report twice under new
// Message-IDs, the second after bob wrote again: the first stops the
// clock, bob's mail starts it again, the replay changes nothing.
func TestBounceCountsOnce(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	b := bounceOf(w.lastAbout("bob@example.org", id))
	w.deliverReport(b)
	if c := w.clock(id); c.Reason != db.PauseBounce {
		t.Fatalf("clock %+v after the report, want stopped", c)
	}
	w.send("bob@example.org", "", "board")
	if c := w.clock(id); c.Reason != db.Running {
		t.Fatalf("clock %+v after bob wrote, want running", c)
	}
	before := w.read
	w.deliverReport(b)
	if c := w.clock(id); c.Reason != db.Running || w.read != before {
		t.Errorf("the replayed report: clock %+v and %d mails; want it running and none", c, w.read-before)
	}
}

// TestBounceOfAMailAboutNoGame records the bounce against the player and
// stops no clock: the report says which mail bounced, and it was about no
// game.
func TestBounceOfAMailAboutNoGame(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	w.send("bob@example.org", "", "games")
	reply := w.last("bob@example.org")
	if reply.GameID != 0 {
		t.Fatalf("the answer to games is about game %d", reply.GameID)
	}
	before := w.read
	w.deliverReport(bounceOf(reply))
	if p := w.player("bob@example.org"); p.Settings["bounced"] == "" {
		t.Errorf("bob's bounce not recorded: %v", p.Settings)
	}
	if c := w.clock(id); c.Reason != db.Running || w.read != before {
		t.Errorf("clock %+v and %d mails; want it running and none", c, w.read-before)
	}
}

// TestBounceHoldChargesNobody follows the clock of a game across a bounce
// hold on the test's clock: the time the clock stood still is charged to
// no seat, whoever is to move, whether a seat plays while it is held, and
// whether the service was down meanwhile.
func TestBounceHoldChargesNobody(t *testing.T) {
	type step struct {
		wait time.Duration
		do   func(w *world, id int64)
	}
	bounce := func(who string) func(w *world, id int64) {
		return func(w *world, id int64) { w.deliverReport(bounceOf(w.lastAbout(who, id))) }
	}
	bounceBob := bounce("bob@example.org")
	refuseBob := func(w *world, id int64) {
		m := w.lastAbout("bob@example.org", id)
		err := w.store.Update(context.Background(), func(tx *db.Tx) error {
			return w.svc.Undeliverable(tx, m, "RCPT TO: 550 5.1.1 no such user")
		})
		if err != nil {
			w.t.Fatal(err)
		}
		w.collect()
	}
	writes := func(who string) func(w *world, id int64) {
		return func(w *world, id int64) { w.send(who, "", "games") }
	}
	bobWrites := writes("bob@example.org")
	play := func(who, ply string) func(w *world, id int64) {
		return func(w *world, id int64) { w.reply(who, w.lastAbout(who, id), ply) }
	}
	tests := []struct {
		name    string
		options string
		steps   []step
		// left is what the seat to move has at the end: per-move games
		// by the deadline, bank games by the bank of the seat to move.
		left time.Duration
		bank bool
	}{
		{"held on bob's move, released", "days=3", []step{
			{10 * time.Hour, bounceBob}, {5 * 24 * time.Hour, bobWrites},
		}, 62*time.Hour - time.Minute, false},
		{"refused by the SMTP server, released", "days=3", []step{
			{10 * time.Hour, refuseBob}, {5 * 24 * time.Hour, bobWrites},
		}, 62 * time.Hour, false},
		{"refused after the service was down", "days=3", []step{
			// The service stops for 20 hours; the first thing it does on
			// coming back is fail bob's mail, before any tick.
			{10 * time.Hour, nil}, {-20 * time.Hour, refuseBob}, {48 * time.Hour, bobWrites},
		}, 62 * time.Hour, false},
		{"held on bob's move, released by bob's ply: his bank", "bank=3", []step{
			{10 * time.Hour, bounceBob}, {4 * 24 * time.Hour, play("bob@example.org", "L9")},
		}, 62*time.Hour - time.Minute, true},
		{"held for alice, bob plays: alice's turn starts stopped", "days=3", []step{
			{10 * time.Hour, bounce("alice@example.org")}, {time.Hour, play("bob@example.org", "L9")},
			{3 * 24 * time.Hour, nil}, {0, writes("alice@example.org")},
		}, 72 * time.Hour, false},
		{"held for alice, bob plays: his bank", "bank=3", []step{
			{10 * time.Hour, bounce("alice@example.org")}, {4 * 24 * time.Hour, play("bob@example.org", "L9")},
			{time.Hour, writes("alice@example.org")},
		}, 62*time.Hour - time.Minute, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newClockWorld(t, Config{})
			id := startPente(t, w, tc.options)
			w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
			for _, s := range tc.steps {
				switch {
				case s.wait < 0: // downtime: time passes with no tick
					w.now = w.now.Add(-s.wait)
				case s.wait > 0:
					w.advance(s.wait)
				}
				if s.do != nil {
					s.do(w, id)
				}
			}
			if g := w.game(id); g.row.State != db.Active {
				t.Fatalf("game %d %s %s: judged while held", id, g.row.Result, g.row.Termination)
			}
			c := w.clock(id)
			if c.Paused != nil {
				t.Fatalf("clock %+v still stopped at the end", c)
			}
			left := c.Deadline.Sub(w.now)
			if tc.bank {
				// bob played: his bank is what he had less what he used.
				left = c.Banks[1]
			}
			if left != tc.left {
				t.Errorf("left %v, want %v (clock %+v)", left, tc.left, c)
			}
		})
	}
}

// TestUndeliverableInvitationCancelsTheGame fails an invitation for good,
// once refused by the SMTP server and once by a delivery report: the game
// is cancelled (declined, never started) and the inviter is told why.
func TestUndeliverableInvitationCancelsTheGame(t *testing.T) {
	tests := []struct {
		name string
		fail func(w *world, inv db.Mail)
		why  string
	}{
		{"refused by the SMTP server", func(w *world, inv db.Mail) {
			err := w.store.Update(context.Background(), func(tx *db.Tx) error {
				return w.svc.Undeliverable(tx, inv, "RCPT TO: SMTP error 550: 5.7.1 Relaying denied")
			})
			if err != nil {
				w.t.Fatal(err)
			}
			w.collect()
		}, `The mail server said: "RCPT TO: SMTP error 550: 5.7.1 Relaying denied".`},
		{"a delivery report", func(w *world, inv db.Mail) {
			w.deliverReport(bounceOf(inv))
		}, `The mail system said: "550 5.1.1 <bob@example.net>: Recipient address rejected: User unknown".`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("alice@example.org", "", "new pente with bob@example.net")
			inv := w.last("bob@example.net")
			mustContain(t, inv, "invites you")
			sentAlice := w.count("alice@example.org")
			tc.fail(w, inv)
			g := w.game(inv.GameID)
			if g.row.State != db.Declined || g.row.Seats[1].Invitation != db.Refused {
				t.Errorf("game %s, bob's seat %s; want the game declined and bob's seat declined", g.row.State, g.row.Seats[1].Invitation)
			}
			if n := w.count("alice@example.org") - sentAlice; n != 1 {
				t.Fatalf("alice got %d mails, want one", n)
			}
			mustContain(t, w.last("alice@example.org"),
				"The invitation to bob@example.net for game 1 could not be delivered, so the game is cancelled.",
				tc.why, "This game will not be played")
			if w.count("bob@example.net") != 1 {
				t.Errorf("bob@example.net was sent %d mails, want only the invitation", w.count("bob@example.net"))
			}
			// The game is over for good: bob's late accept does not start it.
			w.reply("bob@example.net", inv, "accept")
			if g := w.game(inv.GameID); g.row.State != db.Declined {
				t.Errorf("after bob's accept the game is %s", g.row.State)
			}
		})
	}
}

// TestBounceOfAnInvitationToOneOfThree cancels a three-player game when one
// invitation cannot be delivered; the invitee who accepted is told too.
func TestBounceOfAnInvitationToOneOfThree(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "new quatro with bob@example.org carol@example.org")
	id := w.last("bob@example.org").GameID
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "accept")
	w.deliverReport(bounceOf(w.lastAbout("carol@example.org", id)))
	if g := w.game(id); g.row.State != db.Declined {
		t.Fatalf("game %s, want declined", g.row.State)
	}
	for _, p := range []string{"alice@example.org", "bob@example.org"} {
		mustContain(t, w.lastAbout(p, id), "The invitation to carol@example.org for game 1 could not be delivered")
	}
}
