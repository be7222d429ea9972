package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/internal/dovecot"
	"pbem/internal/mailclients"
	"pbem/rules"
)

// clientPlies is a Gomoku game of 35 plies that White (alice) wins with
// five in a row on row 10: after the centre, both sides play stones two
// columns apart on rows of their own, which make no line.
func clientPlies() []string {
	cols := strings.Split("A C E G J L N Q S", " ")
	var white, black []string
	for _, row := range []string{"1", "3"} {
		for _, c := range cols {
			white = append(white, c+row)
		}
	}
	for _, row := range []string{"19", "17"} {
		for _, c := range cols {
			black = append(black, c+row)
		}
	}
	// White's first stone is on the centre, as the rules want.
	white = append(append([]string{"K10"}, white[:13]...), "L10", "M10", "N10", "O10")
	black = black[:17]
	var plies []string
	for i := range white {
		plies = append(plies, white[i])
		if i < len(black) {
			plies = append(plies, black[i])
		}
	}
	return plies
}

// complaints are what the service says when it did not read a mail as
// meant; no reply to a client's mail may say them.
var complaints = []string{"Not understood", "No command was found", "did you mean"}

// clientReply answers the player's latest mail about a game as a mail
// client does, with the service's mail quoted as that client quotes it,
// and returns the reply's Message-ID.
func (p *player) clientReply(c mailclients.Client, m sentMail, typed string) string {
	p.r.t.Helper()
	p.n++
	id := fmt.Sprintf("%d.%s.%s", p.n, c.Name, p.addr)
	o := mailclients.Original{FromName: m.FromName, FromAddr: m.From, ReplyTo: m.ReplyTo, To: p.addr,
		Subject: m.Subject, MessageID: m.MessageID, References: m.References, Date: m.Date, Body: m.Text}
	local, _, _ := strings.Cut(p.addr, "@")
	raw := c.Compose(o, mailclients.Reply{Name: strings.ToUpper(local[:1]) + local[1:], Addr: p.addr, Text: typed,
		MessageID: id, Date: time.Now()})
	p.r.deliver(raw)
	return id
}

// TestDaemonGameByEveryMailClient plays a whole Gomoku game through the
// daemon in which every mail of the players is written by another mail
// client (internal/mailclients: Thunderbird, Gmail, Outlook, Apple, mutt,
// Yahoo, Lotus Notes, ...), each quoting the service's real mail as it
// does, above, below or as an unquoted original. Every move is played,
// and no answer complains of a line it did not understand.
func TestDaemonGameByEveryMailClient(t *testing.T) {
	var clients []mailclients.Client
	for _, c := range mailclients.All() {
		if c.Name != "gmail-forward" { // a forward is no way to play
			clients = append(clients, c)
		}
	}
	plies := clientPlies()
	if len(plies)+1 < len(clients) {
		t.Fatalf("%d plies and an acceptance for %d clients", len(plies), len(clients))
	}
	next := 0
	client := func() mailclients.Client {
		c := clients[next%len(clients)]
		next++
		return c
	}
	noComplaint := func(m sentMail, c mailclients.Client) {
		t.Helper()
		flat := strings.Join(strings.Fields(m.Text), " ")
		for _, s := range complaints {
			if strings.Contains(flat, s) {
				t.Fatalf("the answer to the mail from %s says %q:\n%s", c.Name, s, m.Text)
			}
		}
	}

	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	alice, bob := r.player("alice@example.org"), r.player("bob@example.org")
	sent := alice.send(serviceAddress, "a game?", "", "new gomoku with bob@example.org tournament=off")
	alice.answer(sent, "is set up")
	inv := bob.next("the invitation")
	id := gameOf(inv)
	c := client()
	m := bob.answer(bob.clientReply(c, inv, "accept"), "Everyone has accepted")
	noComplaint(m, c)
	mustSay(t, alice.next("the start"), fmt.Sprintf("Everyone has accepted game %d", id), "your move")

	replica := newReplica(t, "gomoku", rules.Options{"tournament": "off"})
	seats := []*player{alice, bob}
	for n, tok := range plies {
		ply, err := replica.Parse(tok)
		if err != nil {
			t.Fatalf("ply %d %s: %v", n+1, tok, err)
		}
		if err := replica.Play(ply); err != nil {
			t.Fatalf("the players' replica refused ply %d %s: %v", n+1, tok, err)
		}
		mover := seats[n%2]
		c := client()
		msg := mover.clientReply(c, mover.last[id], tok)
		m := mover.answer(msg, fmt.Sprintf("You played %s in game %d (ply %d)", tok, id, n+1))
		noComplaint(m, c)
		mustSay(t, m, status(replica, n%2))
		mustSay(t, seats[1-n%2].next(fmt.Sprintf("the news of ply %d", n+1)),
			fmt.Sprintf("played %s in game %d (ply %d)", tok, id, n+1))
	}
	if !replica.Outcome().Over {
		t.Fatal("the game is not over after its plies")
	}
	if next < len(clients) {
		t.Fatalf("only %d of %d clients wrote a mail", next, len(clients))
	}
	mustSay(t, alice.last[id], "Game over")
	checkStored(t, r, id, replica)
	if code := r.d.stop(t); code != exitOK {
		t.Errorf("pbem serve exit %d after a stop, want %d", code, exitOK)
	}
}
