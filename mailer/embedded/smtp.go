package embedded

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"time"

	gomessage "github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpBackend makes one session per SMTP connection.
type smtpBackend struct {
	store    *store
	accounts *accounts
	cfg      Config // with its defaults filled in
	// service and serviceDomain split Config.Service; service is "" when
	// there is none.
	service, serviceDomain string
	log                    *slog.Logger
}

func (b *smtpBackend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	remote := c.Conn().RemoteAddr()
	tcp, ok := remote.(*net.TCPAddr)
	return &smtpSession{
		backend:  b,
		helo:     c.Hostname(),
		remote:   remote.String(),
		loopback: ok && tcp.IP.IsLoopback(),
	}, nil
}

// recipient is one accepted RCPT TO: the address as given and its user.
type recipient struct {
	addr string
	user string
}

// smtpSession accepts mail for local users.
//
// A client logged in with AUTH PLAIN sends as its own address only (tags
// allowed), in the envelope and in the From and Sender lines, as a mail
// provider would insist. Clients on the loopback interface may also send
// without AUTH, as any address but the service's: this is a server for
// local play, where each player's reply keys, not the From line, guard the
// player's games. Others must log in.
//
// Mail from or to a local address without an account brings the account
// into being when the message is taken, within the account limits.
type smtpSession struct {
	backend  *smtpBackend
	helo     string
	remote   string
	loopback bool
	authUser string
	// madeAccounts counts the accounts this connection brought into being.
	madeAccounts int

	from string
	to   []recipient
	// newUsers are the users of this message, sender or recipients, that
	// have no account yet.
	newUsers []string
}

var _ smtp.AuthSession = (*smtpSession)(nil)

func (s *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if identity != "" && identity != username {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Acting as another user is not supported"}
		}
		name, err := loginUser(username, s.backend.cfg.Domain)
		if err != nil {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: err.Error()}
		}
		ok, err := s.backend.accounts.verify(name, password)
		if err != nil {
			s.backend.log.Error("SMTP login: reading the accounts", "err", err)
			return &smtp.SMTPError{Code: 454, EnhancedCode: smtp.EnhancedCode{4, 7, 0}, Message: "Temporary authentication failure, try again later"}
		}
		if !ok {
			s.backend.log.Info("SMTP login refused: wrong user name or password", "login", username, "remote", s.remote)
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: wrongLogin}
		}
		s.authUser = name
		return nil
	}), nil
}

// wrongLogin answers a refused login over IMAP and SMTP alike; it does not
// tell whether the account exists.
const wrongLogin = "Wrong user name or password: each address has its own password, given when its account was made"

func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if !s.loopback && s.authUser == "" {
		return smtp.ErrAuthRequired
	}
	s.from, s.newUsers = "", nil
	switch {
	case s.authUser != "":
		if !s.owns(from) {
			s.backend.log.Info("SMTP sender refused: not the logged-in user's", "from", from, "user", s.authUser, "remote", s.remote)
			return &smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
				Message: fmt.Sprintf("You are logged in as %s and may send only as that address (or a +tag form of it), not as <%s>", s.authUser+"@"+s.backend.cfg.Domain, from)}
		}
	case from != "":
		user, err := s.localUser(from)
		if err != nil {
			return &smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 1, 7}, Message: fmt.Sprintf("Sender <%s>: %v", from, err)}
		}
		if user != "" && user == s.backend.service {
			s.backend.log.Info("SMTP sender refused: the service's address without login", "from", from, "remote", s.remote)
			return &smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
				Message: fmt.Sprintf("Only the service itself may send as <%s>: send as your own address", from)}
		}
		if user != "" {
			if err := s.want(user, from, true); err != nil {
				return err
			}
		}
	}
	s.from = from
	return nil
}

// localUser is the user of a local address, or "" for an address of
// another domain.
func (s *smtpSession) localUser(addr string) (string, error) {
	local, d, ok := splitAddress(addr)
	if !ok {
		return "", fmt.Errorf("not an address of the form name@domain")
	}
	if d != s.backend.cfg.Domain {
		return "", nil
	}
	return userName(local)
}

// owns reports whether the logged-in user may send as addr: one of its own
// addresses, tags allowed. The service may also use its configured domain.
func (s *smtpSession) owns(addr string) bool {
	local, d, ok := splitAddress(addr)
	if !ok {
		return false
	}
	name, err := userName(local)
	if err != nil || name != s.authUser {
		return false
	}
	return d == s.backend.cfg.Domain || (name == s.backend.service && d == s.backend.serviceDomain)
}

