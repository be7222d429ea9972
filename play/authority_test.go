package play

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pbem/db"
	"pbem/grammar"
	"pbem/i18n"
)

// TestEveryCommandHasOneLine checks the command table against the grammar:
// every command word parses to a form the table has, once.
func TestEveryCommandHasOneLine(t *testing.T) {
	table := commandTable()
	seen := map[string]bool{}
	for _, spec := range table {
		if seen[spec.Form] {
			t.Errorf("form %q is in the table twice", spec.Form)
		}
		seen[spec.Form] = true
		if spec.Authority == 0 || spec.Rate == 0 || spec.run == nil || spec.what == "" {
			t.Errorf("form %q lacks an authority, a rate class, a handler or its words: %+v", spec.Form, spec)
		}
		if spec.Rate == RatePlay && spec.Authority < GamePlayer {
			t.Errorf("form %q changes a game but needs only %s", spec.Form, spec.Authority)
		}
	}
	lines := []string{"new pente with b@example.org", "accept", "decline", "cancel", "K10", "resign", "draw",
		"takeback", "board", "games", "hint", "preview K10", "record", "review", "analyze", "watch 1", "unwatch 1",
		"vacation", "vacation 3", "back", "timezone", "timezone UTC", "notify", "notify myturn", "pictures", "pictures off", "language", "language de", "block",
		"block x@example.org", "unblock invitations", "confirm", "ratings", "help",
		"if L9 then M10", "conditions", "cancel conditions", "challenges", "accept challenge 1", "cancel challenge 1"}
	used := map[string]bool{}
	for _, line := range lines {
		c, err := grammar.ParseCommand(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		spec := (&Service{commands: table}).specFor(c)
		if spec == nil {
			t.Errorf("%q has no line in the table", line)
			continue
		}
		if used[spec.Form] {
			t.Errorf("%q is read as form %q, which another test line has too", line, spec.Form)
		}
		used[spec.Form] = true
	}
	for f := range seen {
		if !used[f] {
			t.Errorf("no test line for the table's form %q", f)
		}
	}
	for _, v := range grammar.Verbs {
		found := false
		for f := range seen {
			if strings.Contains(f, v) {
				found = true
			}
		}
		if !found {
			t.Errorf("command word %q has no form in the table", v)
		}
	}
}

// TestStrangerCannotSpendAPlayersLimit is the forged flood: mail "from
// bob" without his key uses up only the allowance of unproven mail. Bob's
// keyed move is still played and answered.
func TestStrangerCannotSpendAPlayersLimit(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	for range 40 {
		w.sendBare("bob@example.org", "", "board 1")
	}
	res := w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "L9")
	if res.Outcome != Answered || w.game(id).game.Plies() != 2 {
		t.Fatalf("bob's keyed move after a forged flood: outcome %v, %d plies; want answered, 2", res.Outcome, w.game(id).game.Plies())
	}
	mustContain(t, w.last("bob@example.org"), "You played L9")
}

// TestProvenMailOverTheLimit: a player who writes a lot still has every
// move played and answered; the other commands wait, and the player is
// told once an hour when to send them again.
func TestProvenMailOverTheLimit(t *testing.T) {
	w := newWorld(t, Config{Limits: Limits{Proven: 5}})
	id := startPente(t, w, "tournament=off") // alice's first proven mail
	for range 4 {
		w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "hint")
	}
	// Over the limit: a hint alone is answered once with when to retry...
	before := w.count("alice@example.org")
	res := w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "hint")
	if res.Outcome != Told || w.count("alice@example.org") != before+1 {
		t.Fatalf("hint over the limit: outcome %v, %d mails; want told with one mail", res.Outcome, w.count("alice@example.org")-before)
	}
	mustContain(t, w.last("alice@example.org"), "more than 5 mails", "Not carried out: hint", "Send them again after")
	// ... and then not at all,
	res = w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "hint")
	if res.Outcome != Limited || w.count("alice@example.org") != before+1 {
		t.Fatalf("second hint over the limit: outcome %v, %d mails; want limited with none", res.Outcome, w.count("alice@example.org")-before-1)
	}
	// but a move is played and answered, and what waits is named.
	res = w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10\nboard")
	if res.Outcome != Answered || w.game(id).game.Plies() != 1 {
		t.Fatalf("a move over the limit: outcome %v, %d plies; want answered, 1", res.Outcome, w.game(id).game.Plies())
	}
	mustContain(t, w.last("alice@example.org"), "You played K10", "Not carried out: board")
	mustContain(t, w.lastAbout("bob@example.org", id), "played K10")
}

