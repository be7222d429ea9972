package play

import (
	"strings"
	"testing"
	"time"
)

func TestDigestComesAtTheChosenHour(t *testing.T) {
	w := newClockWorld(t, Config{})
	w.send("bob@example.org", "", "notify digest 18")
	mustContain(t, w.last("bob@example.org"), "once a day, in one mail per game, at 18:00 your time (UTC)")
	id := startPente(t, w, "")
	sent := w.count("bob@example.org")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10") // 09:04
	if w.count("bob@example.org") != sent {
		t.Fatalf("bob, on digests, got alice's ply at once")
	}
	if r := w.advance(8 * time.Hour); r.Digests != 0 || w.count("bob@example.org") != sent {
		t.Fatalf("by 17:04: %+v, %d mails; want no digest yet", r, w.count("bob@example.org")-sent)
	}
	if r := w.advance(time.Hour); r.Digests != 1 {
		t.Fatalf("by 18:04: %+v, want the digest", r)
	}
	digest := w.last("bob@example.org")
	mustContain(t, digest, "Your digest of game 1, since Sun 29 Nov 2026 09:04 UTC:",
		"- alice (White) played K10 in game 1 (ply 1).", "[pbem 1]", "your move", "Your deadline:")
	// The digest is a game mail: a reply to it plays.
	w.reply("bob@example.org", digest, "L9")
	if n := w.game(id).game.Plies(); n != 2 {
		t.Fatalf("bob's reply to the digest: %d plies, want 2:\n%s", n, w.last("bob@example.org").Body)
	}
	if r := w.advance(24 * time.Hour); r.Digests != 0 {
		t.Errorf("a digest with no news: %+v", r)
	}
}

func TestLeavingDigestsSendsWhatWaits(t *testing.T) {
	w := newClockWorld(t, Config{})
	w.send("bob@example.org", "", "notify digest")
	mustContain(t, w.last("bob@example.org"), "at 08:00 your time")
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.send("bob@example.org", "", "notify every")
	mustContain(t, w.last("bob@example.org"), "You get a mail after every ply")
	if r := w.tick(); r.Digests != 1 {
		t.Fatalf("tick after leaving digests: %+v, want what waited sent", r)
	}
	mustContain(t, w.last("bob@example.org"), "played K10")
}

