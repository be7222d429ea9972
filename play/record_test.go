package play

import (
	"context"
	"strings"
	"testing"

	"pbem/db"
)

func TestRecordAttachment(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "tournament=off")
	for _, p := range [][2]string{{"K10", "L9"}, {"K11", "A1"}} {
		w.reply("alice@example.org", w.lastAbout("alice@example.org", id), p[0])
		w.reply("bob@example.org", w.lastAbout("bob@example.org", id), p[1])
	}
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "record")
	m := w.last("bob@example.org")
	mustContain(t, m, "The record of game 1 is attached as pbem-1.pgn (4 plies).")
	// The record, and the board's picture for the HTML part.
	if len(m.Attachments) != 2 || m.Attachments[0].ContentID != "" || m.Attachments[1].ContentID == "" {
		t.Fatalf("attachments %+v, want the record, then the board's picture", m.Attachments)
	}
	rec := string(m.Attachments[0].Data)
	for _, want := range []string{`[Event "pbem game 1"]`, `[Site "pbem@example.org"]`, `[White "alice"]`, `[Black "bob"]`,
		`[Result "*"]`, `[Game "Pente"]`, `[Options "tournament=off"]`, `[TimeControl "*259200"]`, "1. K10 L9 2. K11 A1 *"} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
}

func TestReviewOfAPastedAndAnAttachedRecord(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("carol@example.org", "please check", "review\n\n[Game \"Pente\"]\n[Options \"tournament=off\"]\n\n1. K10 L9 2. K11 K10 *\n")
	m := w.last("carol@example.org")
	mustContain(t, m, "Reviewed 1 game(s): 0 valid, 1 not.", "ply 4 (K10)", "K10 is taken")
	// The record's lines are the record's, not commands gone wrong.
	mustNotContain(t, m, "Not understood")
	mustNotContain(t, m, "were not commands")
	w.deliver(Message{From: "carol@example.org", Text: "review", Attachments: []Attachment{{
		Name: "two.pgn", Type: "application/x-chess-pgn",
		Data: []byte("[Game \"Gomoku\"]\n\n1. K10 L9 *\n\n[Game \"Pinuid Classic\"]\n\n1. b1-a2 *\n"),
	}}})
	mustContain(t, w.last("carol@example.org"), "Reviewed 2 game(s): 2 valid, 0 not.", "two.pgn #2:", "Pinuid Classic")
	w.send("carol@example.org", "", "review")
	mustContain(t, w.last("carol@example.org"), "There is no record to review")
}

// TestPastedRecordLinesAreNoCommands: below "review" or a bare "analyze",
// the pasted record's lines draw no "Not understood"; commands above the
// record are read, and without such a command a line like a ply still
// draws its complaint.
func TestPastedRecordLinesAreNoCommands(t *testing.T) {
	w := newWorld(t, Config{})
	record := "[Game \"Pente\"]\n[Result \"*\"]\n\n1. K10 L9 2. K11 L10 *\n"
	w.send("carol@example.org", "", "games\nanalyze\n\n"+record)
	m := w.last("carol@example.org")
	mustContain(t, m, "Read: games", "Read: analyze")
	mustNotContain(t, m, "Not understood")
	mustNotContain(t, m, "were not commands")
	w.send("carol@example.org", "", "games\n\n1. K10 L9 2. K11 L10 *\n")
	mustContain(t, w.last("carol@example.org"), "Not understood: \"1. K10 L9 2. K11 L10 *\"")
	// "review" as the subject reads the record in the body just the same.
	w.send("carol@example.org", "review", record)
	m = w.last("carol@example.org")
	mustContain(t, m, "Read: review", "Reviewed 1 game(s)")
	mustNotContain(t, m, "Not understood")
	// Other commands read no record: the lines below them are read as ever.
	w.send("carol@example.org", "", "board\n[Game \"Pente\"]\ngames\n")
	mustContain(t, w.last("carol@example.org"), "Read: board", "Read: games")
}

func TestExportOfTheStore(t *testing.T) {
	w := newWorld(t, Config{})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.send("carol@example.org", "", "new pente with dave@example.org") // invited only: not exported
	var recs []string
	err := w.store.View(context.Background(), func(tx *db.Tx) error {
		return Export(tx, 0, "pbem@example.org", func(rec []byte) error {
			recs = append(recs, string(rec))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || !strings.Contains(recs[0], "1. K10 *") {
		t.Fatalf("export of all games: %q", recs)
	}
}
