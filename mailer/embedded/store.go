package embedded

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
)

// errStoreClosed answers whatever arrives after Close.
var errStoreClosed = noError(imap.ResponseCodeUnavailable, "The mail server is shutting down")

// store is the mail of all users under one directory.
type store struct {
	dir string
	log *slog.Logger

	// gate is held shared by every IMAP command and SMTP delivery, and
	// exclusively by close, which so waits for changes in flight: once Close
	// returns, nothing writes to the directory any more.
	gate   sync.RWMutex
	closed bool

	mu    sync.Mutex
	users map[string]*user
}

// openStore loads every user's mail, so a damaged mail directory is reported
// at start rather than at a user's first login.
func openStore(dir string, log *slog.Logger) (*store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the mail directory: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing the mail directory: %w", err)
	}
	s := &store{dir: dir, log: log, users: make(map[string]*user)}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if e.Name() == accountsFile || e.Name() == accountsLock || strings.HasPrefix(e.Name(), tempPrefix) {
			continue // the password store, see accounts
		}
		name, err := userName(e.Name())
		if !e.IsDir() || err != nil || name != e.Name() {
			log.Warn("ignoring an entry of the mail directory that is not a user's directory", "path", path)
			continue
		}
		u, err := openUser(path, name, log)
		if err != nil {
			return nil, err
		}
		s.users[name] = u
	}
	return s, nil
}

// enter admits one command or delivery; leave must follow when it is done.
func (s *store) enter() error {
	s.gate.RLock()
	if s.closed {
		s.gate.RUnlock()
		return errStoreClosed
	}
	return nil
}

func (s *store) leave() { s.gate.RUnlock() }

// close waits for the changes in flight and refuses all later ones.
func (s *store) close() {
	s.gate.Lock()
	s.closed = true
	s.gate.Unlock()
}

// user returns a user's mail, creating its directory on first use. Callers
// have checked that the user has an account.
func (s *store) user(name string) (*user, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[name]; u != nil {
		return u, nil
	}
	u, err := openUser(filepath.Join(s.dir, name), name, s.log)
	if err != nil {
		return nil, err
	}
	s.users[name] = u
	s.log.Info("new mail user", "user", name)
	return u, nil
}

// deliver puts a message, given in parts, into a user's INBOX.
func (s *store) deliver(name string, parts [][]byte, date time.Time) (uidValidity uint32, uid imap.UID, err error) {
	u, err := s.user(name)
	if err != nil {
		return 0, 0, err
	}
	m, err := u.mailbox(inbox)
	if err != nil {
		return 0, 0, err
	}
	v, uids, err := m.appendMessages([]newMessage{{parts: parts, date: date}})
	if err != nil {
		return 0, 0, err
	}
	return v, uids[0], nil
}