func TestDigestHourAcrossDaylightSaving(t *testing.T) {
	berlin, err := loadZone("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	utc := func(y int, m time.Month, d, h, min int) time.Time { return time.Date(y, m, d, h, min, 0, 0, time.UTC) }
	tests := []struct {
		name   string
		oldest time.Time
		loc    *time.Location
		hour   int
		want   time.Time
	}{
		{"later the same day", utc(2026, 11, 29, 9, 4), time.UTC, 18, utc(2026, 11, 29, 18, 0)},
		{"news at the hour waits a day", utc(2026, 11, 29, 18, 0), time.UTC, 18, utc(2026, 11, 30, 18, 0)},
		{"Berlin in winter: 8:00 is 7:00 UTC", utc(2026, 3, 27, 12, 0), berlin, 8, utc(2026, 3, 28, 7, 0)},
		{"Berlin, into summer time: 8:00 is 6:00 UTC", utc(2026, 3, 28, 12, 0), berlin, 8, utc(2026, 3, 29, 6, 0)},
		{"Berlin, into winter time: 8:00 is 7:00 UTC", utc(2026, 10, 24, 12, 0), berlin, 8, utc(2026, 10, 25, 7, 0)},
		{"Berlin, the evening after the change", utc(2026, 10, 25, 12, 0), berlin, 20, utc(2026, 10, 25, 19, 0)},
		{"the local date, not UTC's", utc(2026, 3, 27, 23, 30), berlin, 0, utc(2026, 3, 28, 23, 0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := digestDue(tc.oldest, tc.loc, tc.hour); !got.Equal(tc.want) {
				t.Errorf("digestDue(%v, %s, %d) = %v, want %v", tc.oldest, tc.loc, tc.hour, got.UTC(), tc.want)
			}
		})
	}
}

func TestDigestInBerlinOverTheSpringChange(t *testing.T) {
	w := newClockWorld(t, Config{})
	w.now = time.Date(2026, 3, 28, 10, 0, 0, 0, time.UTC)
	w.send("bob@example.org", "", "timezone Europe/Berlin")
	w.send("bob@example.org", "", "notify digest 8")
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10") // 10:05 UTC
	sent := w.count("bob@example.org")
	w.advance(19 * time.Hour) // to 05:05 UTC, 07:05 CEST
	if w.count("bob@example.org") != sent {
		t.Fatalf("digest before 8:00 in Berlin")
	}
	if r := w.advance(time.Hour); r.Digests != 1 { // 06:05 UTC, 08:05 CEST
		t.Fatalf("no digest by 8:05 in Berlin, the day summer time began: %+v", r)
	}
	mustContain(t, w.last("bob@example.org"), "since Sat 28 Mar 2026 11:05 CET")
}

func TestNotifyMyTurn(t *testing.T) {
	w := newClockWorld(t, Config{})
	alice, bob, carol, dave := "alice@example.org", "bob@example.org", "carol@example.org", "dave@example.org"
	w.send(bob, "", "notify myturn")
	mustContain(t, w.last(bob), "only when it makes it your move")
	w.send(dave, "", "notify myturn")
	id := invite(t, w, "new quatro with bob@example.org carol@example.org", alice, bob, carol)
	w.send(dave, "", "watch 1")
	counts := func() [4]int { return [4]int{w.count(alice), w.count(bob), w.count(carol), w.count(dave)} }
	steps := []struct {
		mover string
		got   [4]int // the mails each got for the ply: alice, bob, carol, dave
	}{
		{alice, [4]int{1, 1, 1, 0}}, // bob's move: bob is told
		{bob, [4]int{1, 0, 1, 0}},   // no echo of bob's own ply
		{carol, [4]int{1, 0, 1, 0}}, // alice's move: bob is not told
	}
	for i, s := range steps {
		before := counts()
		if g := w.game(id); g.row.Seats[g.game.ToMove()].Address != s.mover {
			t.Fatalf("step %d: %s to move, not %s", i+1, g.row.Seats[g.game.ToMove()].Address, s.mover)
		}
		playOut(t, w, id, uint64(i), 1)
		after := counts()
		for k := range after {
			if after[k]-before[k] != s.got[k] {
				t.Errorf("step %d (%s played): mails %v, want %v", i+1, s.mover, diff(after, before), s.got)
				break
			}
		}
	}
	// The end of the game reaches everyone.
	before := counts()
	w.reply(carol, w.lastAbout(carol, id), "resign")
	if got := diff(counts(), before); got != [4]int{1, 1, 1, 1} {
		t.Errorf("the end of the game: mails %v, want one each", got)
	}
}

func diff(a, b [4]int) [4]int {
	for i := range a {
		a[i] -= b[i]
	}
	return a
}

func TestEveryGameMailSaysHowToGetLess(t *testing.T) {
	w := newClockWorld(t, Config{})
	id := startPente(t, w, "")
	w.send("carol@example.org", "", "watch 1")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	seat, watcher := w.last("bob@example.org"), w.last("carol@example.org")
	mustContain(t, seat, `Fewer mails: send "notify myturn" or "notify digest 8".`)
	mustContain(t, watcher, `Spectators: "watch 1" / "unwatch 1" start and stop game 1's mail.`)
	if got := watcher.Headers["List-Unsubscribe"]; got != "<mailto:pbem@example.org?subject=unwatch%201>" {
		t.Errorf("watcher's List-Unsubscribe %q", got)
	}
	if got, ok := seat.Headers["List-Unsubscribe"]; ok {
		t.Errorf("a seat's mail has List-Unsubscribe %q: unsubscribing from a game would be resigning", got)
	}
	w.send("dave@example.org", "", "help")
	mustContain(t, w.last("dave@example.org"), `Settings: "notify myturn", "notify digest 8", "timezone ZONE".`)
}

func TestNotifyCommandRefusesABadHour(t *testing.T) {
	w := newClockWorld(t, Config{})
	w.send("bob@example.org", "", "notify digest 24")
	mustContain(t, w.last("bob@example.org"), "The hour 24 is not an hour of the day", "Nothing was changed")
	w.send("bob@example.org", "", "notify")
	mustContain(t, w.last("bob@example.org"), "You get a mail after every ply")
	if !strings.Contains(w.last("bob@example.org").Body, `"notify digest HOUR"`) {
		t.Errorf("notify alone does not say how to change it")
	}
}