// isService reports whether addr is one of the service's addresses.
func (s *smtpSession) isService(addr string) bool {
	local, d, ok := splitAddress(addr)
	if !ok || s.backend.service == "" {
		return false
	}
	name, err := userName(local)
	return err == nil && name == s.backend.service && (d == s.backend.cfg.Domain || d == s.backend.serviceDomain)
}

// want notes that the message would bring user's account into being, if
// the user has none and the limits allow it.
func (s *smtpSession) want(user, addr string, sender bool) error {
	if slices.Contains(s.newUsers, user) {
		return nil
	}
	exists, total, err := s.backend.accounts.exists(user)
	if err != nil {
		s.backend.log.Error("SMTP: reading the accounts", "err", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Could not read the accounts, try again later"}
	}
	if exists {
		return nil
	}
	cfg := s.backend.cfg
	isService := s.backend.service != "" && s.authUser == s.backend.service
	if !isService && s.madeAccounts+len(s.newUsers) >= cfg.MaxNewAccountsPerConnection {
		s.backend.log.Info("SMTP: new account refused: the connection's limit", "address", addr, "limit", cfg.MaxNewAccountsPerConnection, "remote", s.remote)
		text := fmt.Sprintf("<%s> has no account yet, and one connection may make at most %d new accounts: send to it in a new connection", addr, cfg.MaxNewAccountsPerConnection)
		if sender {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 1}, Message: text}
		}
		return &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 5, 3}, Message: text}
	}
	if total+len(s.newUsers) >= cfg.MaxAccounts {
		s.backend.log.Warn("SMTP: new account refused: the server's account limit", "address", addr, "limit", cfg.MaxAccounts, "remote", s.remote)
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: accountLimitText(addr, cfg.MaxAccounts)}
	}
	s.newUsers = append(s.newUsers, user)
	return nil
}

func accountLimitText(addr string, limit int) string {
	return fmt.Sprintf("<%s> has no account, and this server already has %d accounts, its limit: no new accounts are made", addr, limit)
}

func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	domain := s.backend.cfg.Domain
	local, d, ok := splitAddress(to)
	if !ok {
		return &smtp.SMTPError{Code: 501, EnhancedCode: smtp.EnhancedCode{5, 1, 3},
			Message: fmt.Sprintf("<%s> is not an address of the form name@%s", to, domain)}
	}
	if d != domain {
		s.backend.log.Info("SMTP recipient refused: not local", "to", to, "remote", s.remote)
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
			Message: fmt.Sprintf("Relaying denied: this server delivers only to @%s addresses, not to <%s>", domain, to)}
	}
	name, err := userName(local)
	if err != nil {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 3},
			Message: fmt.Sprintf("No such mailbox <%s>: %v", to, err)}
	}
	// One copy per mailbox, even when plus tags name the same user twice.
	if slices.ContainsFunc(s.to, func(r recipient) bool { return r.user == name }) {
		return nil
	}
	if err := s.want(name, to, false); err != nil {
		return err
	}
	s.to = append(s.to, recipient{addr: to, user: name})
	return nil
}

func (s *smtpSession) Data(r io.Reader) error {
	// go-smtp's reader stops at MaxMessageBytes and drops the rest itself,
	// so no more than the limit is ever held.
	body, err := readBody(r)
	if errors.Is(err, smtp.ErrDataTooLarge) {
		s.backend.log.Info("SMTP message refused: too large", "from", s.from, "limit", s.backend.cfg.MaxMessageBytes, "remote", s.remote)
		return &smtp.SMTPError{Code: 552, EnhancedCode: smtp.EnhancedCode{5, 3, 4},
			Message: fmt.Sprintf("The message is larger than %s, the most this server takes", sizeText(s.backend.cfg.MaxMessageBytes))}
	}
	if err != nil {
		return err
	}
	if err := s.checkHeaderSenders(body); err != nil {
		return err
	}
	st := s.backend.store
	if err := st.enter(); err != nil {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 2}, Message: "The mail server is shutting down, try again later"}
	}
	defer st.leave()
	if err := s.makeAccounts(); err != nil {
		return err
	}
	now := time.Now()
	var errs []error
	for _, rcpt := range s.to {
		msg := append([][]byte{s.traceHeaders(rcpt.addr, now)}, body...)
		v, uid, err := st.deliver(rcpt.user, msg, now)
		if err != nil {
			s.backend.log.Error("SMTP delivery failed", "to", rcpt.addr, "err", err)
			errs = append(errs, fmt.Errorf("<%s>: %w", rcpt.addr, err))
			continue
		}
		s.backend.log.Info("delivered", "from", s.from, "to", rcpt.addr, "user", rcpt.user, "uidvalidity", v, "uid", uid, "size", newMessage{parts: msg}.size())
	}
	if err := errors.Join(errs...); err != nil {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: fmt.Sprintf("Could not store the message: %v", err)}
	}
	return nil
}

