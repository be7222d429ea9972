package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
	"pbem/internal/dovecot"
)

// The daemon against strangers: forged mail in a player's name must not
// silence, flood or reconfigure the player.

// TestDaemonForgedFloodDoesNotSilenceAPlayer: 30 forged mails "from bob"
// (no key) come first; Bob's real move, with his key, is still played and
// answered.
func TestDaemonForgedFloodDoesNotSilenceAPlayer(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "")
	alice.answer(alice.reply(alice.last[id], "K10"), "You played K10")
	news := bob.next("the news of ply 1")
	forger := r.player("bob@example.org") // the same From, another sender
	forger.n = 1000
	for range 30 {
		forger.send(serviceAddress, "", "", fmt.Sprintf("board %d", id))
	}
	r.waitFiled(alice.n+bob.n+30, 0)
	bob.read = len(r.out.update(t)) // what the forged mail drew is not Bob's news
	bob.answer(bob.reply(news, "L9"), "You played L9")
	if plies := r.pliesOf(id); len(plies) != 2 || plies[1].Token != "L9" {
		t.Fatalf("plies after Bob's keyed move: %+v, want K10 L9", plies)
	}
	mustSay(t, alice.next("the news of ply 2"), "played L9")
}

// TestDaemonInvitationFlood: one mail with 60 "new" lines sends at most
// four invitations, and the sender is told why the rest were not sent.
func TestDaemonInvitationFlood(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	mallory := r.player("mallory@example.org")
	var lines []string
	for i := range 60 {
		lines = append(lines, fmt.Sprintf("new pente with victim%d@example.net", i))
	}
	mallory.answer(mallory.send(serviceAddress, "hello", "", strings.Join(lines, "\n")), "One mail may invite at most 4 players")
	r.waitFiled(1, 0)
	r.quietOutbox()
	invitations := 0
	for _, m := range r.out.update(t) {
		if strings.HasPrefix(m.To, "victim") {
			invitations++
		}
	}
	if invitations != 4 {
		t.Errorf("one mail sent %d invitations, want 4", invitations)
	}
}

// TestDaemonForgedSettingsChangeNothing: a forged "back" does not end
// Bob's vacation, and a forged "notify myturn" does not change what he
// gets; Bob is asked to confirm, and nothing changes unless he does.
func TestDaemonForgedSettingsChangeNothing(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	id := invite(t, alice, bob, "pente", "")
	bob.answer(bob.reply(bob.last[id], "vacation 10"), "You are on vacation until")
	mustSay(t, alice.next("the vacation notice"), "is on vacation")
	forger := r.player("bob@example.org")
	forger.n = 1000
	forged := forger.send(serviceAddress, "", "", "back\nnotify myturn")
	ask := bob.answer(forged, "needs proof", "\"confirm\"", "back", "notify myturn")
	if strings.Contains(ask.Text, " A  B  C") {
		t.Errorf("the answer to forged mail carries a board:\n%s", ask.Text)
	}
	r.waitFiled(alice.n+bob.n+1, 0)
	var p db.Player
	var v db.Vacation
	r.view(func(tx *db.Tx) (err error) {
		if p, err = tx.PlayerByAddress("bob@example.org"); err != nil {
			return err
		}
		v, err = tx.Vacation(p.ID)
		return err
	})
	if v.Until == nil {
		t.Errorf("a forged back ended Bob's vacation")
	}
	if p.Settings["notify"] != "" {
		t.Errorf("a forged notify set Bob's notify to %q", p.Settings["notify"])
	}
}

// quietOutbox waits until the daemon has sent everything it queued.
func (r *rig) quietOutbox() {
	r.t.Helper()
	r.waitStore("the outbox sent", func(tx *db.Tx) (bool, error) {
		due, err := tx.Due(time.Now().Add(time.Hour), 1)
		return len(due) == 0, err
	})
}
