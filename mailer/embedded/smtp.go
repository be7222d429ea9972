package embedded

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpBackend makes one session per SMTP connection.
type smtpBackend struct {
	store    *store
	password string
	domain   string
	log      *slog.Logger
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

// smtpSession accepts mail for local users. Clients on the loopback
// interface may send without AUTH (this is a local test server); others must
// log in with AUTH PLAIN first.
type smtpSession struct {
	backend  *smtpBackend
	helo     string
	remote   string
	loopback bool
	authUser string

	from string
	to   []recipient
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
		name, err := loginUser(username, s.backend.domain)
		if err != nil {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: err.Error()}
		}
		if !checkPassword(password, s.backend.password) {
			s.backend.log.Info("SMTP login refused: wrong password", "login", username, "remote", s.remote)
			return smtp.ErrAuthFailed
		}
		s.authUser = name
		return nil
	}), nil
}

func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if !s.loopback && s.authUser == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	domain := s.backend.domain
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
	if !slices.ContainsFunc(s.to, func(r recipient) bool { return r.user == name }) {
		s.to = append(s.to, recipient{addr: to, user: name})
	}
	return nil
}

func (s *smtpSession) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err // go-smtp answers too-large messages itself
	}
	st := s.backend.store
	if err := st.enter(); err != nil {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 2}, Message: "The mail server is shutting down, try again later"}
	}
	defer st.leave()
	now := time.Now()
	var errs []error
	for _, rcpt := range s.to {
		msg := s.traceHeaders(rcpt.addr, now)
		msg = append(msg, body...)
		v, uid, err := st.deliver(rcpt.user, msg, now)
		if err != nil {
			s.backend.log.Error("SMTP delivery failed", "to", rcpt.addr, "err", err)
			errs = append(errs, fmt.Errorf("<%s>: %w", rcpt.addr, err))
			continue
		}
		s.backend.log.Info("delivered", "from", s.from, "to", rcpt.addr, "user", rcpt.user, "uidvalidity", v, "uid", uid, "size", len(msg))
	}
	if err := errors.Join(errs...); err != nil {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: fmt.Sprintf("Could not store the message: %v", err)}
	}
	return nil
}

// traceHeaders are the headers a final delivery adds on top: the envelope
// sender, the envelope recipient (which keeps the +tag even for Bcc) and a
// Received line.
func (s *smtpSession) traceHeaders(rcpt string, now time.Time) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Return-Path: <%s>\r\n", s.from)
	fmt.Fprintf(&b, "Delivered-To: %s\r\n", rcpt)
	fmt.Fprintf(&b, "Received: from %s (%s)\r\n\tby %s (pbem embedded mail) with ESMTP\r\n\tfor <%s>; %s\r\n",
		s.helo, s.remote, s.backend.domain, rcpt, now.Format(time.RFC1123Z))
	return b.Bytes()
}

func (s *smtpSession) Reset() {
	s.from = ""
	s.to = nil
}

func (s *smtpSession) Logout() error { return nil }
