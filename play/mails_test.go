package play

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbem/ai"
	"pbem/ai/greedy"
	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

var update = flag.Bool("update", false, "rewrite docs/mails from the mails the service writes now")

// TestMailExamples plays a few games and keeps one mail of every kind in
// docs/mails, so that a change of wording shows in review. Run with
// -update to rewrite them; without it the test fails when a mail's text
// differs from its example. Every mail is also checked for the form of
// service.md: lines of at most 72 columns, no tabs, no trailing spaces.
func TestMailExamples(t *testing.T) {
	for _, lang := range i18n.All {
		t.Run(string(lang), func(t *testing.T) {
			dir := filepath.Join("..", "docs", "mails")
			if lang != i18n.English {
				dir = filepath.Join(dir, string(lang))
			}
			keepExamples(t, dir, mailExamples(t, lang), "MailExamples")
		})
	}
}

// mailExamples plays the games of TestMailExamples with every player
// reading lang, and returns the mails it keeps by name.
func mailExamples(t *testing.T, lang i18n.Lang) map[string]db.Mail {
	// The greedy player stands in for the computer, so that the examples
	// stay as they are whatever engine a game kind gets.
	w := newClockWorld(t, Config{Engines: func(*rules.Kind) ai.Engine { return greedy.Engine{} }})
	if lang != i18n.English {
		w.lang = lang
	}
	got := map[string]db.Mail{}
	keep := func(name string, m db.Mail) { got[name] = m }
	// find is the newest mail to an address that says message id of the
	// catalogs (its longest part between arguments).
	find := func(addr, id string) db.Mail {
		t.Helper()
		text := fragment(lang, id)
		box := w.inbox[addr]
		for i := len(box) - 1; i >= 0; i-- {
			// Mails are wrapped: a line break counts as a space.
			if strings.Contains(strings.Join(strings.Fields(box[i].Body), " "), text) {
				return box[i]
			}
		}
		t.Fatalf("no mail to %s with %q", addr, text)
		return db.Mail{}
	}

	w.send("alice@example.org", "new game", "new pente with bob@example.org")
	keep("01-invitation", w.last("bob@example.org"))
	keep("02-invitation-sent", w.last("alice@example.org"))
	w.reply("bob@example.org", w.last("bob@example.org"), "accept")
	keep("03-accepted-game-begins", w.last("bob@example.org"))
	keep("04-game-begins-your-move", w.last("alice@example.org"))
	w.reply("alice@example.org", w.last("alice@example.org"), "K10")
	keep("05-ply-played", w.last("alice@example.org"))
	keep("06-opponent-played-your-move", w.last("bob@example.org"))
	w.reply("bob@example.org", w.last("bob@example.org"), "L9")
	w.reply("alice@example.org", w.last("alice@example.org"), "H9")
	keep("07-rule-broken", w.last("alice@example.org"))
	w.reply("alice@example.org", w.last("alice@example.org"), "I10")
	keep("08-typo-in-a-point", w.last("alice@example.org"))
	w.reply("alice@example.org", w.last("alice@example.org"), "O6 #2")
	keep("09-stale-mail", w.last("alice@example.org"))
	w.reply("bob@example.org", w.last("bob@example.org"), "M8")
	keep("10-not-your-move", w.last("bob@example.org"))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "hint")
	keep("11-hint", w.last("alice@example.org"))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "preview O6 M8")
	keep("12-preview", w.last("alice@example.org"))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "draw")
	keep("13-draw-offered", w.last("bob@example.org"))
	w.reply("bob@example.org", w.lastAbout("bob@example.org", 1), "decline")
	keep("14-offer-declined", w.last("alice@example.org"))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "O6")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "takeback")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", 1), "accept")
	keep("15-takeback-agreed", w.last("alice@example.org"))
	w.send("carol@example.org", "", "watch 1")
	keep("16-watching", w.last("carol@example.org"))
	w.reply("alice@example.org", w.lastAbout("alice@example.org", 1), "O6")
	keep("17-watcher-notice", w.last("carol@example.org"))
	w.send("bob@example.org", "", "games")
	keep("18-games", w.last("bob@example.org"))
	w.send("bob@example.org", "", "move 1 N7")
	keep("19-no-key", w.last("bob@example.org"))
	w.reply("bob@example.org", w.lastAbout("bob@example.org", 1), "resign")
	keep("20-resigned-game-over", w.last("alice@example.org"))
	w.send("dave@example.org", "hello", "Hello, how does this work?")
	keep("21-no-command", w.last("dave@example.org"))
	w.send("dave@example.org", "", "mvoe 3 K10\nboard 1")
	keep("22-not-understood", w.last("dave@example.org"))
	w.send("dave@example.org", "", "help")
	keep("23-help", w.last("dave@example.org"))
	w.send("dave@example.org", "", "help pente")
	keep("24-help-game", w.last("dave@example.org"))
	w.deliver(Message{From: "dave@example.org", Subject: "big", Size: 3 << 20})
	keep("25-too-large", w.last("dave@example.org"))
	w.send("erin@example.org", "", "new gomoku with frank@example.org tournament=off")
	w.reply("frank@example.org", w.last("frank@example.org"), "decline")
	keep("26-declined", w.last("erin@example.org"))
	// frank declined erin, so erin may not invite him again for a while:
	// he invites her, and she takes the first seat.
	w.send("frank@example.org", "", "new pente with erin@example.org tournament=off first=them")
	w.reply("erin@example.org", w.last("erin@example.org"), "accept")
	for i, pair := range [][2]string{{"K10", "A1"}, {"L10", "A3"}, {"M10", "A5"}, {"N10", "A7"}, {"O10", ""}} {
		w.reply("erin@example.org", w.lastAbout("erin@example.org", 3), pair[0])
		if pair[1] != "" {
			w.reply("frank@example.org", w.lastAbout("frank@example.org", 3), pair[1])
		}
		_ = i
	}
	keep("27-five-in-a-row-winner", w.last("erin@example.org"))
	keep("28-five-in-a-row-loser", w.last("frank@example.org"))

	// Play over days (docs/clocks.md): game 4 rated, game 5 unrated, game 6
	// with a time bank between a player in Berlin and one on digests.
	w.send("gina@example.org", "", "new pente with hank@example.org")
	w.reply("hank@example.org", w.last("hank@example.org"), "accept")
	w.send("ivan@example.org", "", "new gomoku with judy@example.org rated=no")
	w.reply("judy@example.org", w.last("judy@example.org"), "accept")
	w.send("kate@example.org", "", "timezone Europe/Berlin")
	keep("29-timezone", w.last("kate@example.org"))
	w.send("leo@example.org", "", "notify digest 18")
	keep("30-notify-digest", w.last("leo@example.org"))
	w.send("kate@example.org", "", "new pente with leo@example.org bank=7+12")
	w.reply("leo@example.org", w.last("leo@example.org"), "accept")
	w.reply("kate@example.org", w.lastAbout("kate@example.org", 6), "K10")
	keep("31-bank-clock", w.last("kate@example.org"))
	w.send("kate@example.org", "", "vacation 7")
	keep("32-vacation", w.last("kate@example.org"))
	keep("33-vacation-notice", w.last("leo@example.org"))
	w.send("kate@example.org", "", "back")
	keep("34-back", w.last("kate@example.org"))
	keep("46-back-notice", w.last("leo@example.org"))
	w.advance(36 * time.Hour)
	keep("35-digest", find("leo@example.org", "clocks.digest.head"))
	keep("36-reminder-half-time", w.last("gina@example.org"))
	w.advance(12 * time.Hour)
	keep("37-last-reminder", w.last("gina@example.org"))
	w.advance(24 * time.Hour)
	keep("38-lost-on-time", w.last("hank@example.org"))
	keep("39-adjourned", w.last("judy@example.org"))
	w.deliverReport(bounceOf(w.lastAbout("leo@example.org", 6)))
	keep("40-bounce-clock-stopped", w.last("kate@example.org"))
	w.send("leo@example.org", "", "vacation 1")
	keep("41-bounce-released-vacation", w.last("leo@example.org"))
	w.advance(25 * time.Hour)
	keep("42-vacation-over", w.last("leo@example.org"))
	keep("47-vacation-over-notice", find("kate@example.org", "clocks.vacation.ended_notice"))
	w.send("hank@example.org", "", "ratings pente")
	keep("43-ratings", w.last("hank@example.org"))
	w.send("hank@example.org", "", "games")
	keep("44-games-with-rating", w.last("hank@example.org"))
	w.send("mia@example.org", "", "new pente with ned@example.org tournament=off")
	w.reply("ned@example.org", w.last("ned@example.org"), "accept")
	for i, ply := range []string{"K10", "L10", "A1", "M10", "N10"} {
		who := [2]string{"mia@example.org", "ned@example.org"}[i%2]
		w.reply(who, w.last(who), ply)
	}
	keep("45-opponent-captured", w.last("ned@example.org"))
	// One mail about two games: game 3's record first, so the reply is
	// game 3's mail, and game 7's section says how to play there.
	notice := w.last("ned@example.org")
	w.send("ned@example.org", "", "record 3\nboard 7")
	keep("48-several-games", w.last("ned@example.org"))
	w.send("carol@example.org", "", "watch 7")
	w.send("carol@example.org", "", "unwatch 7")
	keep("49-unwatch", w.last("carol@example.org"))
	// ned plays in reply to mia's ply; mia answers; ned's next ply in reply
	// to the same mail again is stale.
	w.reply("ned@example.org", notice, "B1")
	w.reply("mia@example.org", w.last("mia@example.org"), "B3")
	w.reply("ned@example.org", notice, "C1")
	keep("50-stale-reply", w.last("ned@example.org"))
	w.send("hank@example.org", "", "new gomoku with nobody@example.net")
	w.deliverReport(bounceOf(w.last("nobody@example.net")))
	keep("51-invitation-undeliverable", w.last("hank@example.org"))

	// The computer player (game 9) and analyses.
	w.send("olga@example.org", "", "new pente with computer level=3 tournament=off")
	keep("52-new-game-with-computer", w.last("olga@example.org"))
	w.reply("olga@example.org", w.last("olga@example.org"), "K10")
	w.computers()
	keep("53-computer-played", w.last("olga@example.org"))
	w.reply("olga@example.org", w.last("olga@example.org"), "takeback")
	keep("54-computer-takeback", w.last("olga@example.org"))
	w.send("olga@example.org", "", "help computer")
	keep("55-help-computer", w.last("olga@example.org"))
	w.reply("olga@example.org", w.lastAbout("olga@example.org", 9), "analyze")
	keep("56-analyze-running-game", w.last("olga@example.org"))
	w.send("olga@example.org", "", "analyze 3")
	keep("57-analyze-asked", w.last("olga@example.org"))
	w.analyses()
	keep("58-analysis", w.last("olga@example.org"))
	// Conditional moves, open challenges and a Quatro seat that resigns.
	w.send("olga@example.org", "", "new pente with anyone tournament=off")
	keep("60-challenge-posted", w.last("olga@example.org"))
	w.send("pia@example.org", "", "challenges")
	keep("61-challenges", w.last("pia@example.org"))
	w.send("pia@example.org", "", "new pente with anyone tournament=off")
	keep("62-challenge-paired", w.last("pia@example.org"))
	keep("63-challenge-taken", find("olga@example.org", "invite.challenge_matched_notice"))
	game := w.last("pia@example.org").GameID
	w.reply("olga@example.org", w.lastAbout("olga@example.org", game), "K10")
	w.reply("pia@example.org", w.lastAbout("pia@example.org", game), "L9\nif K11 then L11 if K12 then L12\nif M10 then N11\nif M11 then K10")
	keep("64-conditions-stored", w.last("pia@example.org"))
	w.reply("olga@example.org", w.lastAbout("olga@example.org", game), "K11")
	keep("65-conditional-answer", w.last("olga@example.org"))
	keep("66-conditional-answer-owner", w.last("pia@example.org"))
	w.reply("olga@example.org", w.lastAbout("olga@example.org", game), "A1")
	keep("67-conditions-not-covered", w.last("pia@example.org"))
	w.send("quinn@example.org", "", "new gomoku with anyone")
	w.advance(8 * 24 * time.Hour)
	keep("68-challenge-expired", find("quinn@example.org", "invite.challenge_expired"))
	w.send("ruth@example.org", "", "new quatro with sam@example.org tom@example.org")
	w.reply("sam@example.org", w.last("sam@example.org"), "accept")
	w.reply("tom@example.org", w.last("tom@example.org"), "accept")
	w.reply("tom@example.org", w.last("tom@example.org"), "resign")
	keep("69-quatro-seat-resigned", w.last("ruth@example.org"))

	return got
}

