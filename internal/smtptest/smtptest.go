// Package smtptest runs an SMTP server inside a test (github.com/emersion/go-smtp)
// on 127.0.0.1 and a free port. It records every mail it accepts, can be
// stopped and started again on the same port (a server that was down comes
// back), and answers as the test tells it: a 4xx or 5xx to MAIL FROM, RCPT
// TO or DATA.
// Every method is safe to call while the server's sessions run.
package smtptest

import (
	"crypto/tls"
	"io"
	"net"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"pbem/internal/testcert"
)

// Mail is a mail as the server accepted it.
type Mail struct {
	From string   // the envelope sender
	To   []string // the envelope recipients
	Data []byte   // the whole mail as sent
	// Received is when the server accepted the mail (the end of DATA).
	Received time.Time
	TLS      bool   // the session was encrypted
	User     string // who logged in; "" without AUTH
}

// Options choose what the server offers.
type Options struct {
	// TLS adds an implicit-TLS listener (Server.TLSAddr) and STARTTLS on
	// the plain one, with a self-signed certificate for 127.0.0.1.
	TLS bool
	// User and Pass, when set, are required (AUTH PLAIN) before MAIL FROM.
	User, Pass string
	// Down leaves the server stopped: Start starts it.
	Down bool
}

// Server is an SMTP server of one test. It is stopped when the test ends.
type Server struct {
	Addr    string // the plain listener (STARTTLS with TLS)
	TLSAddr string // the implicit-TLS listener; "" without TLS

	tb         testing.TB
	tlsCfg     *tls.Config
	user, pass string

	mu      sync.Mutex
	got     []Mail
	arrived chan struct{}  // closed and replaced when a mail is accepted
	rcpt    map[string]int // RCPT TO attempts per address
	onMail  func(from string) error
	onRcpt  func(to string, attempt int) error
	onData  func() error
	servers []*smtp.Server
	// open counts the client sessions not yet ended; idle is closed and
	// replaced when it drops to 0.
	open int
	idle chan struct{}
}

// New makes a server and, unless opts.Down, starts it.
func New(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s := &Server{Addr: freeAddr(tb), tb: tb, user: opts.User, pass: opts.Pass,
		arrived: make(chan struct{}), idle: make(chan struct{}), rcpt: map[string]int{}}
	if opts.TLS {
		c, err := testcert.New()
		if err != nil {
			tb.Fatalf("smtptest: certificate: %v", err)
		}
		s.tlsCfg = &tls.Config{Certificates: []tls.Certificate{c.TLS}}
		s.TLSAddr = freeAddr(tb)
	}
	tb.Cleanup(s.Stop)
	if !opts.Down {
		s.Start()
	}
	return s
}

// freeAddr picks a free loopback port: listen on port 0, note the port,
// close.
func freeAddr(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("smtptest: free port: %v", err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Start starts listening on the server's addresses; after Stop, on the
// same ports again. Starting a running server does nothing.
func (s *Server) Start() {
	s.tb.Helper()
	s.mu.Lock()
	running := len(s.servers) > 0
	s.mu.Unlock()
	if running {
		return
	}
	s.serve(s.Addr, false)
	if s.TLSAddr != "" {
		s.serve(s.TLSAddr, true)
	}
}

func (s *Server) serve(addr string, implicitTLS bool) {
	s.tb.Helper()
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		s.mu.Lock()
		s.open++
		s.mu.Unlock()
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "mx.test"
	srv.AllowInsecureAuth = true
	srv.TLSConfig = s.tlsCfg
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.ErrorLog = discardLogger{}
	// The port may still be held for a moment by the listener closed just
	// before (a quick Stop and Start).
	var l net.Listener
	var err error
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if implicitTLS {
			l, err = tls.Listen("tcp", addr, s.tlsCfg)
		} else {
			l, err = net.Listen("tcp", addr)
		}
		if err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		s.tb.Fatalf("smtptest: listen on %s: %v", addr, err)
	}
	go srv.Serve(l)
	s.mu.Lock()
	s.servers = append(s.servers, srv)
	s.mu.Unlock()
}

// Stop closes the listeners and the open sessions; the mail received so
// far stays. Stopping a stopped server does nothing.
func (s *Server) Stop() {
	s.mu.Lock()
	servers := s.servers
	s.servers = nil
	s.mu.Unlock()
	for _, srv := range servers {
		srv.Close()
	}
}

// OnMail sets how MAIL FROM is answered: fn gets the envelope sender and
// returns nil to accept it or an error (see Reply) to refuse it. nil
// accepts every sender.
func (s *Server) OnMail(fn func(from string) error) {
	s.mu.Lock()
	s.onMail = fn
	s.mu.Unlock()
}

// OnRcpt sets how RCPT TO is answered: fn gets the recipient and how many
// times it was tried so far (1 the first time) and returns nil to accept or
// an error (see Reply) to refuse. nil accepts every recipient.
func (s *Server) OnRcpt(fn func(to string, attempt int) error) {
	s.mu.Lock()
	s.onRcpt = fn
	s.mu.Unlock()
}

// OnData sets how the end of DATA is answered: nil from fn (or fn nil)
// accepts the mail, an error refuses it. fn may block to hold the
// client in DATA.
func (s *Server) OnData(fn func() error) {
	s.mu.Lock()
	s.onData = fn
	s.mu.Unlock()
}

// Reply is an SMTP reply with a code (4xx temporary, 5xx permanent), for
// OnRcpt and OnData.
func Reply(code int, msg string) error {
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCodeNotSet, Message: msg}
}

