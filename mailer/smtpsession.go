package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// smtpConn is one SMTP connection of a Sender, greeted and logged in.
type smtpConn struct {
	c    *smtp.Client
	conn *deadlineConn
}

// dataTimeout is how long a server may take to accept a mail after its
// last line (RFC 5321 4.5.3.2.6: 10 minutes). Giving up sooner would send
// again a mail the server may have taken.
const dataTimeout = 10 * time.Minute

// dial connects, protects the connection as the URL says and logs in.
// Every failure here is the connection's, not a mail's: the mails wait.
func (s *Sender) dial(ctx context.Context) (*smtpConn, error) {
	s.dialing.Lock()
	defer s.dialing.Unlock()
	c, conn, err := s.open(ctx)
	if err != nil {
		s.offersSTARTTLS = nil // ask again next time
		return nil, err
	}
	if s.ep.user != "" {
		if err := s.auth(c); err != nil {
			c.Close()
			return nil, err
		}
	}
	return &smtpConn{c: c, conn: conn}, nil
}

// open makes the connection and says EHLO; for smtp:// it upgrades with
// STARTTLS when the server offers it. The library can only upgrade a fresh
// connection, so the first connection to such a server asks, hangs up and
// comes back with STARTTLS; the answer is remembered.
func (s *Sender) open(ctx context.Context) (*smtp.Client, *deadlineConn, error) {
	tlsCfg := &tls.Config{ServerName: s.ep.host, InsecureSkipVerify: s.cfg.InsecureSkipVerify}
	conn, err := s.connect(ctx)
	if err != nil {
		return nil, nil, err
	}
	var c *smtp.Client
	sec := s.ep.security
	if sec == startTLSIfOffered && s.offersSTARTTLS != nil {
		sec = startTLS
		if !*s.offersSTARTTLS {
			sec = plainText
		}
	}
	switch sec {
	case implicitTLS:
		tc := tls.Client(conn, tlsCfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, nil, fmt.Errorf("TLS with %s: %w", s.ep.addr, err)
		}
		c = smtp.NewClient(tc)
	case startTLS:
		if c, err = smtp.NewClientStartTLS(conn, tlsCfg); err != nil {
			return nil, nil, fmt.Errorf("STARTTLS with %s: %w", s.ep.addr, err)
		}
	case startTLSIfOffered:
		c = smtp.NewClient(conn)
		if err := c.Hello(s.cfg.HelloName); err != nil {
			c.Close()
			return nil, nil, fmt.Errorf("EHLO to %s: %w", s.ep.addr, err)
		}
		offers, _ := c.Extension("STARTTLS")
		s.offersSTARTTLS = &offers
		if !offers {
			return c, conn, nil
		}
		c.Quit()
		return s.open(ctx)
	default:
		c = smtp.NewClient(conn)
	}
	if err := c.Hello(s.cfg.HelloName); err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("EHLO to %s: %w", s.ep.addr, err)
	}
	return c, conn, nil
}

// connect dials the server; the connection bounds every wait by Timeout.
func (s *Sender) connect(ctx context.Context) (*deadlineConn, error) {
	d := net.Dialer{Timeout: s.cfg.Timeout, KeepAlive: 15 * time.Second}
	raw, err := d.DialContext(ctx, "tcp", s.ep.addr)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", s.ep.addr, err)
	}
	conn := newDeadlineConn(raw, s.cfg.Timeout)
	conn.expect() // an SMTP client always waits for an answer
	return conn, nil
}

// auth logs in with AUTH PLAIN, refusing to send the password in clear
// beyond loopback.
func (s *Sender) auth(c *smtp.Client) error {
	if _, isTLS := c.TLSConnectionState(); !isTLS && !isLoopback(s.ep.host) {
		return fmt.Errorf("%s offers no STARTTLS: refusing to send the password in clear (use smtps:// or a server with STARTTLS)", s.ep.addr)
	}
	if !c.SupportsAuth(sasl.Plain) {
		return fmt.Errorf("%s offers no AUTH PLAIN", s.ep.addr)
	}
	if err := c.Auth(sasl.NewPlainClient("", s.ep.user, s.ep.pass)); err != nil {
		return fmt.Errorf("AUTH PLAIN as %s at %s: %w", s.ep.user, s.ep.addr, err)
	}
	return nil
}

// senderRefused is the server's refusal of the envelope sender (MAIL FROM).
type senderRefused struct{ err error }

func (e *senderRefused) Error() string { return "MAIL FROM: " + e.err.Error() }
func (e *senderRefused) Unwrap() error { return e.err }

// send sends one mail: MAIL FROM, RCPT TO, DATA.
func (c *smtpConn) send(from, to string, raw []byte) error {
	if err := c.c.Mail(from, nil); err != nil {
		return &senderRefused{err}
	}
	if err := c.c.Rcpt(to, nil); err != nil {
		return fmt.Errorf("RCPT TO: %w", err)
	}
	w, err := c.c.Data()
	if err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		w.Close()
		return fmt.Errorf("DATA: %w", err)
	}
	prev := c.conn.setTimeout(dataTimeout)
	if prev > dataTimeout {
		c.conn.setTimeout(prev)
	}
	defer c.conn.setTimeout(prev)
	if err := w.Close(); err != nil {
		return fmt.Errorf("DATA: %w", err)
	}
	return nil
}

// reset ends a failed mail transaction so the next mail can go.
func (c *smtpConn) reset() error { return c.c.Reset() }

// quit hangs up politely; errors do not matter any more.
func (c *smtpConn) quit() {
	if err := c.c.Quit(); err != nil {
		c.c.Close()
	}
}

// outcome is what became of one attempt to send a mail.
type outcome int

const (
	delivered outcome = iota // the server took it
	deferred                 // 4xx: try again later
	refused                  // 5xx: never
	broken                   // the connection failed: try again later, on a new one
)

func classify(err error) outcome {
	if err == nil {
		return delivered
	}
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		switch se.Code / 100 {
		case 5:
			return refused
		case 4:
			return deferred
		}
	}
	return broken
}
