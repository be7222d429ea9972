package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"pbem/ai"
	"pbem/ai/computers"
	"pbem/db"
	"pbem/i18n"
	"pbem/rules"
)

// Config sets up a Service.
type Config struct {
	// Address is the service's own mail address, such as pbem@example.org.
	Address string
	// Language is the language of players who have set none (English
	// when empty).
	Language i18n.Lang
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// TrustDKIM accepts commands about a game from a sender whose mail has
	// an aligned DKIM signature, without a reply token.
	TrustDKIM bool
	// Limits bound what one address can make the service do (limits.go).
	Limits Limits
	// MaxSize is the largest mail read, in bytes; 0 means 2 MiB. A larger
	// mail gets a short error reply and is kept unread.
	MaxSize int
	// Log receives one line per handled mail; slog.Default() when nil.
	Log *slog.Logger
	// Downtime is the longest gap between two ticks of the scheduler that
	// is not downtime; a longer gap is given back to every running clock
	// (docs/clocks.md). 0 means 5 minutes.
	Downtime time.Duration
	// VacationDays is each player's vacation allowance per year; 0 means 30.
	VacationDays int
	// ComputerNodes caps every search of the computer player; 0 means each
	// level's own budget. Tests set it small.
	ComputerNodes int64
	// Engines names the computer player's engine for a game kind;
	// computers.For when nil. Tests give engines whose judgement they set.
	Engines func(*rules.Kind) ai.Engine
	// PublicURL is where the web archive is published, such as
	// https://pbem.example.org; game mails then link their game's page
	// (PublicURL/games/N). "" for no links.
	PublicURL string
}

// Service is the correspondence service's core.
type Service struct {
	store  *db.Store
	cfg    Config
	local  string // the address's local part: "pbem"
	domain string
	log    *slog.Logger
	// commands is the command table (commands.go).
	commands []commandSpec
	// publicURL is Config.PublicURL without a closing slash.
	publicURL string
	// positions are the positions of the games loaded lately.
	positions *positions
}

// New makes a Service on a store.
func New(store *db.Store, cfg Config) (*Service, error) {
	local, domain, ok := strings.Cut(strings.ToLower(cfg.Address), "@")
	if !ok || local == "" || domain == "" {
		return nil, fmt.Errorf("service address %q: want local@domain", cfg.Address)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Limits = cfg.Limits.withDefaults()
	if cfg.MaxSize == 0 {
		cfg.MaxSize = 2 << 20
	}
	if cfg.Downtime == 0 {
		cfg.Downtime = 5 * time.Minute
	}
	if cfg.Engines == nil {
		cfg.Engines = computers.For
	}
	if cfg.VacationDays == 0 {
		cfg.VacationDays = 30
	}
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: store, cfg: cfg, local: local, domain: domain, log: log, commands: commandTable(),
		publicURL: strings.TrimRight(cfg.PublicURL, "/"), positions: newPositions()}, nil
}

// Result says what Handle did with a mail.
type Result struct {
	// Duplicate is true when the mail was processed before: nothing changed
	// and nothing was queued.
	Duplicate bool
	// Outcome is what became of the mail.
	Outcome Outcome
	// Queued are the outbox ids of the mails queued.
	Queued []int64
}

// Handle processes one incoming mail exactly once: in one transaction it
// records the mail, applies its commands and queues every reply and notice.
// Bad input never makes an error: it makes a reply. An error means the store
// failed, and the mail may be handed in again later.
func (s *Service) Handle(ctx context.Context, m Message) (Result, error) {
	var res Result
	m.MessageID = strings.Trim(strings.TrimSpace(m.MessageID), "<>")
	if m.Received.IsZero() {
		m.Received = s.cfg.Now()
	}
	err := s.guarded(ctx, m, func(tx *db.Tx) (err error) {
		res, err = s.handleIn(tx, m)
		return err
	})
	var bug *panicked
	if errors.As(err, &bug) {
		s.log.LogAttrs(ctx, slog.LevelError, "bug while handling a mail: kept as failed",
			slog.String("message_id", m.MessageID), slog.String("from", m.From),
			slog.Any("panic", bug.value), slog.String("stack", bug.stack))
		res, err = s.quarantine(ctx, m)
	}
	if err != nil {
		return Result{}, fmt.Errorf("handle mail %q from %s: %w", m.MessageID, m.From, err)
	}
	s.log.LogAttrs(ctx, slog.LevelInfo, "mail handled", slog.String("message_id", m.MessageID),
		slog.String("from", m.From), slog.String("outcome", res.Outcome.String()),
		slog.Bool("duplicate", res.Duplicate), slog.Int("queued", len(res.Queued)))
	return res, nil
}

// handleIn handles one mail in tx, unless it was handled before.
func (s *Service) handleIn(tx *db.Tx, m Message) (Result, error) {
	h := &handling{s: s, tx: tx, m: m, now: s.cfg.Now(), tables: map[int64]*table{}}
	fresh, err := h.run()
	if err != nil {
		return Result{}, err
	}
	if !fresh {
		return Result{Duplicate: true}, nil
	}
	return Result{Outcome: h.outcome, Queued: h.queued}, nil
}

// panicked is a bug met while handling a mail.
type panicked struct {
	value any
	stack string
}

func (p *panicked) Error() string { return fmt.Sprintf("panic: %v", p.value) }

// guarded runs fn in a store transaction and turns a panic into an error:
// the transaction is rolled back and the daemon goes on.
func (s *Service) guarded(ctx context.Context, m Message, fn func(*db.Tx) error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicked{value: r, stack: string(debug.Stack())}
		}
	}()
	return s.store.Update(ctx, fn)
}

// quarantine records a mail whose handling met a bug, with its bytes, so
// that it is never handed in again to the same bug, and tells the sender.
// Nothing of it is acted on.
func (s *Service) quarantine(ctx context.Context, m Message) (Result, error) {
	var res Result
	err := s.store.Update(ctx, func(tx *db.Tx) (err error) {
		res, err = s.quarantineIn(tx, m)
		return err
	})
	return res, err
}

// quarantineIn is quarantine in a transaction of the caller's.
func (s *Service) quarantineIn(tx *db.Tx, m Message) (Result, error) {
	res := Result{Outcome: Failed}
	err := func() error {
		if seen, err := tx.Seen(m.MessageID, m.Mailbox, m.UIDValidity, m.UID); err != nil || seen {
			return err
		}
		h := &handling{s: s, tx: tx, m: m, now: s.cfg.Now(), tables: map[int64]*table{}, outcome: Failed}
		raw := m.Raw
		if len(raw) > s.cfg.MaxSize {
			raw = raw[:s.cfg.MaxSize]
		}
		if _, err := h.record(raw); err != nil {
			return err
		}
		from := strings.ToLower(strings.TrimSpace(m.From))
		if h.noAnswer(from) != "" {
			return nil
		}
		var err error
		if h.sender, err = tx.Player(from, m.FromName, h.now); err != nil {
			return err
		}
		h.lang = s.langOf(h.sender)
		h.say("", "%s", h.tr("frame.fault", nil))
		if err := h.send(); err != nil {
			return err
		}
		res.Queued = h.queued
		return nil
	}()
	return res, err
}
