package embedded

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
)

const (
	stateFile    = "state.json"
	stateVersion = 1
	// tempPrefix starts every temporary file; escaped mailbox names and user
	// names never start with '.', so leftovers are easy to tell apart.
	tempPrefix = ".tmp-"
)

// mailboxState is what state.json holds. A value is never changed once
// committed: changes work on a clone, which replaces it after it is on disk.
type mailboxState struct {
	Version     int           `json:"version"`
	Name        string        `json:"name"`
	UIDValidity uint32        `json:"uidValidity"`
	UIDNext     imap.UID      `json:"uidNext"`
	Subscribed  bool          `json:"subscribed"`
	Messages    []messageMeta `json:"messages"`
}

// messageMeta describes one message; its body is the file <UID>.eml.
type messageMeta struct {
	UID  imap.UID  `json:"uid"`
	Date time.Time `json:"date"` // IMAP INTERNALDATE
	Size int64     `json:"size"`
	// Flags is sorted and shared between clones: replace it, never modify it.
	Flags []imap.Flag `json:"flags,omitempty"`
}

// clone copies the message list, so the clone can be changed freely.
func (st mailboxState) clone() mailboxState {
	st.Messages = slices.Clone(st.Messages)
	return st
}

// encodeState writes the state as indented JSON, readable when debugging.
func encodeState(st mailboxState) ([]byte, error) {
	if st.Messages == nil {
		st.Messages = []messageMeta{}
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding the state of mailbox %q: %w", st.Name, err)
	}
	return append(b, '\n'), nil
}

// decodeState reads state.json and checks everything later code relies on:
// UIDs ascend and stay below UIDNEXT, flags are writable, names storable.
func decodeState(data []byte) (mailboxState, error) {
	var st mailboxState
	if err := json.Unmarshal(data, &st); err != nil {
		return st, err
	}
	if st.Version != stateVersion {
		return st, fmt.Errorf("version is %d, this server reads version %d", st.Version, stateVersion)
	}
	if err := checkMailboxName(st.Name); err != nil {
		return st, err
	}
	if st.UIDValidity == 0 {
		return st, fmt.Errorf("uidValidity is 0, which IMAP does not allow")
	}
	if st.UIDNext == 0 {
		return st, fmt.Errorf("uidNext is 0, which IMAP does not allow")
	}
	var prev imap.UID
	for i, m := range st.Messages {
		switch {
		case m.UID <= prev:
			return st, fmt.Errorf("message %d: uid %d does not ascend from the previous uid %d", i+1, m.UID, prev)
		case m.UID >= st.UIDNext:
			return st, fmt.Errorf("message %d: uid %d is not below uidNext %d", i+1, m.UID, st.UIDNext)
		case m.Size < 0:
			return st, fmt.Errorf("message %d (uid %d): size %d is negative", i+1, m.UID, m.Size)
		}
		for _, f := range m.Flags {
			if err := checkFlag(f); err != nil {
				return st, fmt.Errorf("message %d (uid %d): %w", i+1, m.UID, err)
			}
		}
		st.Messages[i].Flags = normalizeFlags(m.Flags)
		prev = m.UID
	}
	return st, nil
}

// writeFileAtomic replaces dir/name by data so that a crash leaves either the
// old or the new file.
func writeFileAtomic(dir, name string, data []byte) error {
	tmp, err := stageFile(dir, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("putting %s in place: %w", filepath.Join(dir, name), err)
	}
	return nil
}

// stageFile writes parts, one after the other, to a synced temporary file
// in dir and returns its path, to be renamed into place. The directory itself is not synced: a
// rename lost in a power cut loses the latest change, never a file's content.
func stageFile(dir string, parts ...[]byte) (string, error) {
	f, err := os.CreateTemp(dir, tempPrefix+"*")
	if err != nil {
		return "", fmt.Errorf("creating a temporary file in %s: %w", dir, err)
	}
	for _, p := range parts {
		if err == nil {
			_, err = f.Write(p)
		}
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	return f.Name(), nil
}

// messageFile is the name of a message's file.
func messageFile(uid imap.UID) string {
	return fmt.Sprintf("%d.eml", uid)
}
