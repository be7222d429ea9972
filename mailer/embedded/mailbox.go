package embedded

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// errGone answers sessions that still have a deleted mailbox selected.
var errGone = noError(imap.ResponseCodeNonExistent, "This mailbox has been deleted")

// mailbox is one mailbox of one user: its committed state, its directory and
// the tracker that carries its changes to every session that selected it.
type mailbox struct {
	tracker  *imapserver.MailboxTracker
	stageDir string // the user's directory, where new files are staged; never renamed
	log      *slog.Logger

	mu   sync.Mutex // guards what follows; held while a change is written
	dir  string
	st   mailboxState
	gone bool
}

// newMessage is a message about to be stored.
type newMessage struct {
	// parts are the message in pieces, written one after the other: a
	// delivery's trace lines and the body as read, so one body serves
	// every recipient without a copy each.
	parts [][]byte
	date  time.Time
	flags []imap.Flag
}

// size is the length of the whole message.
func (msg newMessage) size() int64 {
	var n int64
	for _, p := range msg.parts {
		n += int64(len(p))
	}
	return n
}

// createMailbox makes the directory and first state of a new mailbox. The
// directory is built under a temporary name and renamed into place, so a
// mailbox directory without state.json never exists.
func createMailbox(userDir, name string, uidValidity uint32, log *slog.Logger) (*mailbox, error) {
	dir := filepath.Join(userDir, escapeName(name))
	if _, err := os.Lstat(dir); err == nil {
		return nil, fmt.Errorf("creating mailbox %q: %s already exists", name, dir)
	}
	tmp, err := os.MkdirTemp(userDir, tempPrefix+"*")
	if err != nil {
		return nil, fmt.Errorf("creating mailbox %q: %w", name, err)
	}
	// Subscribed from the start, so mail clients that show subscribed
	// folders only (Thunderbird) show the folders pbem creates.
	st := mailboxState{Version: stateVersion, Name: name, UIDValidity: uidValidity, UIDNext: 1, Subscribed: true}
	if err := writeState(tmp, st); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("creating mailbox %q: %w", name, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("creating mailbox %q: %w", name, err)
	}
	return &mailbox{
		tracker:  imapserver.NewMailboxTracker(0),
		stageDir: userDir,
		log:      log,
		dir:      dir,
		st:       st,
	}, nil
}

// loadMailbox reads a mailbox back from its directory. It removes what an
// interrupted change left behind: temporary files and message files that no
// state names (a delivery cut short before its state was written, or an
// expunge cut short after). State entries whose file is missing are dropped
// with a warning rather than refusing to start.
func loadMailbox(userDir, dir string, log *slog.Logger) (*mailbox, error) {
	path := filepath.Join(dir, stateFile)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading mailbox state: %w", err)
	}
	st, err := decodeState(data)
	if err != nil {
		return nil, fmt.Errorf("reading mailbox state %s: %w", path, err)
	}
	if want := escapeName(st.Name); want != filepath.Base(dir) {
		return nil, fmt.Errorf("reading mailbox state %s: it names mailbox %q, whose directory would be %s", path, st.Name, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing mailbox %q: %w", st.Name, err)
	}
	sizes := make(map[imap.UID]int64)
	for _, e := range entries {
		name := e.Name()
		file := filepath.Join(dir, name)
		switch {
		case name == stateFile:
		case strings.HasPrefix(name, tempPrefix):
			log.Info("removing a leftover temporary file", "file", file)
			os.RemoveAll(file)
		case strings.HasSuffix(name, ".eml"):
			uid, err := strconv.ParseUint(strings.TrimSuffix(name, ".eml"), 10, 32)
			info, ierr := e.Info()
			if err != nil || ierr != nil || !info.Mode().IsRegular() {
				log.Warn("ignoring a file that is not a message of this mailbox", "file", file)
				continue
			}
			sizes[imap.UID(uid)] = info.Size()
		default:
			log.Warn("ignoring a file that is not a message of this mailbox", "file", file)
		}
	}
	kept := make([]messageMeta, 0, len(st.Messages))
	changed := false
	for _, m := range st.Messages {
		size, ok := sizes[m.UID]
		if !ok {
			log.Warn("message file is missing; dropping the message", "mailbox", st.Name, "uid", m.UID, "file", filepath.Join(dir, messageFile(m.UID)))
			changed = true
			continue
		}
		delete(sizes, m.UID)
		if size != m.Size {
			m.Size = size
			changed = true
		}
		kept = append(kept, m)
	}
	for uid := range sizes {
		file := filepath.Join(dir, messageFile(uid))
		log.Info("removing a message file no state names (an interrupted delivery or expunge)", "file", file)
		os.Remove(file)
	}
	st.Messages = kept
	if changed {
		if err := writeState(dir, st); err != nil {
			return nil, fmt.Errorf("repairing mailbox %q: %w", st.Name, err)
		}
	}
	return &mailbox{
		tracker:  imapserver.NewMailboxTracker(uint32(len(st.Messages))),
		stageDir: userDir,
		log:      log,
		dir:      dir,
		st:       st,
	}, nil
}

