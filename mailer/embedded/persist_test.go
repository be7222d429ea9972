package embedded

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-imap/v2"
)

// snapshot is everything a restart must bring back for one mailbox.
type snapshot struct {
	UIDValidity uint32
	UIDNext     imap.UID
	Messages    []message
}

func takeSnapshot(t *testing.T, s *testServer, login string, mailboxes ...string) map[string]snapshot {
	t.Helper()
	c := dialIMAP(t, s, login, nil)
	snaps := make(map[string]snapshot)
	for _, name := range mailboxes {
		sel, msgs := fetchAll(t, c, name)
		snaps[name] = snapshot{sel.UIDValidity, sel.UIDNext, msgs}
	}
	c.Logout().Wait()
	return snaps
}

func TestRestartRestoresMessagesUIDsAndFlags(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	for _, rcpt := range []string{"pbem+1-a@localhost", "pbem+2-b@localhost", "pbem@localhost"} {
		if err := sendSMTP(s, "alice@localhost", []string{rcpt}, fixture(t, "move.eml")); err != nil {
			t.Fatal(err)
		}
	}
	c := dialIMAP(t, s, "pbem", nil)
	appendMsg(t, c, "INBOX", fixture(t, "multipart.eml"), "$Label1")
	if err := c.Create("Processed", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if err := c.Store(imap.UIDSetNum(1, 2), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Move(imap.UIDSetNum(1), "Processed").Wait(); err != nil {
		t.Fatal(err)
	}
	// Expunging the highest UID must not let the next start hand it out again.
	if err := c.Store(imap.UIDSetNum(4), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Expunge().Close(); err != nil {
		t.Fatal(err)
	}
	c.Logout().Wait()
	before := takeSnapshot(t, s, "pbem", "INBOX", "Processed")
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s2 := startServer(t, dir)
	after := takeSnapshot(t, s2, "pbem", "INBOX", "Processed")
	for name, b := range before {
		a := after[name]
		if a.UIDValidity != b.UIDValidity || a.UIDNext != b.UIDNext {
			t.Errorf("%s: UIDVALIDITY %d UIDNEXT %d after restart, want %d and %d", name, a.UIDValidity, a.UIDNext, b.UIDValidity, b.UIDNext)
		}
		if !slices.EqualFunc(a.Messages, b.Messages, func(x, y message) bool {
			return x.UID == y.UID && slices.Equal(x.Flags, y.Flags) && x.Body == y.Body
		}) {
			t.Errorf("%s after restart:\n%+v\nwant\n%+v", name, a.Messages, b.Messages)
		}
	}
	if got := uids(before["INBOX"].Messages); !slices.Equal(got, []imap.UID{2, 3}) {
		t.Errorf("INBOX before restart holds UIDs %v, want [2 3] (the test setup changed)", got)
	}
	uid := appendMsg(t, dialIMAP(t, s2, "pbem", nil), "INBOX", fixture(t, "resign.eml"))
	if uid != 5 {
		t.Errorf("first APPEND after restart got UID %d, want 5: UIDs must never be reused", uid)
	}
}

func TestConcurrentDeliveriesToOneMailboxLoseNothing(t *testing.T) {
	const n = 50
	dir := t.TempDir()
	s := startServer(t, dir)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			msg := fmt.Sprintf("From: p%d@localhost\r\nTo: pbem@localhost\r\nMessage-ID: <m%d@localhost>\r\nSubject: move %d\r\n\r\nmove %d\r\n", i, i, i, i)
			if err := sendSMTP(s, fmt.Sprintf("p%d@localhost", i), []string{fmt.Sprintf("pbem+%d@localhost", i)}, []byte(msg)); err != nil {
				errs <- fmt.Errorf("delivery %d: %w", i, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	check := func(s *testServer, when string) {
		t.Helper()
		sel, msgs := fetchAll(t, dialIMAP(t, s, "pbem", nil), "INBOX")
		if len(msgs) != n || sel.UIDNext != n+1 {
			t.Fatalf("%s: INBOX holds %d messages with UIDNEXT %d, want %d and %d", when, len(msgs), sel.UIDNext, n, n+1)
		}
		seen := make(map[string]bool)
		for i, m := range msgs {
			if m.UID != imap.UID(i+1) {
				t.Errorf("%s: message %d has UID %d, want %d", when, i+1, m.UID, i+1)
			}
			_, rest, _ := strings.Cut(m.Body, "Message-ID: <")
			id, _, _ := strings.Cut(rest, ">")
			seen[id] = true
		}
		for i := range n {
			if !seen[fmt.Sprintf("m%d@localhost", i)] {
				t.Errorf("%s: message m%d is missing", when, i)
			}
		}
	}
	check(s, "after delivery")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	check(startServer(t, dir), "after restart")
}

func TestStartRepairsWhatAnInterruptedChangeLeft(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "maildir"))); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, dir)
	c := dialIMAP(t, s, "alice", nil)
	sel, inbox := fetchAll(t, c, "INBOX")
	if sel.UIDValidity != 1234 || sel.UIDNext != 12 {
		t.Errorf("INBOX has UIDVALIDITY %d UIDNEXT %d, want the fixture's 1234 and 12", sel.UIDValidity, sel.UIDNext)
	}
	want := []message{
		{UID: 3, Flags: []imap.Flag{"$Pbem", imap.FlagSeen}, Body: string(fixture(t, "move.eml"))},
		{UID: 7, Flags: nil, Body: string(fixture(t, "multipart.eml"))},
	}
	if len(inbox) != len(want) {
		t.Fatalf("INBOX holds %+v, want %+v (uid 5 has no file and is dropped)", inbox, want)
	}
	for i := range want {
		if inbox[i].UID != want[i].UID || !slices.Equal(inbox[i].Flags, want[i].Flags) || inbox[i].Body != want[i].Body {
			t.Errorf("INBOX message %d is %+v, want %+v", i+1, inbox[i], want[i])
		}
	}
	sel, pente := fetchAll(t, c, "Games/Pente")
	if sel.UIDValidity != 1200 || len(pente) != 1 || pente[0].UID != 2 || !slices.Equal(pente[0].Flags, []imap.Flag{imap.FlagAnswered, imap.FlagFlagged}) {
		t.Errorf("Games/Pente: UIDVALIDITY %d, messages %+v; want 1200 and UID 2 \\Answered \\Flagged", sel.UIDValidity, pente)
	}
	for _, leftover := range []string{"alice/INBOX/9.eml", "alice/INBOX/.tmp-1"} {
		if _, err := os.Stat(filepath.Join(dir, leftover)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there after start: %v", leftover, err)
		}
	}
	st, err := os.ReadFile(filepath.Join(dir, "alice", "INBOX", stateFile))
	if err != nil || strings.Contains(string(st), `"uid": 5`) {
		t.Errorf("the repaired state still names uid 5 or is unreadable (%v):\n%s", err, st)
	}
	if err := c.Create("New", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if st, err := c.Status("New", &imap.StatusOptions{UIDValidity: true}).Wait(); err != nil || st.UIDValidity <= 1234 {
		t.Errorf("a new mailbox got UIDVALIDITY %v (%v), want above every existing one", st, err)
	}
}

func TestStartReportsDamagedStateWithItsPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "maildir"))); err != nil {
		t.Fatal(err)
	}
	bad, err := os.ReadFile(filepath.Join("testdata", "state", "uid-order.json"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "alice", "INBOX", stateFile)
	if err := os.WriteFile(path, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Start(context.Background(), Config{Dir: dir})
	if err == nil {
		s.Close()
		t.Fatal("Start accepted a state whose UIDs do not ascend")
	}
	if m := missing(err.Error(), path, "uid 3 does not ascend"); m != nil {
		t.Errorf("the error %q lacks %q", err, m)
	}
}

func TestCloseStopsServingAndCancelStopsToo(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := sendSMTP(s, "a@localhost", []string{"b@localhost"}, fixture(t, "move.eml")); err == nil {
		t.Error("SMTP still accepts mail after Close")
	}

	ctx, cancel := context.WithCancel(context.Background())
	s2, err := Start(ctx, Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if err := s2.Close(); err != nil { // waits for the shutdown the cancel began
		t.Fatalf("Close after cancel: %v", err)
	}
	if err := sendSMTP(&testServer{Server: s2}, "a@localhost", []string{"b@localhost"}, fixture(t, "move.eml")); err == nil {
		t.Error("SMTP still accepts mail after the context was cancelled")
	}
}