// fragment is the longest part of a catalog message's text in lang that
// lies between its arguments: what every mail that says it has.
func fragment(lang i18n.Lang, id string) string {
	const mark = "\x00"
	args := map[string]any{}
	for _, name := range []string{"Seat", "Game", "When", "Since", "ID", "Name", "Address", "Title", "Options", "Range", "Posted", "Kind"} {
		args[name] = mark
	}
	best := ""
	for _, part := range strings.Split(i18n.Tr(lang, id, args), mark) {
		if len(part) > len(best) {
			best = part
		}
	}
	return strings.Join(strings.Fields(best), " ")
}

// keepExamples compares each mail of got with its example in dir
// (NAME.txt), or with -update writes the examples; test is the test to
// name for rewriting them.
func keepExamples(t *testing.T, dir string, got map[string]db.Mail, test string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, m := range got {
		checkForm(t, name, m)
		text := fmt.Sprintf("To: %s\nSubject: %s\n\n%s", m.To, m.Subject, m.Body) + pictureNote(m)
		path := filepath.Join(dir, name+".txt")
		if *update {
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (run go test ./play -run %s -update)", name, err, test)
			continue
		}
		if string(want) != text {
			t.Errorf("%s differs from %s (run with -update and review the diff):\n%s", name, path, text)
		}
	}
}

