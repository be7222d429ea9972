package embedded

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-smtp"
)

// imapCaps are the IMAP extensions offered besides those imapserver always
// adds (IDLE, UNSELECT, ENABLE, SASL-IR, LITERAL-, APPENDLIMIT). MOVE and
// UIDPLUS are what the pbem intake uses. LITERAL+ is left out on purpose:
// with LITERAL- alone a client waits for the server's go-ahead before
// sending a literal over 4 KiB, so an APPEND over the limit is refused
// before its bytes travel.
var imapCaps = imap.CapSet{
	imap.CapIMAP4rev1:  {},
	imap.CapNamespace:  {},
	imap.CapUIDPlus:    {},
	imap.CapMove:       {},
	imap.CapStatusSize: {},
}

// Server is a running embedded mail server.
type Server struct {
	log      *slog.Logger
	store    *store
	imap     *imapserver.Server
	smtp     *smtp.Server
	imapAddr string
	smtpAddr string
	// The listeners are closed here as well as by the servers: go-smtp's
	// Close misses a listener whose Serve has not started yet.
	listeners []net.Listener

	serving   sync.WaitGroup
	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// Start opens the mail under cfg.Dir, listens for IMAP and SMTP and serves
// until Close is called or ctx is done. Its errors say what failed, not
// which server: the caller names it.
func Start(ctx context.Context, cfg Config) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	log := cfg.Logger.With("component", "embedded-mail")
	st, err := openStore(cfg.Dir, log)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", cfg.Dir, err)
	}
	accts := newAccounts(cfg.Dir, cfg.hashCost)
	var service, serviceDomain string
	if cfg.Service != "" {
		local, d, _ := splitAddress(cfg.Service)
		service, _ = userName(local)
		serviceDomain = d
		if err := accts.setService(service, cfg.ServicePassword); err != nil {
			return nil, fmt.Errorf("embedded mail server: the service's account: %w", err)
		}
	}

	var lc net.ListenConfig
	imapLn, err := lc.Listen(ctx, "tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.IMAPPort)))
	if err != nil {
		return nil, fmt.Errorf("listening for IMAP: %w", err)
	}
	smtpLn, err := lc.Listen(ctx, "tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.SMTPPort)))
	if err != nil {
		imapLn.Close()
		return nil, fmt.Errorf("listening for SMTP: %w", err)
	}

	imapLog := log.With("protocol", "imap")
	s := &Server{
		log:       log,
		store:     st,
		imapAddr:  imapLn.Addr().String(),
		smtpAddr:  smtpLn.Addr().String(),
		closed:    make(chan struct{}),
		listeners: []net.Listener{imapLn, smtpLn},
	}
	s.imap = imapserver.New(&imapserver.Options{
		NewSession: func(c *imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapSession{
				store:       st,
				accounts:    accts,
				domain:      cfg.Domain,
				appendLimit: uint32(cfg.MaxMessageBytes),
				log:         imapLog.With("remote", c.NetConn().RemoteAddr().String()),
			}, nil, nil
		},
		Caps:   imapCaps,
		Logger: printfLogger{imapLog},
		// There is no TLS at all: passwords travel in clear, which on the
		// loopback interface nobody else can see.
		InsecureAuth: true,
	})
	smtpLog := log.With("protocol", "smtp")
	s.smtp = smtp.NewServer(&smtpBackend{store: st, accounts: accts, cfg: cfg,
		service: service, serviceDomain: serviceDomain, log: smtpLog})
	s.smtp.Domain = cfg.Domain
	// go-smtp offers SIZE, refuses a larger declared size at MAIL FROM and
	// stops reading DATA at the limit, dropping the rest unread.
	s.smtp.MaxMessageBytes = cfg.MaxMessageBytes
	// go-smtp answers 452 4.5.3 to recipients past the limit.
	s.smtp.MaxRecipients = cfg.MaxRecipients
	s.smtp.AllowInsecureAuth = true
	s.smtp.ReadTimeout = 5 * time.Minute
	s.smtp.WriteTimeout = time.Minute
	s.smtp.ErrorLog = printfLogger{smtpLog}

	s.serving.Add(3)
	go func() {
		defer s.serving.Done()
		if err := s.imap.Serve(imapLn); err != nil && !s.closing() {
			imapLog.Error("IMAP server stopped", "err", err)
		}
	}()
	go func() {
		defer s.serving.Done()
		if err := s.smtp.Serve(smtpLn); err != nil && !s.closing() {
			smtpLog.Error("SMTP server stopped", "err", err)
		}
	}()
	go func() {
		defer s.serving.Done()
		select {
		case <-ctx.Done():
			s.shutdown()
		case <-s.closed:
		}
	}()
	log.Info("embedded mail server started", "imap", s.imapAddr, "smtp", s.smtpAddr, "domain", cfg.Domain, "dir", cfg.Dir,
		"max_message_bytes", cfg.MaxMessageBytes, "max_recipients", cfg.MaxRecipients,
		"max_accounts", cfg.MaxAccounts, "max_new_accounts_per_connection", cfg.MaxNewAccountsPerConnection)
	return s, nil
}

// IMAPAddr is the address the IMAP server listens on, as host:port.
func (s *Server) IMAPAddr() string { return s.imapAddr }

// SMTPAddr is the address the SMTP server listens on, as host:port.
func (s *Server) SMTPAddr() string { return s.smtpAddr }

// Close stops both servers, drops every connection and waits until nothing
// writes to the mail directory any more. It is safe to call more than once.
func (s *Server) Close() error {
	s.shutdown()
	s.serving.Wait()
	return s.closeErr
}

// closing reports whether shutdown has begun.
func (s *Server) closing() bool {
	select {
	case <-s.closed:
		return true
	default:
		return false
	}
}

// shutdown does Close's work once; the context watcher calls it too.
func (s *Server) shutdown() {
	s.closeOnce.Do(func() {
		close(s.closed)
		errs := []error{s.imap.Close(), s.smtp.Close()}
		for _, ln := range s.listeners {
			errs = append(errs, ln.Close())
		}
		s.store.close()
		for i, err := range errs {
			errs[i] = ignoreClosed(err)
		}
		if err := errors.Join(errs...); err != nil {
			s.closeErr = fmt.Errorf("embedded mail server: closing: %w", err)
		}
		s.log.Info("embedded mail server stopped")
	})
}

// ignoreClosed drops the error of closing a listener already closed.
func ignoreClosed(err error) error {
	if errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}
