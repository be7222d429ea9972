package play

import (
	"context"
	"os"
	"strings"
	"testing"

	"pbem/db"
	"pbem/notation"
)

// analyses carries out the analyses waiting, as the daemon's worker does.
func (w *world) analyses() int {
	w.t.Helper()
	ids, err := w.svc.Analyses(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	for _, id := range ids {
		if _, err := w.svc.AnalysisStep(context.Background(), id); err != nil {
			w.t.Fatal(err)
		}
		// A step done again (after a crash, say) mails nothing more.
		if q, err := w.svc.AnalysisStep(context.Background(), id); err != nil || len(q) != 0 {
			w.t.Fatalf("analysis %d done twice: %v %v", id, q, err)
		}
	}
	w.collect()
	return len(ids)
}

// missedWin plays the game of testdata/missed-win.pgn by mail: White
// misses a win at ply 9 and Black wins.
func missedWin(t *testing.T, w *world) int64 {
	t.Helper()
	id := startPente(t, w, "")
	plies := []string{"K10", "A1", "K13", "A2", "K12", "A3", "K11", "A4", "T19", "A5"}
	for i, p := range plies {
		who := "alice@example.org"
		if i%2 == 1 {
			who = "bob@example.org"
		}
		w.reply(who, w.lastAbout(who, id), p)
	}
	if g := w.game(id); g.row.State != db.Finished {
		t.Fatalf("game %d is %s", id, g.row.State)
	}
	return id
}

func TestAnalyzeFinishedGameByMail(t *testing.T) {
	w := newWorld(t, Config{ComputerNodes: 300})
	id := missedWin(t, w)
	// Anyone may ask for a finished game's analysis.
	w.sendBare("carol@example.org", "analyze", "analyze 1")
	mustContain(t, w.last("carol@example.org"), "The computer is going through game 1", "a mail of its own")
	if n := w.analyses(); n != 1 {
		t.Fatalf("%d analyses done, want 1", n)
	}
	m := w.last("carol@example.org")
	mustContain(t, m, "Analysis of game 1", "ply 9, White T19: better K", "Mistakes")
	if len(m.Attachments) != 1 || m.Attachments[0].Name != "pbem-1-analysis.pgn" {
		t.Fatalf("attachments %+v", m.Attachments)
	}
	rec := string(m.Attachments[0].Data)
	if !strings.Contains(strings.Join(strings.Fields(rec), " "), "T19? {mistake:") {
		t.Errorf("the record lacks the mistake's comment:\n%s", rec)
	}
	for g := range notation.Games("analysis", m.Attachments[0].Data) {
		if !g.Valid() || len(g.Main.Moves) != 10 {
			t.Errorf("the analysis does not read back: %v", g.Problem)
		}
	}
	_ = id
}

func TestAnalyzeRefusesARunningGame(t *testing.T) {
	w := newWorld(t, Config{ComputerNodes: 300})
	id := startPente(t, w, "")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "analyze")
	mustContain(t, w.last("bob@example.org"), "Game 1 is not finished", "finished games only")
	if n := w.analyses(); n != 0 {
		t.Errorf("%d analyses of a running game", n)
	}
}

func TestAnalyzeAttachedRecord(t *testing.T) {
	w := newWorld(t, Config{ComputerNodes: 300})
	src, err := os.ReadFile("../cmd/pbem/testdata/missed-win.pgn")
	if err != nil {
		t.Fatal(err)
	}
	w.deliver(Message{From: "carol@example.org", Text: "analyze", Attachments: []Attachment{{Name: "game.pgn", Type: "application/x-chess-pgn", Data: src}}})
	mustContain(t, w.last("carol@example.org"), "The computer is going through the record's game (Pente, 10 plies)")
	w.analyses()
	m := w.last("carol@example.org")
	mustContain(t, m, "Analysis of the record's game", "ply 9, White T19")
	if len(m.Attachments) != 1 || m.Attachments[0].Name != "pbem-analysis.pgn" {
		t.Errorf("attachments %+v", m.Attachments)
	}

	// A pasted record with an illegal ply is refused at once.
	w.sendBare("carol@example.org", "analyze", "analyze\n\n[Game \"Pente\"]\n\n1. K10 K10 *\n")
	mustContain(t, w.last("carol@example.org"), "cannot be analysed")
	// At most a few wait at once.
	for range maxWaitingAnalyses {
		w.deliver(Message{From: "carol@example.org", Text: "analyze", Attachments: []Attachment{{Name: "game.pgn", Data: src}}})
	}
	w.deliver(Message{From: "carol@example.org", Text: "analyze", Attachments: []Attachment{{Name: "game.pgn", Data: src}}})
	mustContain(t, w.last("carol@example.org"), "analyses under way")
}