// checkHeaderSenders holds the From and Sender lines to the rules of the
// envelope: a logged-in user names only its own addresses, a client
// without login never the service's. They are read as the service reads
// them; what cannot be read names nobody.
func (s *smtpSession) checkHeaderSenders(body [][]byte) error {
	if s.authUser == "" && s.backend.service == "" {
		return nil
	}
	readers := make([]io.Reader, len(body))
	for i, p := range body {
		readers[i] = bytes.NewReader(p)
	}
	h, err := textproto.ReadHeader(bufio.NewReader(io.MultiReader(readers...)))
	if err != nil {
		return nil
	}
	mh := mail.Header{Header: gomessage.Header{Header: h}}
	for _, key := range []string{"From", "Sender"} {
		addrs, err := mh.AddressList(key)
		if err != nil {
			continue
		}
		for _, a := range addrs {
			switch {
			case s.authUser != "" && !s.owns(a.Address):
				s.backend.log.Info("SMTP message refused: a sender line not the logged-in user's", "header", key, "address", a.Address, "user", s.authUser, "remote", s.remote)
				return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
					Message: fmt.Sprintf("You are logged in as %s: the %s line may name only your own address, not <%s>", s.authUser+"@"+s.backend.cfg.Domain, key, a.Address)}
			case s.authUser == "" && s.isService(a.Address):
				s.backend.log.Info("SMTP message refused: the service's address without login", "header", key, "address", a.Address, "remote", s.remote)
				return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
					Message: fmt.Sprintf("Only the service itself may send as <%s>, which the %s line names", a.Address, key)}
			}
		}
	}
	return nil
}

// makeAccounts brings into being the accounts the message is the first
// mail of, and hands their passwords to Config.OnNewAccount.
func (s *smtpSession) makeAccounts() error {
	if len(s.newUsers) == 0 {
		return nil
	}
	cfg := s.backend.cfg
	made, err := s.backend.accounts.create(s.newUsers, cfg.MaxAccounts)
	if errors.Is(err, errAccountLimit) {
		// Other connections took the last places since RCPT TO.
		s.backend.log.Warn("SMTP: new accounts refused: the server's account limit", "users", s.newUsers, "limit", cfg.MaxAccounts, "remote", s.remote)
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: accountLimitText(s.newUsers[0]+"@"+cfg.Domain, cfg.MaxAccounts)}
	}
	if err != nil {
		s.backend.log.Error("SMTP: making accounts", "users", s.newUsers, "err", err)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Could not make the new accounts, try again later"}
	}
	for _, user := range s.newUsers {
		if pw, ok := made[user]; ok {
			s.madeAccounts++
			s.backend.log.Info("new mail account", "user", user, "remote", s.remote)
			cfg.OnNewAccount(user+"@"+cfg.Domain, pw)
		}
	}
	s.newUsers = nil
	return nil
}

// readBody reads a message in chunks that double in size up to 1 MiB, so
// what was read is never copied again: a message of n bytes takes little
// more than n bytes, where a growing buffer would allocate several times n.
func readBody(r io.Reader) ([][]byte, error) {
	var parts [][]byte
	size := 4 << 10
	for {
		buf := make([]byte, size)
		n := 0
		for n < len(buf) {
			m, err := r.Read(buf[n:])
			n += m
			if err == io.EOF {
				return append(parts, buf[:n]), nil
			}
			if err != nil {
				return nil, err
			}
		}
		parts = append(parts, buf)
		size = min(2*size, 1<<20)
	}
}

// sizeText writes a byte count for people: whole MiB when it is one.
func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// traceHeaders are the headers a final delivery adds on top: the envelope
// sender, the envelope recipient (which keeps the +tag even for Bcc) and a
// Received line.
func (s *smtpSession) traceHeaders(rcpt string, now time.Time) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Return-Path: <%s>\r\n", s.from)
	fmt.Fprintf(&b, "Delivered-To: %s\r\n", rcpt)
	fmt.Fprintf(&b, "Received: from %s (%s)\r\n\tby %s (pbem embedded mail) with ESMTP\r\n\tfor <%s>; %s\r\n",
		s.helo, s.remote, s.backend.cfg.Domain, rcpt, now.Format(time.RFC1123Z))
	return b.Bytes()
}

func (s *smtpSession) Reset() {
	s.from = ""
	s.to = nil
	s.newUsers = nil
}

func (s *smtpSession) Logout() error { return nil }
