package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"pbem/internal/dovecot"
	"pbem/internal/mailtest"
	"pbem/rules"
)

// loadGame is one of many games set up by mail to load the daemon: its
// players, the plies they will mail and where their mails go.
type loadGame struct {
	id     int64
	seats  [2]string // White, Black
	plies  []string  // the plies to mail, in order
	token  [2]string // each seat's Reply-To address for the game
	thread [2]string // the Message-ID each seat's mails answer
	moves  []string  // the Message-IDs of the move mails, by ply
}

// setUpGames has the running daemon set up n Pente games, game i between
// w<i> (White) and b<i>, by mail: all invitations at once, then all
// acceptances. It gives each game perGame legal plies picked with rnd that
// do not end it, and returns the move mails: the first ply of every game,
// then the second of every game, and so on, each from the seat to move to
// its own Reply-To address, answering the last mail the seat got.
func setUpGames(tb testing.TB, imap *dovecot.Server, out *outbound, n, perGame int, rnd *rand.Rand) ([]*loadGame, [][]byte) {
	tb.Helper()
	gs := make([]*loadGame, n)
	var raws [][]byte
	for i := range gs {
		g := &loadGame{seats: [2]string{fmt.Sprintf("w%03d@example.org", i), fmt.Sprintf("b%03d@example.org", i)}}
		gs[i] = g
		raws = append(raws, mailtest.Compose(g.seats[0], serviceAddress, "a game?", "new."+g.seats[0], "",
			"new pente with "+g.seats[1]+" tournament=off"))
	}
	appendAll(tb, imap, raws)
	find := func(to, text string) func(all []sentMail) (sentMail, bool) {
		return func(all []sentMail) (sentMail, bool) {
			for _, m := range all {
				if m.To == to && strings.Contains(flatText(m), text) {
					return m, true
				}
			}
			return sentMail{}, false
		}
	}
	raws = raws[:0]
	for _, g := range gs {
		inv := out.wait(tb, "the invitation of "+g.seats[1], find(g.seats[1], "invites you"))
		g.id, g.token[1], g.thread[1] = gameOf(inv), inv.ReplyTo, inv.MessageID
		raws = append(raws, mailtest.Compose(g.seats[1], inv.ReplyTo, "Re: "+inv.Subject, "accept."+g.seats[1],
			inv.MessageID, "accept"))
	}
	appendAll(tb, imap, raws)
	for _, g := range gs {
		start := out.wait(tb, "the start for "+g.seats[0], find(g.seats[0], fmt.Sprintf("Everyone has accepted game %d", g.id)))
		g.token[0], g.thread[0] = start.ReplyTo, start.MessageID
	}

	for _, g := range gs {
		replica := newReplica(tb, "pente", rules.Options{"tournament": "off"})
		for len(g.plies) < perGame {
			legal := replica.Legal()
			p := legal[rnd.IntN(len(legal))]
			after := replica.Clone()
			if after.Play(p) != nil || after.Outcome().Over {
				continue
			}
			replica = after
			g.plies = append(g.plies, p.String())
		}
	}
	var moves [][]byte
	for k := range perGame {
		for _, g := range gs {
			s := k % 2
			id := fmt.Sprintf("move.%d.%d@players.example", g.id, k+1)
			g.moves = append(g.moves, id)
			// Every move answers the same early mail, so it names its ply
			// number: without it the thread would make it stale.
			moves = append(moves, mailtest.Compose(g.seats[s], g.token[s], fmt.Sprintf("Re: [pbem %d]", g.id), id,
				g.thread[s], fmt.Sprintf("%s #%d", g.plies[k], k+1)))
		}
	}
	return gs, moves
}

// flatText is a mail's subject and text with its line breaks as spaces.
func flatText(m sentMail) string {
	return m.Subject + " " + strings.Join(strings.Fields(m.Text), " ")
}
