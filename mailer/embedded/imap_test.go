package embedded

import (
	"slices"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

func TestAppendGivesAscendingUIDs(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice@localhost", nil)
	var got []imap.UID
	for _, name := range []string{"move.eml", "multipart.eml", "resign.eml"} {
		got = append(got, appendMsg(t, c, "INBOX", fixture(t, name)))
	}
	if want := []imap.UID{1, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("APPENDUIDs are %v, want %v", got, want)
	}
	sel, msgs := fetchAll(t, c, "INBOX")
	if !slices.Equal(uids(msgs), got) || sel.UIDNext != 4 {
		t.Errorf("mailbox holds UIDs %v with UIDNEXT %d, want %v and 4", uids(msgs), sel.UIDNext, got)
	}
	if string(fixture(t, "multipart.eml")) != msgs[1].Body {
		t.Errorf("BODY.PEEK[] of UID 2 differs from what was appended:\n%s", msgs[1].Body)
	}
}

func TestFetchPeekLeavesSeenUnsetAndBodySetsIt(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice", nil)
	uid := appendMsg(t, c, "INBOX", fixture(t, "move.eml"))
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		section  *imap.FetchItemBodySection
		wantSeen bool
	}{
		{"BODY.PEEK[]", &imap.FetchItemBodySection{Peek: true}, false},
		{"BODY.PEEK[HEADER]", &imap.FetchItemBodySection{Peek: true, Specifier: imap.PartSpecifierHeader}, false},
		{"BODY[] marks it read", &imap.FetchItemBodySection{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{tt.section}}).Collect(); err != nil {
				t.Fatalf("FETCH %s: %v", tt.name, err)
			}
			bufs, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{Flags: true}).Collect()
			if err != nil || len(bufs) != 1 {
				t.Fatalf("FETCH FLAGS: %v (%d messages)", err, len(bufs))
			}
			if seen := slices.Contains(bufs[0].Flags, imap.FlagSeen); seen != tt.wantSeen {
				t.Errorf("after %s the flags are %v, want \\Seen %v", tt.name, bufs[0].Flags, tt.wantSeen)
			}
		})
	}
}

func TestStoreSetsAndClearsFlags(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice", nil)
	uid := appendMsg(t, c, "INBOX", fixture(t, "move.eml"), imap.FlagDraft)
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		op    imap.StoreFlagsOp
		flags []imap.Flag
		want  []imap.Flag
	}{
		{imap.StoreFlagsAdd, []imap.Flag{imap.FlagSeen}, []imap.Flag{imap.FlagDraft, imap.FlagSeen}},
		{imap.StoreFlagsAdd, []imap.Flag{`\SEEN`, "$Processed"}, []imap.Flag{"$Processed", imap.FlagDraft, imap.FlagSeen}},
		{imap.StoreFlagsDel, []imap.Flag{`\draft`}, []imap.Flag{"$Processed", imap.FlagSeen}},
		{imap.StoreFlagsSet, []imap.Flag{imap.FlagAnswered}, []imap.Flag{imap.FlagAnswered}},
	}
	for _, tt := range tests {
		bufs, err := c.Store(imap.UIDSetNum(uid), &imap.StoreFlags{Op: tt.op, Flags: tt.flags}, nil).Collect()
		if err != nil || len(bufs) != 1 {
			t.Fatalf("STORE %v %v: %v (%d responses)", tt.op, tt.flags, err, len(bufs))
		}
		got := slices.Clone(bufs[0].Flags)
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("STORE %v %v answered flags %v, want %v", tt.op, tt.flags, got, tt.want)
		}
		_, msgs := fetchAll(t, c, "INBOX")
		if !slices.Equal(msgs[0].Flags, tt.want) {
			t.Errorf("after STORE %v %v, FETCH FLAGS gives %v, want %v", tt.op, tt.flags, msgs[0].Flags, tt.want)
		}
	}
}

