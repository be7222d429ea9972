package embedded

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

const userFile = "user.json"

// userState is what user.json holds.
type userState struct {
	Version int `json:"version"`
	// LastUIDValidity is the UIDVALIDITY given to the newest mailbox. A
	// mailbox deleted and created again must get a new one (RFC 3501).
	LastUIDValidity uint32 `json:"lastUIDValidity"`
}

// user holds one user's mailboxes.
type user struct {
	name string
	dir  string
	log  *slog.Logger

	mu              sync.Mutex
	mailboxes       map[string]*mailbox
	lastUIDValidity uint32
}

// openUser loads a user's mailboxes, creating the directory and INBOX of a
// new user.
func openUser(dir, name string, log *slog.Logger) (*user, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("opening the mail of %s: %w", name, err)
	}
	u := &user{name: name, dir: dir, log: log, mailboxes: make(map[string]*mailbox)}
	path := filepath.Join(dir, userFile)
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("opening the mail of %s: %w", name, err)
	default:
		var us userState
		if err := json.Unmarshal(data, &us); err != nil {
			return nil, fmt.Errorf("reading %s: %w", path, err)
		}
		if us.Version != stateVersion {
			return nil, fmt.Errorf("reading %s: version is %d, this server reads version %d", path, us.Version, stateVersion)
		}
		u.lastUIDValidity = us.LastUIDValidity
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("opening the mail of %s: %w", name, err)
	}
	for _, e := range entries {
		file := filepath.Join(dir, e.Name())
		switch {
		case e.Name() == userFile:
		case strings.HasPrefix(e.Name(), "."):
			log.Info("removing a leftover of an interrupted change", "file", file)
			os.RemoveAll(file)
		case e.IsDir():
			m, err := loadMailbox(dir, file, log)
			if err != nil {
				return nil, fmt.Errorf("opening the mail of %s: %w", name, err)
			}
			u.mailboxes[m.st.Name] = m
			// Should user.json be lost, UIDVALIDITY still never repeats.
			u.lastUIDValidity = max(u.lastUIDValidity, m.st.UIDValidity)
		default:
			log.Warn("ignoring a file that is not a mailbox", "file", file)
		}
	}
	if u.mailboxes[inbox] == nil {
		u.mu.Lock()
		defer u.mu.Unlock()
		if _, err := u.createLocked(inbox); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// nextUIDValidityLocked hands out a UIDVALIDITY: the clock in seconds, so a
// mail directory wiped and started afresh does not reuse old values, and
// always above the last one.
func (u *user) nextUIDValidityLocked() (uint32, error) {
	v := max(uint32(time.Now().Unix()), u.lastUIDValidity+1)
	data, err := json.Marshal(userState{Version: stateVersion, LastUIDValidity: v})
	if err != nil {
		return 0, fmt.Errorf("encoding %s: %w", userFile, err)
	}
	if err := writeFileAtomic(u.dir, userFile, append(data, '\n')); err != nil {
		return 0, err
	}
	u.lastUIDValidity = v
	return v, nil
}

func (u *user) createLocked(name string) (*mailbox, error) {
	v, err := u.nextUIDValidityLocked()
	if err != nil {
		return nil, err
	}
	m, err := createMailbox(u.dir, name, v, u.log)
	if err != nil {
		return nil, err
	}
	u.mailboxes[name] = m
	u.log.Debug("created mailbox", "user", u.name, "mailbox", name, "uidvalidity", v)
	return m, nil
}

// mailbox finds a mailbox by name.
func (u *user) mailbox(name string) (*mailbox, error) {
	name = canonicalName(name)
	u.mu.Lock()
	defer u.mu.Unlock()
	if m := u.mailboxes[name]; m != nil {
		return m, nil
	}
	return nil, noError(imap.ResponseCodeNonExistent, "No mailbox %q", name)
}

// create makes a mailbox and any missing superior ones ("a" for "a/b"), as
// RFC 3501 suggests.
func (u *user) create(name string) error {
	name = canonicalName(name)
	if err := checkMailboxName(name); err != nil {
		return noError(imap.ResponseCodeCannot, "%v", err)
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.mailboxes[name] != nil {
		return noError(imap.ResponseCodeAlreadyExists, "Mailbox %q already exists", name)
	}
	for _, p := range append(parents(name), name) {
		if u.mailboxes[p] == nil {
			if _, err := u.createLocked(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// delete removes a mailbox that has no children.
func (u *user) delete(name string) error {
	name = canonicalName(name)
	if name == inbox {
		return noError(imap.ResponseCodeCannot, "INBOX cannot be deleted")
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	m := u.mailboxes[name]
	if m == nil {
		return noError(imap.ResponseCodeNonExistent, "No mailbox %q", name)
	}
	for other := range u.mailboxes {
		if strings.HasPrefix(other, name+string(delim)) {
			return noError(imap.ResponseCodeHasChildren, "Mailbox %q has child mailboxes such as %q: delete those first", name, other)
		}
	}
	trash := filepath.Join(u.dir, fmt.Sprintf("%sdeleted-%d-%s", tempPrefix, time.Now().UnixNano(), escapeName(name)))
	if err := m.retire(trash); err != nil {
		return err
	}
	delete(u.mailboxes, name)
	if err := os.RemoveAll(trash); err != nil {
		u.log.Warn("could not remove a deleted mailbox; it is removed at the next start", "dir", trash, "err", err)
	}
	return nil
}

// rename renames a mailbox and its children ("a/x" follows "a").
func (u *user) rename(oldName, newName string) error {
	oldName, newName = canonicalName(oldName), canonicalName(newName)
	if oldName == inbox {
		return noError(imap.ResponseCodeCannot, "Renaming INBOX is not supported by this server")
	}
	if err := checkMailboxName(newName); err != nil {
		return noError(imap.ResponseCodeCannot, "%v", err)
	}
	if newName == oldName || strings.HasPrefix(newName, oldName+string(delim)) {
		return noError(imap.ResponseCodeCannot, "Mailbox %q cannot be moved into itself", oldName)
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.mailboxes[oldName] == nil {
		return noError(imap.ResponseCodeNonExistent, "No mailbox %q", oldName)
	}
	moves := map[string]string{oldName: newName}
	for name := range u.mailboxes {
		if rest, ok := strings.CutPrefix(name, oldName+string(delim)); ok {
			moves[name] = newName + string(delim) + rest
		}
	}
	for _, to := range moves {
		if u.mailboxes[to] != nil {
			return noError(imap.ResponseCodeAlreadyExists, "Mailbox %q already exists", to)
		}
	}
	for _, p := range parents(newName) {
		if u.mailboxes[p] == nil {
			if _, err := u.createLocked(p); err != nil {
				return err
			}
		}
	}
	for from, to := range moves {
		m := u.mailboxes[from]
		if err := m.rename(filepath.Join(u.dir, escapeName(to)), to); err != nil {
			return err
		}
		delete(u.mailboxes, from)
		u.mailboxes[to] = m
	}
	return nil
}

// list answers LIST and LSUB.
func (u *user) list(w *imapserver.ListWriter, ref string, patterns []string, options *imap.ListOptions) error {
	if len(patterns) == 0 {
		// LIST "" "" asks for the hierarchy delimiter only.
		return w.WriteList(&imap.ListData{Attrs: []imap.MailboxAttr{imap.MailboxAttrNoSelect}, Delim: delim})
	}
	u.mu.Lock()
	names := make([]string, 0, len(u.mailboxes))
	for name := range u.mailboxes {
		names = append(names, name)
	}
	slices.Sort(names)
	boxes := make([]*mailbox, len(names))
	hasChildren := make([]bool, len(names))
	for i, name := range names {
		boxes[i] = u.mailboxes[name]
		hasChildren[i] = slices.ContainsFunc(names, func(o string) bool { return strings.HasPrefix(o, name+string(delim)) })
	}
	u.mu.Unlock()

	for i, name := range names {
		if !slices.ContainsFunc(patterns, func(p string) bool { return imapserver.MatchList(name, delim, ref, p) }) {
			continue
		}
		if options.SelectSpecialUse {
			continue // no mailbox here has a special use
		}
		subscribed := boxes[i].subscribed()
		if options.SelectSubscribed && !subscribed {
			continue
		}
		data := imap.ListData{Mailbox: name, Delim: delim}
		if subscribed && (options.SelectSubscribed || options.ReturnSubscribed) {
			data.Attrs = append(data.Attrs, imap.MailboxAttrSubscribed)
		}
		if options.ReturnChildren {
			if hasChildren[i] {
				data.Attrs = append(data.Attrs, imap.MailboxAttrHasChildren)
			} else {
				data.Attrs = append(data.Attrs, imap.MailboxAttrHasNoChildren)
			}
		}
		if options.ReturnStatus != nil {
			data.Status = boxes[i].status(options.ReturnStatus)
		}
		if err := w.WriteList(&data); err != nil {
			return err
		}
	}
	return nil
}
