package play

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// invitations counts the invitations an address got.
func (w *world) invitations(addr string) int {
	n := 0
	for _, m := range w.inbox[addr] {
		if strings.Contains(m.Body, "invites you") {
			n++
		}
	}
	return n
}

func TestInvitationFloodInOneMail(t *testing.T) {
	w := newWorld(t, Config{})
	var lines []string
	for i := range 60 {
		lines = append(lines, fmt.Sprintf("new pente with victim%d@example.net", i))
	}
	w.send("mallory@example.org", "", strings.Join(lines, "\n"))
	sent := 0
	for i := range 60 {
		sent += w.invitations(fmt.Sprintf("victim%d@example.net", i))
	}
	if sent != 4 {
		t.Errorf("one mail sent %d invitations, want 4", sent)
	}
	mustContain(t, w.last("mallory@example.org"), "One mail may invite at most 4 players")
}

func TestInvitationsPerDay(t *testing.T) {
	w := newWorld(t, Config{Limits: Limits{InviteesPerDay: 6}})
	for i := range 8 {
		w.send("mallory@example.org", "", fmt.Sprintf("new pente with v%d@example.net", i))
	}
	sent := 0
	for i := range 8 {
		sent += w.invitations(fmt.Sprintf("v%d@example.net", i))
	}
	if sent != 6 {
		t.Errorf("a proven sender sent %d invitations in a day, want 6", sent)
	}
	mustContain(t, w.last("mallory@example.org"), "You invited 6 players in the last day; the most is 6")
	w.now = w.now.Add(25 * time.Hour)
	w.send("mallory@example.org", "", "new pente with v7@example.net")
	if w.invitations("v7@example.net") != 1 {
		t.Errorf("no invitation the next day")
	}
	// Mail without proof may invite only one mail's worth a day.
	for i := range 6 {
		w.sendBare("forged@example.org", "", fmt.Sprintf("new pente with u%d@example.net", i))
	}
	sent = 0
	for i := range 6 {
		sent += w.invitations(fmt.Sprintf("u%d@example.net", i))
	}
	if sent != 4 {
		t.Errorf("unproven mail sent %d invitations in a day, want 4", sent)
	}
}

func TestInvitationsFromStrangersWait(t *testing.T) {
	w := newWorld(t, Config{})
	// dave once played alice.
	w.send("alice@example.org", "", "new pente with dave@example.org")
	w.reply("dave@example.org", w.last("dave@example.org"), "accept")
	for i := range 5 {
		w.send(fmt.Sprintf("s%d@example.net", i), "", "new pente with dave@example.org")
	}
	if n := w.invitations("dave@example.org"); n != 1+3 {
		t.Errorf("dave got %d invitations, want alice's and 3 from strangers", n)
	}
	mustContain(t, w.last("s4@example.net"), "dave@example.org has 3 invitations open from players they have not played yet")
	// alice is no stranger.
	w.send("alice@example.org", "", "new gomoku with dave@example.org")
	if n := w.invitations("dave@example.org"); n != 5 {
		t.Errorf("alice's second invitation did not reach dave (%d invitations)", n)
	}
}

func TestBlockedAndDeclinedInviters(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("bob@example.org", "", "block pest@example.net")
	mustContain(t, w.last("bob@example.org"), "From now on invitations from pest@example.net are refused")
	w.send("pest@example.net", "", "new pente with bob@example.org")
	mustContain(t, w.last("pest@example.net"), "bob@example.org does not take invitations from you", "Nothing was started")
	if w.invitations("bob@example.org") != 0 {
		t.Fatal("a blocked inviter reached bob")
	}
	w.send("bob@example.org", "", "block invitations")
	w.send("carol@example.org", "", "new pente with bob@example.org")
	mustContain(t, w.last("carol@example.org"), "does not take invitations from you")
	w.send("bob@example.org", "", "unblock invitations\nblock")
	mustContain(t, w.last("bob@example.org"), "You take all invitations again", "You block: pest@example.net")

	// carol is declined, and then quiet for a while.
	w.send("carol@example.org", "", "new pente with bob@example.org")
	w.reply("bob@example.org", w.last("bob@example.org"), "decline")
	w.send("carol@example.org", "", "new pente with bob@example.org")
	mustContain(t, w.last("carol@example.org"), "declined an invitation of yours lately")
	w.now = w.now.Add(31 * 24 * time.Hour)
	w.send("carol@example.org", "", "new pente with bob@example.org")
	if n := w.invitations("bob@example.org"); n != 2 {
		t.Errorf("bob got %d invitations from carol, want 2 (before the decline and a month after)", n)
	}
}

func TestAnAddressLikeTheServicesIsAPlayer(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "new pente with pbemfan@example.org")
	if w.invitations("pbemfan@example.org") != 1 {
		t.Errorf("pbemfan@example.org was not invited:\n%s", w.last("alice@example.org").Body)
	}
	w.send("alice@example.org", "", "new pente with pbem+3-x@example.org")
	mustContain(t, w.last("alice@example.org"), "this service's own address")
}

func TestInvitationCarriesTheGreeting(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "a game?", "Hi Bob, fancy a game?\nnew pente with bob@example.org\nCheers, Alice")
	inv := w.last("bob@example.org")
	mustContain(t, inv, "invites you", "They write:", "Hi Bob, fancy a game?", "Cheers, Alice")
	if strings.Contains(w.last("alice@example.org").Body, "not understood") {
		t.Errorf("the greeting drew a complaint:\n%s", w.last("alice@example.org").Body)
	}
}
