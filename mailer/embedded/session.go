package embedded

import (
	"fmt"
	"io"
	"log/slog"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// noError builds a NO response with a response code.
func noError(code imap.ResponseCode, format string, args ...any) *imap.Error {
	return &imap.Error{Type: imap.StatusResponseTypeNo, Code: code, Text: fmt.Sprintf(format, args...)}
}

// errNotLoggedIn guards the authenticated commands; imapserver checks the
// state already, this only keeps a nil user from ever being used.
var errNotLoggedIn = noError(imap.ResponseCodeClientBug, "Log in first")

// imapSession is one IMAP connection. imapserver calls it from the
// connection's goroutine only (IDLE aside, which touches the tracker alone).
type imapSession struct {
	store       *store
	accounts    *accounts
	domain      string
	appendLimit uint32
	log         *slog.Logger

	user *user
	view *view // nil unless a mailbox is selected
}

var (
	_ imapserver.SessionIMAP4rev2   = (*imapSession)(nil)
	_ imapserver.SessionAppendLimit = (*imapSession)(nil)
)

// AppendLimit is offered as APPENDLIMIT; imapserver refuses a larger
// literal with NO [TOOBIG] before the client sends it.
func (s *imapSession) AppendLimit() uint32 { return s.appendLimit }

// Close ends the session. It reads s.view but does not clear it: when a
// client hangs up during IDLE, go-imap closes the session without waiting
// for the session's Idle, which may still be reading the field.
func (s *imapSession) Close() error {
	if s.view != nil {
		s.view.tracker.Close()
	}
	return nil
}

func (s *imapSession) closeView() {
	if s.view != nil {
		s.view.tracker.Close()
		s.view = nil
	}
}

func (s *imapSession) Login(username, password string) error {
	if err := s.store.enter(); err != nil {
		return err
	}
	defer s.store.leave()
	name, err := loginUser(username, s.domain)
	if err != nil {
		s.log.Info("IMAP login refused", "login", username, "err", err)
		return noError(imap.ResponseCodeAuthenticationFailed, "%v", err)
	}
	ok, err := s.accounts.verify(name, password)
	if err != nil {
		s.log.Error("IMAP login: reading the accounts", "err", err)
		return noError(imap.ResponseCodeUnavailable, "Could not read the accounts, try again later")
	}
	if !ok {
		s.log.Info("IMAP login refused: wrong user name or password", "login", username)
		return noError(imap.ResponseCodeAuthenticationFailed, "%s", wrongLogin)
	}
	u, err := s.store.user(name)
	if err != nil {
		return err
	}
	s.user = u
	s.log = s.log.With("user", name)
	s.log.Debug("IMAP login")
	return nil
}

// mailbox finds one of the user's mailboxes; the name is how the client gave it.
func (s *imapSession) mailbox(name string) (*mailbox, error) {
	if s.user == nil {
		return nil, errNotLoggedIn
	}
	return s.user.mailbox(name)
}

func (s *imapSession) Select(name string, options *imap.SelectOptions) (*imap.SelectData, error) {
	if err := s.store.enter(); err != nil {
		return nil, err
	}
	defer s.store.leave()
	m, err := s.mailbox(name)
	if err != nil {
		return nil, err
	}
	s.closeView()
	m.mu.Lock()
	defer m.mu.Unlock()
	s.view = &view{mbox: m, tracker: m.tracker.NewSession(), readOnly: options.ReadOnly}
	return m.selectDataLocked(), nil
}

func (s *imapSession) Unselect() error {
	s.closeView()
	return nil
}

func (s *imapSession) Create(name string, _ *imap.CreateOptions) error {
	if err := s.store.enter(); err != nil {
		return err
	}
	defer s.store.leave()
	if s.user == nil {
		return errNotLoggedIn
	}
	return s.user.create(name)
}

func (s *imapSession) Delete(name string) error {
	if err := s.store.enter(); err != nil {
		return err
	}
	defer s.store.leave()
	if s.user == nil {
		return errNotLoggedIn
	}
	return s.user.delete(name)
}

func (s *imapSession) Rename(name, newName string, _ *imap.RenameOptions) error {
	if err := s.store.enter(); err != nil {
		return err
	}
	defer s.store.leave()
	if s.user == nil {
		return errNotLoggedIn
	}
	return s.user.rename(name, newName)
}

func (s *imapSession) Subscribe(name string) error { return s.subscribe(name, true) }

func (s *imapSession) Unsubscribe(name string) error { return s.subscribe(name, false) }

func (s *imapSession) subscribe(name string, on bool) error {
	if err := s.store.enter(); err != nil {
		return err
	}
	defer s.store.leave()
	m, err := s.mailbox(name)
	if err != nil {
		return err
	}
	return m.setSubscribed(on)
}

func (s *imapSession) List(w *imapserver.ListWriter, ref string, patterns []string, options *imap.ListOptions) error {
	if err := s.store.enter(); err != nil {
		return err
	}
	defer s.store.leave()
	if s.user == nil {
		return errNotLoggedIn
	}
	return s.user.list(w, ref, patterns, options)
}

func (s *imapSession) Status(name string, options *imap.StatusOptions) (*imap.StatusData, error) {
	if err := s.store.enter(); err != nil {
		return nil, err
	}
	defer s.store.leave()
	m, err := s.mailbox(name)
	if err != nil {
		return nil, err
	}
	return m.status(options), nil
}

func (s *imapSession) Append(name string, r imap.LiteralReader, options *imap.AppendOptions) (*imap.AppendData, error) {
	if err := s.store.enter(); err != nil {
		return nil, err
	}
	defer s.store.leave()
	m, err := s.mailbox(name)
	if err != nil {
		return nil, noError(imap.ResponseCodeTryCreate, "No mailbox %q: create it first", name)
	}
	// imapserver holds the literal to AppendLimit before it is sent; this
	// only keeps a change there from making this read unbounded.
	if r.Size() > int64(s.appendLimit) {
		return nil, noError(imap.ResponseCodeTooBig, "The message is larger than %s, the most this server takes", sizeText(int64(s.appendLimit)))
	}
	body := make([]byte, r.Size())
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("reading the APPEND literal: %w", err)
	}
	v, uids, err := m.appendMessages([]newMessage{{parts: [][]byte{body}, date: options.Time, flags: options.Flags}})
	if err != nil {
		return nil, err
	}
	s.log.Debug("IMAP append", "mailbox", name, "uid", uids[0], "size", len(body))
	return &imap.AppendData{UIDValidity: v, UID: uids[0]}, nil
}