func writeState(dir string, st mailboxState) error {
	data, err := encodeState(st)
	if err != nil {
		return err
	}
	return writeFileAtomic(dir, stateFile, data)
}

// commitLocked writes next to disk and then makes it the mailbox's state.
func (m *mailbox) commitLocked(next mailboxState) error {
	if err := writeState(m.dir, next); err != nil {
		return fmt.Errorf("saving mailbox %q: %w", next.Name, err)
	}
	m.st = next
	return nil
}

// appendMessages stores msgs with fresh UIDs, in order, and announces them
// to every session. Bodies are written and synced before the lock is taken,
// so concurrent deliveries only queue for the renames and the state write.
func (m *mailbox) appendMessages(msgs []newMessage) (uidValidity uint32, uids []imap.UID, err error) {
	staged := make([]string, 0, len(msgs))
	defer func() {
		for _, tmp := range staged {
			if tmp != "" {
				os.Remove(tmp)
			}
		}
	}()
	for _, msg := range msgs {
		tmp, err := stageFile(m.stageDir, msg.parts...)
		if err != nil {
			return 0, nil, err
		}
		staged = append(staged, tmp)
	}

	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gone {
		return 0, nil, errGone
	}
	next := m.st.clone()
	var placed []string
	undo := func() {
		for _, p := range placed {
			os.Remove(p)
		}
	}
	for i, msg := range msgs {
		uid := next.UIDNext
		next.UIDNext++
		path := filepath.Join(m.dir, messageFile(uid))
		if err := os.Rename(staged[i], path); err != nil {
			undo()
			return 0, nil, fmt.Errorf("storing a message in mailbox %q: %w", next.Name, err)
		}
		staged[i] = ""
		placed = append(placed, path)
		date := msg.date
		if date.IsZero() {
			date = time.Now()
		}
		next.Messages = append(next.Messages, messageMeta{UID: uid, Date: date, Size: msg.size(), Flags: normalizeFlags(msg.flags)})
		uids = append(uids, uid)
	}
	old := len(m.st.Messages)
	if err := m.commitLocked(next); err != nil {
		undo()
		return 0, nil, err
	}
	// One EXISTS per message: the tracker hides only the newest unannounced
	// sequence number of each update.
	for n := old + 1; n <= len(next.Messages); n++ {
		m.tracker.QueueNumMessages(uint32(n))
	}
	return next.UIDValidity, uids, nil
}

// flagChange is the new flag list of the message at index i.
type flagChange struct {
	i     int
	flags []imap.Flag
}

// setFlagsLocked commits new flags and tells every session but source.
func (m *mailbox) setFlagsLocked(changes []flagChange, source *imapserver.SessionTracker) error {
	if len(changes) == 0 {
		return nil
	}
	next := m.st.clone()
	for _, c := range changes {
		next.Messages[c.i].Flags = c.flags
	}
	if err := m.commitLocked(next); err != nil {
		return err
	}
	for _, c := range changes {
		m.tracker.QueueMessageFlags(uint32(c.i+1), next.Messages[c.i].UID, c.flags, source)
	}
	return nil
}

