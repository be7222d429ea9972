package embedded

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// store answers STORE: it changes flags and, unless .SILENT, answers with
// the new flags of every message named.
func (v *view) store(w *imapserver.FetchWriter, numSet imap.NumSet, sf *imap.StoreFlags) error {
	for _, f := range sf.Flags {
		if err := checkFlag(f); err != nil {
			return noError(imap.ResponseCodeCannot, "%v", err)
		}
	}
	m := v.mbox
	refs, err := v.lockResolve(numSet)
	if err != nil {
		return err
	}
	items := make([]fetchItem, len(refs))
	var changes []flagChange
	for j, r := range refs {
		meta := m.st.Messages[r.i]
		flags := storeFlags(meta.Flags, sf.Op, sf.Flags)
		if !slices.Equal(flags, meta.Flags) {
			changes = append(changes, flagChange{r.i, flags})
		}
		meta.Flags = flags
		items[j] = fetchItem{seq: r.seq, meta: meta}
	}
	err = m.setFlagsLocked(changes, v.tracker)
	m.mu.Unlock()
	if err != nil || sf.Silent {
		return err
	}
	for _, item := range items {
		r := w.CreateMessage(item.seq)
		r.WriteUID(item.meta.UID)
		r.WriteFlags(item.meta.Flags)
		if err := r.Close(); err != nil {
			return err
		}
	}
	return nil
}

// expunge answers EXPUNGE, UID EXPUNGE and CLOSE: it removes the messages
// flagged \Deleted (among uids, if given). Every session, this one included,
// learns of it through the tracker.
func (v *view) expunge(uids *imap.UIDSet) error {
	m := v.mbox
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.gone {
		return errGone
	}
	var only imap.UIDSet
	if uids != nil {
		last := imap.UID(0)
		if n := len(m.st.Messages); n > 0 {
			last = m.st.Messages[n-1].UID
		}
		only = staticUIDSet(*uids, last)
	}
	var indices []int
	for i, msg := range m.st.Messages {
		if (uids == nil || only.Contains(msg.UID)) && hasFlag(msg.Flags, imap.FlagDeleted) {
			indices = append(indices, i)
		}
	}
	return m.removeLocked(indices)
}

// copyTo answers COPY: the messages keep their flags and dates and get new
// UIDs in dest. It returns the source UIDs copied.
func (v *view) copyTo(dest *mailbox, numSet imap.NumSet) (*imap.CopyData, []imap.UID, error) {
	m := v.mbox
	refs, err := v.lockResolve(numSet)
	if err != nil {
		return nil, nil, err
	}
	metas := make([]messageMeta, len(refs))
	for j, r := range refs {
		metas[j] = m.st.Messages[r.i]
	}
	dir := m.dir
	m.mu.Unlock()

	var msgs []newMessage
	var srcUIDs []imap.UID
	for _, meta := range metas {
		body, err := os.ReadFile(filepath.Join(dir, messageFile(meta.UID)))
		if errors.Is(err, fs.ErrNotExist) {
			continue // expunged meanwhile by another session
		}
		if err != nil {
			return nil, nil, fmt.Errorf("reading message %d to copy it: %w", meta.UID, err)
		}
		msgs = append(msgs, newMessage{parts: [][]byte{body}, date: meta.Date, flags: meta.Flags})
		srcUIDs = append(srcUIDs, meta.UID)
	}
	if len(msgs) == 0 {
		return nil, nil, nil // nothing to copy: no COPYUID
	}
	uidValidity, destUIDs, err := dest.appendMessages(msgs)
	if err != nil {
		return nil, nil, err
	}
	var src, dst imap.UIDSet
	src.AddNum(srcUIDs...)
	dst.AddNum(destUIDs...)
	return &imap.CopyData{UIDValidity: uidValidity, SourceUIDs: src, DestUIDs: dst}, srcUIDs, nil
}

// move answers MOVE: a copy, then an expunge of the originals. The EXPUNGE
// responses reach this session through the tracker, after the COPYUID.
func (v *view) move(w *imapserver.MoveWriter, dest *mailbox, numSet imap.NumSet) error {
	data, moved, err := v.copyTo(dest, numSet)
	if err != nil {
		return err
	}
	m := v.mbox
	m.mu.Lock()
	if m.gone {
		m.mu.Unlock()
		return errGone
	}
	var indices []int
	for i, msg := range m.st.Messages {
		if _, ok := slices.BinarySearch(moved, msg.UID); ok {
			indices = append(indices, i)
		}
	}
	err = m.removeLocked(indices)
	m.mu.Unlock()
	if err != nil {
		return err
	}
	return w.WriteCopyData(data)
}
