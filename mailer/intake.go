package mailer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Delivery is one mail taken from the IMAP mailbox.
type Delivery struct {
	// Mailbox, UIDValidity and UID are the mail's place: with UIDVALIDITY
	// unchanged, the same UID in the same mailbox is the same mail.
	Mailbox     string
	UIDValidity uint32
	UID         uint32
	// Received is when the IMAP server got the mail (INTERNALDATE).
	Received time.Time
	// Raw is the whole mail as the server holds it.
	Raw []byte
}

// Verdict is what became of a delivered mail: where the intake files it.
type Verdict int

// The verdicts.
const (
	Processed Verdict = iota // read and acted on: to the Processed folder
	Rejected                 // could not be read: to the Rejected folder
)

func (v Verdict) String() string {
	if v == Rejected {
		return "rejected"
	}
	return "processed"
}

// Handler processes one delivered mail. It must be idempotent: a mail
// handled but not yet filed when the connection or the daemon died is
// handed in again, and should then get Processed (or the verdict it got the
// first time). An error means the mail could not be processed now (the
// store failed): the mail stays in the mailbox, and it and the mails after
// it are handed in again after a wait, in UID order.
type Handler func(ctx context.Context, d Delivery) (Verdict, error)

// BatchHandler processes delivered mails in order, as a Handler does each,
// and says what became of them: verdicts[i] is mail i's. A handler that
// stops at a mail it could not process returns the verdicts of the mails
// before it with the error; that mail and those after it stay in the
// mailbox and are handed in again after a wait.
type BatchHandler func(ctx context.Context, ds []Delivery) (verdicts []Verdict, err error)

// handle hands mails to the handler. A Handler is given them one at a
// time, and no more of them once ctx is cancelled (fewer verdicts, no
// error); a BatchHandler is given them all, and handles them all.
func (in *Intake) handle(ctx context.Context, ds []Delivery) ([]Verdict, error) {
	hctx := context.WithoutCancel(ctx)
	if in.cfg.Batch != nil {
		return in.cfg.Batch(hctx, ds)
	}
	verdicts := make([]Verdict, 0, len(ds))
	for i, d := range ds {
		if i > 0 && ctx.Err() != nil {
			break
		}
		v, err := in.cfg.Handler(hctx, d)
		if err != nil {
			return verdicts, fmt.Errorf("UID %d: %w", d.UID, err)
		}
		verdicts = append(verdicts, v)
	}
	return verdicts, nil
}

// IntakeConfig sets up an Intake. Zero durations take the defaults.
type IntakeConfig struct {
	// URL names the account and mailbox:
	// imap://user:pass@host:port/MAILBOX (no TLS: loopback only),
	// imap+starttls://... (STARTTLS required) or imaps://... (implicit
	// TLS). The mailbox defaults to INBOX; special characters in the user
	// name or password must be %-escaped.
	URL string
	// Handler processes each mail; or Batch, when set, the mails of each
	// fetch together (up to 32).
	Handler Handler
	Batch   BatchHandler
	// Poll is the wait between looks at the mailbox when the server does
	// not offer IDLE; 30s.
	Poll time.Duration
	// ProcessedFolder and RejectedFolder receive the handled mail; they
	// are created when missing. "Processed" and "Rejected", under the
	// personal namespace's prefix when the server has one.
	ProcessedFolder, RejectedFolder string
	// Timeout is the longest the server may stay silent while an answer is
	// due (and the dial timeout); 1m.
	Timeout time.Duration
	// IdleRestart is how long one IDLE lasts before it is ended and the
	// mailbox looked at again: it proves the connection alive; 5m.
	IdleRestart time.Duration
	// RetryMin and RetryMax bound the exponential wait before reconnecting
	// after a connection error, and before handing in again a mail whose
	// handler failed; 1s and 5m.
	RetryMin, RetryMax time.Duration
	// InsecureSkipVerify accepts any TLS certificate: for tests only.
	InsecureSkipVerify bool
	// Log receives the intake's log; slog.Default() when nil.
	Log *slog.Logger
}