func TestMoveToCreatedFolderKeepsFlagsAndReportsUIDs(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "pbem@localhost", nil)
	first := appendMsg(t, c, "INBOX", fixture(t, "move.eml"), imap.FlagSeen)
	second := appendMsg(t, c, "INBOX", fixture(t, "resign.eml"))

	err := c.Create("Processed", nil).Wait()
	if err != nil {
		t.Fatalf("CREATE Processed: %v", err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	data, err := c.Move(imap.UIDSetNum(first), "Processed").Wait()
	if err != nil {
		t.Fatalf("UID MOVE %d Processed: %v", first, err)
	}
	src, _ := data.SourceUIDs.(imap.UIDSet).Nums()
	dst, _ := data.DestUIDs.(imap.UIDSet).Nums()
	if !slices.Equal(src, []imap.UID{first}) || !slices.Equal(dst, []imap.UID{1}) || data.UIDValidity == 0 {
		t.Errorf("COPYUID says %v -> %v in UIDVALIDITY %d, want [%d] -> [1]", src, dst, data.UIDValidity, first)
	}
	if n := c.Mailbox().NumMessages; n != 1 {
		t.Errorf("the client counts %d messages in INBOX after the move, want 1", n)
	}

	_, inbox := fetchAll(t, c, "INBOX")
	if !slices.Equal(uids(inbox), []imap.UID{second}) {
		t.Errorf("INBOX holds UIDs %v after the move, want [%d]", uids(inbox), second)
	}
	sel, processed := fetchAll(t, c, "Processed")
	if len(processed) != 1 || processed[0].Body != string(fixture(t, "move.eml")) || !slices.Equal(processed[0].Flags, []imap.Flag{imap.FlagSeen}) {
		t.Errorf("Processed holds %+v, want the moved message with \\Seen", processed)
	}
	if sel.UIDValidity != data.UIDValidity {
		t.Errorf("Processed has UIDVALIDITY %d, COPYUID said %d", sel.UIDValidity, data.UIDValidity)
	}

	if err := c.Create("Processed", nil).Wait(); err == nil {
		t.Error("CREATE of an existing mailbox succeeded")
	}
	if _, err := c.Move(imap.UIDSetNum(1), "Nowhere").Wait(); err == nil {
		t.Error("MOVE to a missing mailbox succeeded")
	}
}

func TestCopyKeepsMessagesAndExpungeRemovesDeleted(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice", nil)
	for _, name := range []string{"move.eml", "multipart.eml", "resign.eml"} {
		appendMsg(t, c, "INBOX", fixture(t, name))
	}
	if err := c.Create("Archive", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Copy(imap.UIDSetNum(1, 3), "Archive").Wait(); err != nil {
		t.Fatalf("UID COPY: %v", err)
	}
	if err := c.Store(imap.UIDSetNum(1, 2), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
		t.Fatal(err)
	}
	expunged, err := c.Expunge().Collect()
	if err != nil {
		t.Fatalf("EXPUNGE: %v", err)
	}
	if !slices.Equal(expunged, []uint32{2, 1}) {
		t.Errorf("EXPUNGE reported sequence numbers %v, want [2 1]", expunged)
	}
	_, inbox := fetchAll(t, c, "INBOX")
	if !slices.Equal(uids(inbox), []imap.UID{3}) {
		t.Errorf("INBOX keeps UIDs %v, want [3]", uids(inbox))
	}
	_, archive := fetchAll(t, c, "Archive")
	if len(archive) != 2 || archive[0].Body != string(fixture(t, "move.eml")) || archive[1].Body != string(fixture(t, "resign.eml")) {
		t.Errorf("Archive holds %+v, want copies of UIDs 1 and 3", archive)
	}
	st, err := c.Status("INBOX", &imap.StatusOptions{NumMessages: true, UIDNext: true}).Wait()
	if err != nil || *st.NumMessages != 1 || st.UIDNext != 4 {
		t.Errorf("STATUS INBOX: %+v, %v; want 1 message, UIDNEXT 4", st, err)
	}
}

func TestSearchKeysFindTheRightUIDs(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice", nil)
	appendMsg(t, c, "INBOX", fixture(t, "move.eml"), imap.FlagSeen)
	appendMsg(t, c, "INBOX", fixture(t, "multipart.eml"))
	appendMsg(t, c, "INBOX", fixture(t, "resign.eml"), imap.FlagFlagged)
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		criteria imap.SearchCriteria
		want     []imap.UID
	}{
		{"all", imap.SearchCriteria{}, []imap.UID{1, 2, 3}},
		{"unseen", imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, []imap.UID{2, 3}},
		{"flagged", imap.SearchCriteria{Flag: []imap.Flag{imap.FlagFlagged}}, []imap.UID{3}},
		{"header", imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Subject", Value: "pente GAME"}}}, []imap.UID{1}},
		{"header exists", imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "X-Priority"}}}, []imap.UID{3}},
		{"body across a quoted-printable soft break", imap.SearchCriteria{Body: []string{"dobbal gegen"}}, []imap.UID{2}},
		{"text finds headers too", imap.SearchCriteria{Text: []string{"carol@localhost"}}, []imap.UID{3}},
		{"uid range to *", imap.SearchCriteria{UID: []imap.UIDSet{{{Start: 2, Stop: 0}}}}, []imap.UID{2, 3}},
		{"not", imap.SearchCriteria{Not: []imap.SearchCriteria{{Flag: []imap.Flag{imap.FlagSeen}}}}, []imap.UID{2, 3}},
		{"or", imap.SearchCriteria{Or: [][2]imap.SearchCriteria{{{Flag: []imap.Flag{imap.FlagSeen}}, {Flag: []imap.Flag{imap.FlagFlagged}}}}}, []imap.UID{1, 3}},
		{"sent before", imap.SearchCriteria{SentBefore: time.Date(2025, 6, 3, 0, 0, 0, 0, time.UTC)}, []imap.UID{1}},
		{"larger", imap.SearchCriteria{Larger: 300}, []imap.UID{2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := c.UIDSearch(&tt.criteria, nil).Wait()
			if err != nil {
				t.Fatalf("UID SEARCH: %v", err)
			}
			if got := data.AllUIDs(); !slices.Equal(got, tt.want) {
				t.Errorf("UID SEARCH %s found %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

func TestIdleHearsOfNewMail(t *testing.T) {
	s := startServer(t, t.TempDir())
	tests := []struct {
		name    string
		deliver func(t *testing.T)
	}{
		{"by SMTP", func(t *testing.T) {
			if err := sendSMTP(s, "bob@localhost", []string{"pbem+9-x@localhost"}, fixture(t, "move.eml")); err != nil {
				t.Errorf("SMTP: %v", err)
			}
		}},
		{"by APPEND from another session", func(t *testing.T) {
			appendMsg(t, dialIMAP(t, s, "pbem", nil), "INBOX", fixture(t, "resign.eml"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exists := make(chan uint32, 16)
			c := dialIMAP(t, s, "pbem@localhost", &imapclient.Options{
				UnilateralDataHandler: &imapclient.UnilateralDataHandler{
					Mailbox: func(data *imapclient.UnilateralDataMailbox) {
						if data.NumMessages != nil {
							exists <- *data.NumMessages
						}
					},
				},
			})
			sel, err := c.Select("INBOX", nil).Wait()
			if err != nil {
				t.Fatal(err)
			}
			idle, err := c.Idle()
			if err != nil {
				t.Fatalf("IDLE: %v", err)
			}
			tt.deliver(t)
			select {
			case n := <-exists:
				if n != sel.NumMessages+1 {
					t.Errorf("IDLE announced %d messages, want %d", n, sel.NumMessages+1)
				}
			case <-time.After(time.Minute): // generous, for a busy machine
				t.Error("IDLE heard nothing within a minute of the delivery")
			}
			if err := idle.Close(); err != nil {
				t.Fatal(err)
			}
			if err := idle.Wait(); err != nil {
				t.Errorf("ending IDLE: %v", err)
			}
		})
	}
}

func TestExamineIsReadOnly(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice", nil)
	uid := appendMsg(t, c, "INBOX", fixture(t, "move.eml"))
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{}}}).Collect(); err != nil {
		t.Fatalf("FETCH BODY[] in EXAMINE: %v", err)
	}
	if err := c.Store(imap.UIDSetNum(uid), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagFlagged}}, nil).Close(); err == nil {
		t.Error("STORE succeeded in a mailbox opened with EXAMINE")
	}
	_, msgs := fetchAll(t, c, "INBOX")
	if len(msgs[0].Flags) != 0 {
		t.Errorf("EXAMINE changed the flags to %v", msgs[0].Flags)
	}
}

func TestCreateRenameDeleteFollowTheHierarchy(t *testing.T) {
	s := startServer(t, t.TempDir())
	c := dialIMAP(t, s, "alice", nil)
	list := func(options ...*imap.ListOptions) []string {
		t.Helper()
		var o *imap.ListOptions
		if len(options) > 0 {
			o = options[0]
		}
		data, err := c.List("", "*", o).Collect()
		if err != nil {
			t.Fatalf("LIST: %v", err)
		}
		var names []string
		for _, d := range data {
			names = append(names, d.Mailbox)
		}
		return names
	}
	status := func(name string) uint32 {
		t.Helper()
		st, err := c.Status(name, &imap.StatusOptions{UIDValidity: true}).Wait()
		if err != nil {
			t.Fatalf("STATUS %s: %v", name, err)
		}
		return st.UIDValidity
	}
	if err := c.Create("Games/Pente", nil).Wait(); err != nil {
		t.Fatalf("CREATE Games/Pente: %v", err)
	}
	if got, want := list(), []string{"Games", "Games/Pente", "INBOX"}; !slices.Equal(got, want) {
		t.Errorf("after CREATE Games/Pente, LIST gives %v, want %v", got, want)
	}
	if err := c.Unsubscribe("Games").Wait(); err != nil {
		t.Fatalf("UNSUBSCRIBE Games: %v", err)
	}
	if got, want := list(&imap.ListOptions{SelectSubscribed: true}), []string{"Games/Pente", "INBOX"}; !slices.Equal(got, want) {
		t.Errorf("new mailboxes start subscribed: LIST (SUBSCRIBED) after UNSUBSCRIBE Games gives %v, want %v", got, want)
	}
	if err := c.Delete("Games").Wait(); err == nil {
		t.Error("DELETE of a mailbox with children succeeded")
	}
	if err := c.Rename("Games", "Old", nil).Wait(); err != nil {
		t.Fatalf("RENAME Games Old: %v", err)
	}
	if got, want := list(), []string{"INBOX", "Old", "Old/Pente"}; !slices.Equal(got, want) {
		t.Errorf("after RENAME, LIST gives %v, want %v", got, want)
	}
	before := status("Old/Pente")
	if err := c.Delete("Old/Pente").Wait(); err != nil {
		t.Fatalf("DELETE Old/Pente: %v", err)
	}
	if err := c.Create("Old/Pente", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	if after := status("Old/Pente"); after <= before {
		t.Errorf("a mailbox created again has UIDVALIDITY %d, want above the old %d", after, before)
	}
	if err := c.Delete("INBOX").Wait(); err == nil {
		t.Error("DELETE INBOX succeeded")
	}
}

// TestHangUpDuringIdle drops connections in the middle of IDLE: go-imap
// then closes the session without waiting for its Idle, so Close must not
// touch what Idle reads (the race detector sees it), and the server goes
// on serving.
func TestHangUpDuringIdle(t *testing.T) {
	s := startServer(t, t.TempDir())
	for range 20 {
		c := dialIMAP(t, s, "pbem@localhost", nil)
		if _, err := c.Select("INBOX", nil).Wait(); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Idle(); err != nil {
			t.Fatalf("IDLE: %v", err)
		}
		c.Close()
	}
	c := dialIMAP(t, s, "pbem@localhost", nil)
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		t.Fatalf("SELECT after the hang-ups: %v", err)
	}
}
