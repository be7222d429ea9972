package mailer

import (
	"crypto/tls"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"pbem/internal/testcert"
)

// received is a mail as the test SMTP server got it.
type received struct {
	From string
	To   []string
	Data []byte
	TLS  bool   // the session was encrypted
	User string // who logged in; "" without AUTH
}

// smtpServer is an in-process SMTP server that records what it receives
// and answers as the test tells it.
type smtpServer struct {
	Addr    string // plain (STARTTLS with TLS)
	TLSAddr string // implicit TLS; "" without TLS
	t       testing.TB

	mu   sync.Mutex
	got  []received
	rcpt map[string]int // RCPT TO attempts per address
	// onRcpt and onData, when set, answer RCPT TO and DATA: nil accepts.
	onRcpt func(to string, attempt int) error
	onData func() error
	// user and pass, when set, are required before MAIL.
	user, pass string

	tlsCfg  *tls.Config
	servers []*smtp.Server
}

type smtpOptions struct {
	TLS        bool
	User, Pass string
	// Addr reuses a given address (a server that was down comes back).
	Addr string
	// Down leaves the server stopped: Start starts it.
	Down bool
}

func newSMTPServer(t testing.TB, opts smtpOptions) *smtpServer {
	s := &smtpServer{t: t, rcpt: map[string]int{}, user: opts.User, pass: opts.Pass, Addr: opts.Addr}
	if s.Addr == "" {
		s.Addr = freeAddr(t)
	}
	if opts.TLS {
		c, err := testcert.New()
		if err != nil {
			t.Fatal(err)
		}
		s.tlsCfg = &tls.Config{Certificates: []tls.Certificate{c.TLS}}
		s.TLSAddr = freeAddr(t)
	}
	t.Cleanup(s.Stop)
	if !opts.Down {
		s.Start()
	}
	return s
}

func freeAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Start starts listening (again).
func (s *smtpServer) Start() {
	s.serve(s.Addr, false)
	if s.TLSAddr != "" {
		s.serve(s.TLSAddr, true)
	}
}

func (s *smtpServer) serve(addr string, implicitTLS bool) {
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &smtpSession{s: s, conn: c}, nil
	}))
	srv.Domain = "mx.test"
	srv.AllowInsecureAuth = true
	srv.TLSConfig = s.tlsCfg
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.ErrorLog = discardLogger{}
	var l net.Listener
	var err error
	if implicitTLS {
		l, err = tls.Listen("tcp", addr, s.tlsCfg)
	} else {
		l, err = net.Listen("tcp", addr)
	}
	if err != nil {
		s.t.Fatalf("smtp server: %v", err)
	}
	go srv.Serve(l)
	s.mu.Lock()
	s.servers = append(s.servers, srv)
	s.mu.Unlock()
}

// Stop closes the listeners and the open sessions.
func (s *smtpServer) Stop() {
	s.mu.Lock()
	servers := s.servers
	s.servers = nil
	s.mu.Unlock()
	for _, srv := range servers {
		srv.Close()
	}
}

func (s *smtpServer) mails() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]received(nil), s.got...)
}

func (s *smtpServer) rcptAttempts(to string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rcpt[to]
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}
func (discardLogger) Println(...any)        {}

// smtpSession is one client session of the test server.
type smtpSession struct {
	s    *smtpServer
	conn *smtp.Conn
	cur  received
}

func (x *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *smtpSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if user != x.s.user || pass != x.s.pass {
			return smtp.ErrAuthFailed
		}
		x.cur.User = user
		return nil
	}), nil
}

func (x *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.user != "" && x.cur.User == "" {
		return smtp.ErrAuthRequired
	}
	x.cur.From = from
	return nil
}

func (x *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	x.s.rcpt[to]++
	n := x.s.rcpt[to]
	on := x.s.onRcpt
	x.s.mu.Unlock()
	if on != nil {
		if err := on(to, n); err != nil {
			return err
		}
	}
	x.cur.To = append(x.cur.To, to)
	return nil
}

func (x *smtpSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	on := x.s.onData
	x.s.mu.Unlock()
	if on != nil {
		if err := on(); err != nil {
			return err
		}
	}
	_, x.cur.TLS = x.conn.TLSConnectionState()
	x.cur.Data = data
	x.s.mu.Lock()
	x.s.got = append(x.s.got, x.cur)
	x.s.mu.Unlock()
	x.cur = received{User: x.cur.User}
	return nil
}

func (x *smtpSession) Reset() { x.cur = received{User: x.cur.User} }

func (x *smtpSession) Logout() error { return nil }

// smtpReply makes an SMTP error reply.
func smtpReply(code int, msg string) error {
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCodeNotSet, Message: msg}
}