// Intake takes mail from an IMAP mailbox in UID order, up to 32 mails a
// fetch (BODY.PEEK, so nothing is marked read before it is handled), hands
// them to its handler, then flags them \Seen and moves them to the
// Processed or Rejected folder, in batches of up to 32 and at the end of
// each look at the mailbox. It waits for new mail with IDLE when the server offers it
// and polls otherwise, and reconnects with backoff after any error.
//
// One Intake reads a mailbox: two would hand in the same mail twice (which
// the idempotent handler survives, but to no use).
type Intake struct {
	cfg IntakeConfig
	ep  endpoint
	log *slog.Logger
}

// NewIntake checks the configuration and makes an Intake; nothing is
// connected until Run.
func NewIntake(cfg IntakeConfig) (*Intake, error) {
	ep, err := parseIMAPURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	if cfg.Handler == nil && cfg.Batch == nil {
		return nil, errors.New("intake: no handler")
	}
	setDefault(&cfg.Poll, 30*time.Second)
	setDefault(&cfg.Timeout, time.Minute)
	setDefault(&cfg.IdleRestart, 5*time.Minute)
	setDefault(&cfg.RetryMin, time.Second)
	setDefault(&cfg.RetryMax, 5*time.Minute)
	if cfg.RetryMax < cfg.RetryMin {
		return nil, fmt.Errorf("intake: RetryMax %v is less than RetryMin %v", cfg.RetryMax, cfg.RetryMin)
	}
	if cfg.ProcessedFolder == "" {
		cfg.ProcessedFolder = "Processed"
	}
	if cfg.RejectedFolder == "" {
		cfg.RejectedFolder = "Rejected"
	}
	for _, f := range []string{cfg.ProcessedFolder, cfg.RejectedFolder} {
		if f == ep.mailbox {
			return nil, fmt.Errorf("intake: folder %q is the mailbox read from", f)
		}
	}
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	log = log.With(slog.String("imap", ep.redacted))
	return &Intake{cfg: cfg, ep: ep, log: log}, nil
}

func setDefault(d *time.Duration, def time.Duration) {
	if *d <= 0 {
		*d = def
	}
}

// Run takes mail until ctx is cancelled, then finishes the mail in hand
// (handler, flag, move; with a BatchHandler, the whole fetch in hand), logs out and returns nil. Connection errors are
// logged and followed by a reconnect after an exponential wait.
func (in *Intake) Run(ctx context.Context) error {
	retry := backoff{lo: in.cfg.RetryMin, hi: in.cfg.RetryMax}
	for {
		established, err := in.session(ctx)
		if ctx.Err() != nil {
			in.log.Info("intake stopped")
			return nil
		}
		if established {
			retry.reset()
		}
		wait := retry.next()
		in.log.Warn("imap connection lost; reconnecting", slog.Any("err", err), slog.Duration("wait", wait))
		if !sleep(ctx, wait) {
			in.log.Info("intake stopped")
			return nil
		}
	}
}

// errHandler marks a handler's failure: the session keeps its connection
// and tries the mail again after a wait.
type errHandler struct{ err error }

func (e *errHandler) Error() string { return "handler: " + e.err.Error() }
func (e *errHandler) Unwrap() error { return e.err }

// session is one connection's life: connect, log in, make the folders,
// select the mailbox, then take mail and wait for more until an error or
// ctx. established reports whether the mailbox was selected.
func (in *Intake) session(ctx context.Context) (established bool, err error) {
	s, err := in.connect(ctx)
	if err != nil {
		return false, err
	}
	defer s.close()
	if err := s.prepare(); err != nil {
		return false, err
	}
	in.log.Info("imap connected", slog.String("mailbox", in.ep.mailbox),
		slog.Uint64("uidvalidity", uint64(s.uidValidity)), slog.Bool("idle", s.idle))
	handlerRetry := backoff{lo: in.cfg.RetryMin, hi: in.cfg.RetryMax}
	for {
		s.drainNews()
		err := s.takeAll(ctx)
		var he *errHandler
		switch {
		case errors.As(err, &he):
			wait := handlerRetry.next()
			in.log.Error("mail not processed; it stays in the mailbox", slog.Any("err", he.err),
				slog.Duration("retry_in", wait))
			if !sleep(ctx, wait) {
				s.logout()
				return true, nil
			}
			continue
		case err != nil:
			return true, err
		}
		handlerRetry.reset()
		if ctx.Err() != nil {
			s.logout()
			return true, nil
		}
		if err := s.waitForMail(ctx); err != nil {
			return true, err
		}
		if ctx.Err() != nil {
			s.logout()
			return true, nil
		}
	}
}
