package embedded

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
)

// Defaults of `pbem serve` for the embedded server. A zero port in Config
// means "pick a free port", so callers pass these explicitly.
const (
	DefaultIMAPPort = 1143
	DefaultSMTPPort = 1025
	DefaultHost     = "127.0.0.1"
	DefaultDomain   = "localhost"
)

// Config says where the embedded server listens and keeps its mail.
type Config struct {
	// Dir holds all mail; it is created when missing.
	Dir string
	// Host is the address to listen on; empty means DefaultHost.
	Host string
	// IMAPPort and SMTPPort are the TCP ports; 0 picks a free port (see
	// Server.IMAPAddr and Server.SMTPAddr for the one chosen).
	IMAPPort int
	SMTPPort int
	// Password is the one password of every user, for IMAP LOGIN and SMTP
	// AUTH PLAIN alike.
	Password string
	// Domain is the only mail domain served; empty means DefaultDomain.
	Domain string
	// Logger receives the server's logs; nil discards them.
	Logger *slog.Logger
}

// withDefaults fills the empty fields and checks the rest.
func (c Config) withDefaults() (Config, error) {
	var errs []error
	if c.Dir == "" {
		errs = append(errs, errors.New("no mail directory: Config.Dir must name the directory that holds the mail"))
	}
	if c.Password == "" {
		errs = append(errs, errors.New("no password: Config.Password must be set, users log in with it"))
	}
	for _, p := range []struct {
		name string
		port int
	}{{"IMAPPort", c.IMAPPort}, {"SMTPPort", c.SMTPPort}} {
		if p.port < 0 || p.port > 65535 {
			errs = append(errs, fmt.Errorf("port Config.%s is %d: a port is 0 (any free port) to 65535", p.name, p.port))
		}
	}
	if c.Host == "" {
		c.Host = DefaultHost
	}
	if c.Domain == "" {
		c.Domain = DefaultDomain
	}
	c.Domain = strings.ToLower(c.Domain)
	if strings.ContainsAny(c.Domain, "@<> \t\r\n") {
		errs = append(errs, fmt.Errorf("domain Config.Domain is %q: it must be a bare domain such as localhost", c.Domain))
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c, errors.Join(errs...)
}
