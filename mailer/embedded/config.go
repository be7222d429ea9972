package embedded

import (
	"errors"
	"fmt"
	"log/slog"
	"math"
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

// Default limits, taken when the Config field is 0.
const (
	// DefaultMaxMessageBytes bounds one message, by SMTP or IMAP APPEND:
	// 25 MiB, what large mail providers take. Moves are a few lines.
	DefaultMaxMessageBytes = 25 << 20
	// DefaultMaxRecipients bounds the recipients of one SMTP message.
	DefaultMaxRecipients = 20
	// DefaultMaxAccounts bounds the accounts of the whole server.
	DefaultMaxAccounts = 200
	// DefaultMaxNewAccountsPerConnection bounds the accounts one SMTP
	// connection may create; the service's own connections are exempt.
	DefaultMaxNewAccountsPerConnection = 5
)

// Config says where the embedded server listens and keeps its mail.
type Config struct {
	// Dir holds all mail and the password store; it is created when missing.
	Dir string
	// Host is the address to listen on; empty means DefaultHost.
	Host string
	// IMAPPort and SMTPPort are the TCP ports; 0 picks a free port (see
	// Server.IMAPAddr and Server.SMTPAddr for the one chosen).
	IMAPPort int
	SMTPPort int
	// Domain is the only mail domain served; empty means DefaultDomain.
	Domain string

	// Service is the address of the service that uses this server, such as
	// pbem@localhost; empty means none. Its account gets ServicePassword
	// (set at every start), no command hands that password out, and only a
	// client logged in as the service may send as it.
	Service         string
	ServicePassword string

	// OnNewAccount is told the password of every account the server makes
	// on first use: when mail first comes from or goes to a local address.
	// It is the only time the password is shown; nil drops it (the account
	// then needs NewPassword to be usable). It is called from the SMTP
	// connection's goroutine.
	OnNewAccount func(address, password string)

	// Limits; 0 takes the Default above.
	MaxMessageBytes int64 // one message, SMTP DATA and IMAP APPEND alike
	MaxRecipients   int   // recipients of one SMTP message
	MaxAccounts     int   // accounts in all
	// MaxNewAccountsPerConnection bounds the accounts one SMTP connection
	// may bring into being, except the service's own connections.
	MaxNewAccountsPerConnection int

	// Logger receives the server's logs; nil discards them. Passwords never
	// reach it.
	Logger *slog.Logger

	// hashCost is bcrypt's cost for new hashes; 0 is bcrypt.DefaultCost.
	// Only this package's tests lower it, to stay fast.
	hashCost int
}

// withDefaults fills the empty fields and checks the rest.
func (c Config) withDefaults() (Config, error) {
	var errs []error
	if c.Dir == "" {
		errs = append(errs, errors.New("no mail directory: Config.Dir must name the directory that holds the mail"))
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
	if c.Service != "" {
		local, _, ok := splitAddress(c.Service)
		if _, err := userName(local); !ok || err != nil {
			errs = append(errs, fmt.Errorf("service Config.Service is %q: it must be an address such as pbem@localhost", c.Service))
		}
		switch {
		case c.ServicePassword == "":
			errs = append(errs, errors.New("no service password: Config.ServicePassword must be set with Config.Service"))
		case len(c.ServicePassword) > 72:
			errs = append(errs, errors.New("service password Config.ServicePassword is longer than 72 bytes, which bcrypt cannot hash"))
		}
	}
	switch {
	case c.MaxMessageBytes == 0:
		c.MaxMessageBytes = DefaultMaxMessageBytes
	case c.MaxMessageBytes < 0 || c.MaxMessageBytes > math.MaxUint32:
		// IMAP's APPENDLIMIT is a 32-bit number.
		errs = append(errs, fmt.Errorf("limit Config.MaxMessageBytes is %d: it must be 1 to %d, or 0 for the default", c.MaxMessageBytes, uint32(math.MaxUint32)))
	}
	for _, l := range []struct {
		name  string
		value *int
		def   int
	}{
		{"MaxRecipients", &c.MaxRecipients, DefaultMaxRecipients},
		{"MaxAccounts", &c.MaxAccounts, DefaultMaxAccounts},
		{"MaxNewAccountsPerConnection", &c.MaxNewAccountsPerConnection, DefaultMaxNewAccountsPerConnection},
	} {
		switch {
		case *l.value == 0:
			*l.value = l.def
		case *l.value < 0:
			errs = append(errs, fmt.Errorf("limit Config.%s is %d: it must be positive, or 0 for the default", l.name, *l.value))
		}
	}
	if c.OnNewAccount == nil {
		c.OnNewAccount = func(string, string) {}
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c, errors.Join(errs...)
}
