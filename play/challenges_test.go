package play

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pbem/db"
)

// TestChallengesPairTakeAndExpire: two matching challenges are paired at
// once, both players told; a challenge outside the poster's rating range
// is not; "challenges" lists the open ones; "accept challenge N" takes
// one; a player has at most three open; an old one expires, its poster
// told.
func TestChallengesPairTakeAndExpire(t *testing.T) {
	w := newClockWorld(t, Config{})
	alice, bob, carol, dave := "alice@example.org", "bob@example.org", "carol@example.org", "dave@example.org"
	w.send(alice, "", "new pente with anyone days=3 rating 1400-1800")
	mustContain(t, w.last(alice), "Challenge 1 is posted: Pente, days=3", "for a player of rating 1400 to 1800", `"accept challenge 1"`)
	// Other options do not match: posted, not paired.
	w.send(carol, "", "new pente with anyone days=5")
	mustContain(t, w.last(carol), "Challenge 2 is posted")
	w.send(dave, "", "challenges")
	mustContain(t, w.last(dave), "Open challenges", "1. Pente by alice (rating 1500), days=3 rated=yes", "for a player of rating 1400 to 1800",
		"2. Pente by carol (rating 1500), days=5 rated=yes")
	// Bob's matches alice's: a game of the two begins at once.
	w.send(bob, "", "new pente with anyone rated=yes days=3")
	m := w.last(bob)
	mustContain(t, m, "Your challenge matched challenge 1 of alice", "game 1 begins", "Pente: alice vs bob")
	g := w.game(1)
	if g.row.State != db.Active || g.row.Seats[0].Address != alice || g.row.Seats[1].Address != bob {
		t.Fatalf("game 1: %s, seats %+v", g.row.State, g.row.Seats)
	}
	mustContain(t, w.lastAbout(alice, 1), "Your challenge 1 is taken: it matched a challenge of bob <bob@example.org>. Game 1 begins.", "It is your move")
	w.send(dave, "", "challenges")
	if body := w.last(dave).Body; containsAll(body, "alice") {
		t.Errorf("a taken challenge is still listed:\n%s", body)
	}
	// Dave takes carol's.
	w.send(dave, "", "accept challenge 2")
	mustContain(t, w.last(dave), "You took challenge 2 of carol: game 2 begins")
	mustContain(t, w.lastAbout(carol, 2), "Your challenge 2 is taken by dave <dave@example.org>: game 2 begins.")
	w.send(bob, "", "accept challenge 2")
	mustContain(t, w.last(bob), "Challenge 2 is no longer open.")
	w.send(carol, "", "cancel challenge 2")
	mustContain(t, w.last(carol), "Challenge 2 is no longer open (taken)")
	w.send(bob, "", "new pente with anyone days=9")
	w.send(alice, "", "cancel challenge 3")
	mustContain(t, w.last(alice), "You have no challenge 3.")
	w.send(bob, "", "cancel challenge 3")
	mustContain(t, w.last(bob), "Your challenge 3 is withdrawn.")

	// At most three open; the fourth is refused.
	for i := range 3 {
		w.send(dave, "", "new gomoku with anyone rating 1700-")
		mustContain(t, w.last(dave), "is posted")
		_ = i
	}
	w.send(dave, "", "new gomoku with anyone")
	mustContain(t, w.last(dave), "You have 3 open challenges, the most one player may have.")
	// Outside dave's range: erin (1500) is not paired with dave's 1700-.
	w.send("erin@example.org", "", "new gomoku with anyone")
	mustContain(t, w.last("erin@example.org"), "is posted")
	w.send("erin@example.org", "", "accept challenge 4")
	mustContain(t, w.last("erin@example.org"), "Challenge 4 is for a player of rating 1700 or more; your rating in it is 1500.")
	// Two-player games only.
	w.send("erin@example.org", "", "new quatro with anyone")
	mustContain(t, w.last("erin@example.org"), "Open challenges are for games of two players")

	// A week on, the open challenges expire and their posters are told.
	w.advance(7*24*time.Hour + time.Hour)
	mustContain(t, w.last("erin@example.org"), "Nobody took your challenge 7", "so it has expired")
	mustContain(t, w.last(dave), "Nobody took your challenge 6")
	w.send(dave, "", "challenges")
	mustContain(t, w.last(dave), "No challenge is open.")
}

// TestChallengeNeedsProof: a challenge without a key waits for the
// confirmation of the address's holder.
func TestChallengeNeedsProof(t *testing.T) {
	w := newWorld(t, Config{})
	w.sendBare("alice@example.org", "", "new pente with anyone")
	mustContain(t, w.last("alice@example.org"), "confirm")
	w.send("bob@example.org", "", "challenges")
	mustContain(t, w.last("bob@example.org"), "No challenge is open.")
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

// TestChallengesCountAgainstTheDailyInvitations: posting challenges and
// withdrawing them does not get round the daily invitation limit.
func TestChallengesCountAgainstTheDailyInvitations(t *testing.T) {
	w := newWorld(t, Config{Limits: Limits{InviteesPerDay: 3, Proven: 100}})
	w.send("alice@example.org", "", "new pente with bob@example.org")
	for i := range 2 {
		w.send("alice@example.org", "", "new gomoku with anyone")
		mustContain(t, w.last("alice@example.org"), "is posted")
		w.send("alice@example.org", "", fmt.Sprintf("cancel challenge %d", i+1))
	}
	w.send("alice@example.org", "", "new gomoku with anyone")
	mustContain(t, w.last("alice@example.org"), "You invited or challenged 3 players in the last day; the most is 3.")
}

// TestChallengeWithoutServiceOptionsPairs: a challenge that gives none of
// the service's options (a default of none, such as private=) still pairs.
func TestChallengeWithoutServiceOptionsPairs(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "new pente with anyone days=2")
	w.send("bob@example.org", "", "new pente with anyone days=2")
	mustContain(t, w.last("bob@example.org"), "matched challenge")
}