// TestSettingsNeedProof: a setting sent without a key waits for a
// confirmation that only the address's holder can give; a forger's
// commands cannot ride along with it.
func TestSettingsNeedProof(t *testing.T) {
	w := newWorld(t, Config{Limits: Limits{Refusals: 5}})
	id := startPente(t, w, "")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "vacation 10")
	if !w.away("bob@example.org") {
		t.Fatal("bob's keyed vacation did not start")
	}
	// A forged "back" (no key) does not end bob's vacation.
	res := w.sendBare("bob@example.org", "", "back")
	if res.Outcome != Refused || !w.away("bob@example.org") {
		t.Fatalf("forged back: outcome %v, away %v; want refused and still away", res.Outcome, w.away("bob@example.org"))
	}
	ask := w.last("bob@example.org")
	mustContain(t, ask, "needs proof", "reply to this mail with the word \"confirm\"", "  back")
	if strings.Contains(ask.Body, " A  B  C") {
		t.Errorf("a refusal to an unproven sender carries a board:\n%s", ask.Body)
	}
	// A forged "confirm" does nothing.
	w.sendBare("bob@example.org", "", "confirm")
	if !w.away("bob@example.org") {
		t.Fatal("a forged confirm ended bob's vacation")
	}
	// Bob himself asks, without a key, for another setting; the forger
	// adds "back" meanwhile. Bob confirms his own request: only it runs.
	w.sendBare("bob@example.org", "", "notify myturn")
	mine := w.last("bob@example.org")
	mustContain(t, mine, "  notify myturn")
	w.sendBare("bob@example.org", "", "back")
	w.reply("bob@example.org", mine, "confirm")
	mustContain(t, w.last("bob@example.org"), "Confirmed: notify myturn", "only when it makes it your move")
	if p := w.player("bob@example.org"); p.Settings["notify"] != "myturn" || !w.away("bob@example.org") {
		t.Errorf("after bob's confirm: notify %q, away %v; want myturn and still away", p.Settings["notify"], w.away("bob@example.org"))
	}
	// A confirmation is given once.
	w.reply("bob@example.org", mine, "confirm")
	mustContain(t, w.last("bob@example.org"), "confirmed these commands already")
}

// TestSettingsChangeWithAnyKey: a reply to any mail of the service proves
// the address, so settings change at once.
func TestSettingsChangeWithAnyKey(t *testing.T) {
	w := newWorld(t, Config{})
	w.sendBare("carol@example.org", "", "games")
	w.reply("carol@example.org", w.last("carol@example.org"), "timezone Europe/Berlin")
	if z := w.player("carol@example.org").Settings["timezone"]; z != "Europe/Berlin" {
		t.Errorf("timezone %q after a keyed reply, want Europe/Berlin", z)
	}
}

// TestBackscatterIsShortAndRare: forged mail that needs a key makes at
// most Limits.Refusals short replies a day to the address it names.
func TestBackscatterIsShortAndRare(t *testing.T) {
	w := newWorld(t, Config{Limits: Limits{Refusals: 2}})
	id := startPente(t, w, "")
	before := w.count("bob@example.org")
	for range 30 {
		w.sendBare("bob@example.org", "", "resign 1")
	}
	if n := w.count("bob@example.org") - before; n != 2 {
		t.Errorf("%d replies to 30 forged resignations, want 2", n)
	}
	if g := w.game(id); g.row.State != db.Active {
		t.Errorf("game %d is %s after forged resignations", id, g.row.State)
	}
	m := w.last("bob@example.org")
	mustContain(t, m, "carries no key for game 1")
	if strings.Contains(m.Body, " A  B  C") || strings.Contains(m.Body, "Read: board") {
		t.Errorf("a refusal to a forged sender says more than the refusal:\n%s", m.Body)
	}
}

// TestCancelIsTheStartersAlone: only the player who started a game can
// cancel it, before it starts.
func TestCancelIsTheStartersAlone(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "", "new pente with bob@example.org")
	inv := w.last("bob@example.org")
	w.reply("bob@example.org", inv, "cancel")
	mustContain(t, w.last("bob@example.org"), "Only the player who started game 1 can cancel")
	w.reply("alice@example.org", w.last("alice@example.org"), "cancel")
	mustContain(t, w.last("alice@example.org"), "You cancelled game 1")
	mustContain(t, w.last("bob@example.org"), "alice cancelled game 1", "cancelled")
	if g := w.game(inv.GameID); g.row.State != db.Declined || g.row.Termination != cancelled {
		t.Errorf("game after cancel: %s %q", g.row.State, g.row.Termination)
	}
}

// TestForgedNameIsNotTaken: a display name comes only from proven mail.
func TestForgedNameIsNotTaken(t *testing.T) {
	w := newWorld(t, Config{})
	w.deliver(Message{From: "erin@example.org", FromName: "Evil Erin", To: []string{"pbem@example.org"}, Text: "games"})
	if n := w.player("erin@example.org").Name; n != "" {
		t.Errorf("name %q taken from unproven mail", n)
	}
	w.deliver(Message{From: "erin@example.org", FromName: "Erin", To: []string{"pbem+" + w.key("erin@example.org", 0) + "@example.org"}, Text: "games"})
	if n := w.player("erin@example.org").Name; n != "Erin" {
		t.Errorf("name %q after proven mail, want Erin", n)
	}
}

// player loads a player's row.
func (w *world) player(addr string) db.Player {
	w.t.Helper()
	var p db.Player
	err := w.store.View(context.Background(), func(tx *db.Tx) (err error) {
		p, err = tx.PlayerByAddress(addr)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return p
}

// away reports whether a player is on vacation now.
func (w *world) away(addr string) bool {
	w.t.Helper()
	p := w.player(addr)
	var v db.Vacation
	err := w.store.View(context.Background(), func(tx *db.Tx) (err error) {
		v, err = tx.Vacation(p.ID)
		return err
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return v.Away(w.now)
}

// TestHelpNamesEveryCommand: help lists every command word, in each
// language by one of its words there (or the English one, where the
// language has none).
func TestHelpNamesEveryCommand(t *testing.T) {
	for _, lang := range i18n.All {
		help := i18n.Fold(i18n.Tr(lang, "play.help", nil))
		for _, v := range grammar.Verbs {
			if v == "move" || v == "confirm" {
				continue // "[move]" is written so; confirm is asked for when needed
			}
			words := append([]string{v}, grammar.Words[v][string(lang)]...)
			if !slices.ContainsFunc(words, func(w string) bool { return strings.Contains(help, "  "+w+" ") }) {
				t.Errorf("%s help does not list %q (as any of %v)", lang, v, words)
			}
		}
	}
}