// Mails returns the mails accepted so far, oldest first.
func (s *Server) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.got)
}

// Since returns the mails accepted after the first n.
func (s *Server) Since(n int) []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n >= len(s.got) {
		return nil
	}
	return slices.Clone(s.got[n:])
}

// WaitMore waits until the server holds more than n mails and reports
// whether it did within timeout.
func (s *Server) WaitMore(n int, timeout time.Duration) bool {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		s.mu.Lock()
		held, arrived := len(s.got), s.arrived
		s.mu.Unlock()
		if held > n {
			return true
		}
		select {
		case <-arrived:
		case <-t.C:
			return false
		}
	}
}

// WaitIdle waits until no client session is open (each one ended by a
// QUIT or the client's hang-up) and reports whether that came within
// timeout. Once a killed client's session ended, no more mail of its comes:
// whatever of its the server took is among Mails.
func (s *Server) WaitIdle(timeout time.Duration) bool {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		s.mu.Lock()
		open, idle := s.open, s.idle
		s.mu.Unlock()
		if open == 0 {
			return true
		}
		select {
		case <-idle:
		case <-t.C:
			return false
		}
	}
}

// RcptAttempts is how many times RCPT TO named an address.
func (s *Server) RcptAttempts(to string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rcpt[to]
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}
func (discardLogger) Println(...any)        {}

// session is one client session.
type session struct {
	s    *Server
	conn *smtp.Conn
	cur  Mail
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != x.s.user || pass != x.s.pass {
			return smtp.ErrAuthFailed
		}
		x.cur.User = user
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.user != "" && x.cur.User == "" {
		return smtp.ErrAuthRequired
	}
	x.s.mu.Lock()
	on := x.s.onMail
	x.s.mu.Unlock()
	if on != nil {
		if err := on(from); err != nil {
			return err
		}
	}
	x.cur.From = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	x.s.rcpt[to]++
	n, on := x.s.rcpt[to], x.s.onRcpt
	x.s.mu.Unlock()
	if on != nil {
		if err := on(to, n); err != nil {
			return err
		}
	}
	x.cur.To = append(x.cur.To, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
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
	x.cur.Data, x.cur.Received = data, time.Now()
	x.s.mu.Lock()
	x.s.got = append(x.s.got, x.cur)
	close(x.s.arrived)
	x.s.arrived = make(chan struct{})
	x.s.mu.Unlock()
	x.cur = Mail{User: x.cur.User}
	return nil
}

func (x *session) Reset() { x.cur = Mail{User: x.cur.User} }

// Logout ends the session: go-smtp calls it once per session, when the
// connection closes or STARTTLS starts a new session.
func (x *session) Logout() error {
	x.s.mu.Lock()
	defer x.s.mu.Unlock()
	x.s.open--
	if x.s.open == 0 {
		close(x.s.idle)
		x.s.idle = make(chan struct{})
	}
	return nil
}