// keepLanguageExtras keeps, in docs/mails/LANG, the mails of a test of
// one area's texts that the games of TestMailExamples do not have (a
// language chosen, a line not understood in it). The others that test
// keeps there, so that each name has one example and one test.
func keepLanguageExtras(t *testing.T, lang string, got map[string]db.Mail, test string) {
	t.Helper()
	extras := map[string]db.Mail{}
	for name, m := range got {
		if _, err := os.Stat(filepath.Join("..", "docs", "mails", name+".txt")); err == nil {
			continue
		}
		extras[name] = m
	}
	keepExamples(t, filepath.Join("..", "docs", "mails", lang), extras, test)
}

// pictureNote notes the board pictures of a mail's HTML part under its
// text in an example, which shows the text part alone.
func pictureNote(m db.Mail) string {
	var names []string
	for _, a := range m.Attachments {
		if a.ContentID != "" {
			names = append(names, a.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	what := "a picture of the board"
	if len(names) > 1 {
		what = "pictures of the boards"
	}
	return "\n[HTML part: " + what + " (" + strings.Join(names, ", ") + "), then this text]\n"
}

// checkForm checks a mail against the form of service.md.
func checkForm(t *testing.T, name string, m db.Mail) {
	t.Helper()
	for i, line := range strings.Split(m.Body, "\n") {
		if len([]rune(line)) > 72 {
			t.Errorf("%s line %d is %d columns: %q", name, i+1, len([]rune(line)), line)
		}
		if strings.Contains(line, "\t") {
			t.Errorf("%s line %d has a tab", name, i+1)
		}
		if line != "-- " && strings.TrimRight(line, " ") != line {
			t.Errorf("%s line %d has trailing spaces: %q", name, i+1, line)
		}
	}
	if !strings.HasPrefix(m.Subject, "[pbem") {
		t.Errorf("%s subject %q lacks the [pbem] tag", name, m.Subject)
	}
}