func (s *imapSession) Poll(w *imapserver.UpdateWriter, allowExpunge bool) error {
	if s.view == nil {
		return nil
	}
	return s.view.tracker.Poll(w, allowExpunge)
}

// Idle waits for updates; it holds no store lock, so Close is never kept
// waiting by an idle client.
func (s *imapSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if s.view == nil {
		return nil
	}
	return s.view.tracker.Idle(w, stop)
}

// selected returns the selected view after entering the store.
func (s *imapSession) selected() (*view, error) {
	if err := s.store.enter(); err != nil {
		return nil, err
	}
	if s.view == nil {
		s.store.leave()
		return nil, noError(imap.ResponseCodeClientBug, "No mailbox is selected")
	}
	return s.view, nil
}

func (s *imapSession) Expunge(_ *imapserver.ExpungeWriter, uids *imap.UIDSet) error {
	v, err := s.selected()
	if err != nil {
		return err
	}
	defer s.store.leave()
	if v.readOnly {
		return errReadOnly
	}
	return v.expunge(uids)
}

func (s *imapSession) Search(kind imapserver.NumKind, criteria *imap.SearchCriteria, _ *imap.SearchOptions) (*imap.SearchData, error) {
	v, err := s.selected()
	if err != nil {
		return nil, err
	}
	defer s.store.leave()
	return v.search(kind, criteria)
}

func (s *imapSession) Fetch(w *imapserver.FetchWriter, numSet imap.NumSet, options *imap.FetchOptions) error {
	v, err := s.selected()
	if err != nil {
		return err
	}
	defer s.store.leave()
	return v.fetch(w, numSet, options)
}

func (s *imapSession) Store(w *imapserver.FetchWriter, numSet imap.NumSet, flags *imap.StoreFlags, _ *imap.StoreOptions) error {
	v, err := s.selected()
	if err != nil {
		return err
	}
	defer s.store.leave()
	if v.readOnly {
		return errReadOnly
	}
	return v.store(w, numSet, flags)
}

func (s *imapSession) Copy(numSet imap.NumSet, dest string) (*imap.CopyData, error) {
	v, err := s.selected()
	if err != nil {
		return nil, err
	}
	defer s.store.leave()
	m, err := s.mailbox(dest)
	if err != nil {
		return nil, noError(imap.ResponseCodeTryCreate, "No mailbox %q: create it first", dest)
	}
	data, _, err := v.copyTo(m, numSet)
	return data, err
}

func (s *imapSession) Move(w *imapserver.MoveWriter, numSet imap.NumSet, dest string) error {
	v, err := s.selected()
	if err != nil {
		return err
	}
	defer s.store.leave()
	if v.readOnly {
		return errReadOnly
	}
	m, err := s.mailbox(dest)
	if err != nil {
		return noError(imap.ResponseCodeTryCreate, "No mailbox %q: create it first", dest)
	}
	if m == v.mbox {
		return noError(imap.ResponseCodeCannot, "Source and destination are the same mailbox")
	}
	return v.move(w, m, numSet)
}

func (s *imapSession) Namespace() (*imap.NamespaceData, error) {
	return &imap.NamespaceData{Personal: []imap.NamespaceDescriptor{{Delim: delim}}}, nil
}