// removeLocked expunges the messages at the ascending indices: the state
// first, then the files, so a crash in between leaves only orphan files,
// which the next start removes.
func (m *mailbox) removeLocked(indices []int) error {
	if len(indices) == 0 {
		return nil
	}
	next := m.st.clone()
	files := make([]string, len(indices))
	for j, i := range indices {
		files[j] = filepath.Join(m.dir, messageFile(m.st.Messages[i].UID))
	}
	drop := make(map[int]bool, len(indices))
	for _, i := range indices {
		drop[i] = true
	}
	next.Messages = next.Messages[:0:0]
	for i, msg := range m.st.Messages {
		if !drop[i] {
			next.Messages = append(next.Messages, msg)
		}
	}
	if err := m.commitLocked(next); err != nil {
		return err
	}
	// Highest first, so each sequence number is still valid when it is sent.
	for j := len(indices) - 1; j >= 0; j-- {
		m.tracker.QueueExpunge(uint32(indices[j] + 1))
	}
	for _, f := range files {
		if err := os.Remove(f); err != nil {
			m.log.Warn("could not remove an expunged message; it is removed at the next start", "file", f, "err", err)
		}
	}
	return nil
}

// selectData answers SELECT and EXAMINE.
func (m *mailbox) selectDataLocked() *imap.SelectData {
	flags := slices.Clone(systemFlags)
	var firstUnseen uint32
	for i, msg := range m.st.Messages {
		for _, f := range msg.Flags {
			if !hasFlag(flags, f) {
				flags = append(flags, f)
			}
		}
		if firstUnseen == 0 && !hasFlag(msg.Flags, imap.FlagSeen) {
			firstUnseen = uint32(i + 1)
		}
	}
	return &imap.SelectData{
		Flags:             flags,
		PermanentFlags:    append(slices.Clone(flags), imap.FlagWildcard),
		NumMessages:       uint32(len(m.st.Messages)),
		FirstUnseenSeqNum: firstUnseen,
		UIDNext:           m.st.UIDNext,
		UIDValidity:       m.st.UIDValidity,
	}
}

// status answers STATUS and LIST RETURN (STATUS).
func (m *mailbox) status(options *imap.StatusOptions) *imap.StatusData {
	m.mu.Lock()
	defer m.mu.Unlock()
	data := &imap.StatusData{Mailbox: m.st.Name}
	count := func(f imap.Flag) *uint32 {
		var n uint32
		for _, msg := range m.st.Messages {
			if hasFlag(msg.Flags, f) {
				n++
			}
		}
		return &n
	}
	if options.NumMessages {
		n := uint32(len(m.st.Messages))
		data.NumMessages = &n
	}
	if options.UIDNext {
		data.UIDNext = m.st.UIDNext
	}
	if options.UIDValidity {
		data.UIDValidity = m.st.UIDValidity
	}
	if options.NumUnseen {
		n := uint32(len(m.st.Messages)) - *count(imap.FlagSeen)
		data.NumUnseen = &n
	}
	if options.NumDeleted {
		data.NumDeleted = count(imap.FlagDeleted)
	}
	if options.Size {
		var size int64
		for _, msg := range m.st.Messages {
			size += msg.Size
		}
		data.Size = &size
	}
	if options.NumRecent {
		var n uint32
		data.NumRecent = &n
	}
	return data
}

// subscribed reports the SUBSCRIBE state.
func (m *mailbox) subscribed() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st.Subscribed
}

func (m *mailbox) setSubscribed(on bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.st.Subscribed == on {
		return nil
	}
	next := m.st.clone()
	next.Subscribed = on
	return m.commitLocked(next)
}

// rename moves the mailbox to a new name and directory.
func (m *mailbox) rename(dir, name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := os.Rename(m.dir, dir); err != nil {
		return fmt.Errorf("renaming mailbox %q to %q: %w", m.st.Name, name, err)
	}
	oldDir := m.dir
	m.dir = dir
	next := m.st.clone()
	next.Name = name
	if err := m.commitLocked(next); err != nil {
		m.dir = oldDir
		return errors.Join(err, os.Rename(dir, oldDir))
	}
	return nil
}

// retire moves the mailbox's directory to trash (a hidden name the next
// start removes, should this run not get to it) and marks it deleted.
func (m *mailbox) retire(trash string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := os.Rename(m.dir, trash); err != nil {
		return fmt.Errorf("deleting mailbox %q: %w", m.st.Name, err)
	}
	m.gone = true
	return nil
}
