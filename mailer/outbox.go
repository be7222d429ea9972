package mailer

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"pbem/db"
)

// SenderConfig sets up a Sender. Zero values take the defaults.
type SenderConfig struct {
	// URL names the SMTP server: smtp://[user:pass@]host[:port] (STARTTLS
	// when the server offers it; port 25), smtp+starttls://... (STARTTLS
	// required; port 587) or smtps://... (implicit TLS; port 465). With a
	// user the sender logs in with AUTH PLAIN, which it does only over TLS
	// or to a loopback address.
	URL string
	// From is the service's address: the From of every mail, and the
	// envelope sender of a mail that has none of its own (db.Mail's
	// EnvelopeFrom, where delivery reports for that mail go).
	From string
	// Store holds the outbox.
	Store *db.Store
	// Poll is the longest wait between looks at the outbox; 30s. Notify
	// wakes the sender sooner.
	Poll time.Duration
	// Batch is how many mails one connection sends at most; 50.
	Batch int
	// Connections is how many connections send at once when more than a
	// Batch of mail is due; 4. The mails to one recipient always share a
	// connection, so each recipient gets them in the order queued.
	Connections int
	// RetryMin and RetryMax bound the exponential wait before a mail that
	// failed for a temporary reason is tried again; 1m and 1h.
	RetryMin, RetryMax time.Duration
	// GiveUpAfter is how long after it was queued a mail that keeps
	// failing temporarily is failed for good; 5 days.
	GiveUpAfter time.Duration
	// Timeout is the longest the server may stay silent while an answer is
	// due (and the dial timeout); 1m.
	Timeout time.Duration
	// HelloName is the name given in EHLO; the domain of From by default.
	HelloName string
	// InsecureSkipVerify accepts any TLS certificate: for tests only.
	InsecureSkipVerify bool
	// OnFail, when set, runs in the transaction that fails a mail for good,
	// so that the service can treat the refusal as the bounce it is (say,
	// stop the game's clock); its error rolls the failure back.
	OnFail func(tx *db.Tx, m db.Mail, reason string) error
	// Draw draws the pictures mails describe (db.Attachment.Draw) when
	// they are sent; without it such pictures are left out.
	Draw Drawer
	// Log receives the sender's log; slog.Default() when nil.
	Log *slog.Logger
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Sender sends the outbox over SMTP. Each due mail is sent, then marked
// sent in the store; a mail marked sent is never sent again, so a crash
// between the two re-sends it once, and nothing is lost. A temporary
// failure (a 4xx reply, a network error, an unreachable server) schedules
// a retry with exponential backoff; a permanent one (a 5xx reply to the
// mail, its recipient or its content) fails the mail, with the reply kept
// in its row against the recipient.
//
// One Sender serves a store: two senders on one store could both send a
// mail due to both.
type Sender struct {
	cfg  SenderConfig
	ep   endpoint
	log  *slog.Logger
	wake chan struct{}
	pics *Pictures

	// mu makes passes over the outbox one at a time, so that Run and Flush
	// never hold the same mail.
	mu sync.Mutex
	// dialing makes connections one at a time, so that the first tells
	// the others what the server offers.
	dialing sync.Mutex
	// offersSTARTTLS remembers, for smtp://, whether the server offered
	// STARTTLS when last asked; nil before the first connection. Under
	// dialing.
	offersSTARTTLS *bool
	// envelopesRefused is set once the server refused a mail's own
	// envelope sender (MAIL FROM): mail then goes from From.
	envelopesRefused atomic.Bool
}

// NewSender checks the configuration and makes a Sender; nothing is
// connected until there is mail to send.
func NewSender(cfg SenderConfig) (*Sender, error) {
	ep, err := parseSMTPURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	if cfg.Store == nil {
		return nil, errors.New("sender: no store")
	}
	addr, err := mail.ParseAddress(cfg.From)
	if err != nil || addr.Address != cfg.From {
		return nil, fmt.Errorf("sender: From address %q: want a bare address such as pbem@example.org", cfg.From)
	}
	setDefault(&cfg.Poll, 30*time.Second)
	setDefault(&cfg.RetryMin, time.Minute)
	setDefault(&cfg.RetryMax, time.Hour)
	setDefault(&cfg.GiveUpAfter, 5*24*time.Hour)
	setDefault(&cfg.Timeout, time.Minute)
	if cfg.RetryMax < cfg.RetryMin {
		return nil, fmt.Errorf("sender: RetryMax %v is less than RetryMin %v", cfg.RetryMax, cfg.RetryMin)
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 50
	}
	if cfg.Connections <= 0 {
		cfg.Connections = 4
	}
	if cfg.HelloName == "" {
		cfg.HelloName = cfg.From[strings.LastIndexByte(cfg.From, '@')+1:]
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	log = log.With(slog.String("smtp", ep.redacted))
	return &Sender{cfg: cfg, ep: ep, log: log, wake: make(chan struct{}, 1), pics: NewPictures(cfg.Draw)}, nil
}

// Notify wakes the sender: mail was queued. It never blocks.
func (s *Sender) Notify() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run sends due mail until ctx is cancelled: after each Notify, when a
// retry comes due, and at least every Poll. On cancellation it finishes the
// mail in hand (sent and marked, or its failure recorded) and returns nil.
func (s *Sender) Run(ctx context.Context) error {
	storeRetry := backoff{lo: time.Second, hi: time.Minute}
	var soonest time.Time // the earliest retry this sender scheduled
	for {
		next, err := s.pass(ctx)
		if ctx.Err() != nil {
			s.log.Info("sender stopped")
			return nil
		}
		wait := s.cfg.Poll
		if err != nil {
			wait = storeRetry.next()
			s.log.Error("outbox pass failed", slog.Any("err", err), slog.Duration("retry_in", wait))
		} else {
			storeRetry.reset()
		}
		now := s.cfg.Now()
		if !soonest.After(now) {
			soonest = time.Time{}
		}
		if !next.IsZero() && (soonest.IsZero() || next.Before(soonest)) {
			soonest = next
		}
		if !soonest.IsZero() && soonest.Sub(now) < wait {
			wait = soonest.Sub(now)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			s.log.Info("sender stopped")
			return nil
		case <-s.wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// Flush sends the mail due now and returns: for a graceful stop, after the
// intake stopped. It may run beside Run.
func (s *Sender) Flush(ctx context.Context) error {
	_, err := s.pass(ctx)
	return err
}

// pass sends batches of due mail until none is due. next is the earliest
// retry it scheduled (zero for none). Its error is the store's.
func (s *Sender) pass(ctx context.Context) (next time.Time, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for ctx.Err() == nil {
		var due []db.Mail
		err := s.cfg.Store.View(ctx, func(tx *db.Tx) error {
			var err error
			due, err = tx.Due(s.cfg.Now(), s.cfg.Batch*s.cfg.Connections)
			return err
		})
		if err != nil {
			return next, fmt.Errorf("read the outbox: %w", err)
		}
		if len(due) == 0 {
			return next, nil
		}
		retry, err := s.sendAll(ctx, due)
		next = earlier(next, retry)
		if err != nil {
			return next, err
		}
	}
	return next, nil
}

// sendAll sends mails over as many connections at once as they fill
// batches (at most Connections), the mails of a recipient over one of
// them in their order. next is the earliest retry scheduled.
func (s *Sender) sendAll(ctx context.Context, mails []db.Mail) (next time.Time, err error) {
	n := min(s.cfg.Connections, (len(mails)+s.cfg.Batch-1)/s.cfg.Batch)
	if n <= 1 {
		return s.sendBatch(ctx, mails)
	}
	groups := make([][]db.Mail, n)
	for _, m := range mails {
		h := fnv.New32a()
		h.Write([]byte(strings.ToLower(m.To)))
		i := h.Sum32() % uint32(n)
		groups[i] = append(groups[i], m)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		wg.Go(func() {
			r, err := s.sendBatch(ctx, g)
			mu.Lock()
			defer mu.Unlock()
			next = earlier(next, r)
			errs = append(errs, err)
		})
	}
	wg.Wait()
	return next, errors.Join(errs...)
}

// markGroup is how many sent mails are marked sent together.
const markGroup = 16

// sendBatch sends mails over one connection. It stops early when ctx is
// cancelled or the connection breaks; the mails not tried stay due.
func (s *Sender) sendBatch(ctx context.Context, mails []db.Mail) (next time.Time, err error) {
	c, err := s.dial(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return next, nil
		}
		s.log.Warn("smtp server unavailable; the mail waits", slog.Any("err", err), slog.Int("mails", len(mails)))
		for _, m := range mails {
			r, err := s.temporary(ctx, m, "connect: "+err.Error())
			if err != nil {
				return next, err
			}
			next = earlier(next, r)
		}
		return next, nil
	}
	defer c.quit()
	// Mails sent are marked in groups, each one write transaction rather
	// than one a mail: the intake holds the store's writer for a batch of
	// mail at a time, and a sender that waited for it after every mail
	// fell far behind. A crash before a group is marked sends it again.
	var sent []int64
	mark := func() error {
		if len(sent) == 0 {
			return nil
		}
		ids, now := sent, s.cfg.Now()
		sent = nil
		return s.update(ctx, func(tx *db.Tx) error {
			for _, id := range ids {
				if err := tx.MarkSent(id, now); err != nil {
					return err
				}
			}
			return nil
		})
	}
	defer func() {
		if merr := mark(); merr != nil && err == nil {
			err = merr
		}
	}()
	for _, m := range mails {
		if ctx.Err() != nil {
			return next, nil
		}
		drawn, err := s.pics.Draw(m)
		if err != nil {
			// The mail goes without the picture rather than not at all.
			s.log.Error("board picture left out", slog.Int64("id", m.ID), slog.String("to", m.To), slog.Any("err", err))
		}
		raw, err := Compose(drawn, s.cfg.From)
		if err != nil {
			if err := s.permanent(ctx, m, err.Error()); err != nil {
				return next, err
			}
			continue
		}
		if s.envelopesRefused.Load() {
			m.EnvelopeFrom = ""
		}
		sendErr := c.send(envelopeFrom(m, s.cfg.From), m.To, raw)
		var sr *senderRefused
		if m.EnvelopeFrom != "" && errors.As(sendErr, &sr) && classify(sendErr) == refused && c.reset() == nil {
			// A server that takes mail only from the account's own
			// address: from now on mail goes from the service's address,
			// and a delivery report cannot be matched to its mail.
			s.log.Warn("the server refuses the mails' own envelope senders; mail goes from the service's address, and bounces are not recognised",
				slog.Int64("id", m.ID), slog.String("envelope_from", m.EnvelopeFrom), slog.Any("err", sendErr))
			s.envelopesRefused.Store(true)
			m.EnvelopeFrom = ""
			sendErr = c.send(s.cfg.From, m.To, raw)
		}
		kind := classify(sendErr)
		switch kind {
		case delivered:
			if sent = append(sent, m.ID); len(sent) >= markGroup {
				if err := mark(); err != nil {
					return next, err
				}
			}
			s.log.Info("mail sent", slog.Int64("id", m.ID), slog.String("to", m.To),
				slog.String("message_id", m.MessageID), slog.String("envelope_from", envelopeFrom(m, s.cfg.From)),
				slog.Int("bytes", len(raw)))
		case refused:
			if err := s.permanent(ctx, m, sendErr.Error()); err != nil {
				return next, err
			}
		default: // deferred or broken
			r, err := s.temporary(ctx, m, sendErr.Error())
			if err != nil {
				return next, err
			}
			next = earlier(next, r)
		}
		if kind == broken || (kind != delivered && c.reset() != nil) {
			return next, nil // the connection is unusable; the rest waits for the next pass
		}
	}
	return next, nil
}

// update records in the store; the mail in hand is recorded even when ctx
// was cancelled meanwhile.
func (s *Sender) update(ctx context.Context, fn func(tx *db.Tx) error) error {
	if err := s.cfg.Store.Update(context.WithoutCancel(ctx), fn); err != nil {
		return fmt.Errorf("record in the outbox: %w", err)
	}
	return nil
}

// temporary schedules a retry of a mail, or fails it when it has waited
// GiveUpAfter already. It returns when the retry is due (zero when failed).
func (s *Sender) temporary(ctx context.Context, m db.Mail, reason string) (time.Time, error) {
	now := s.cfg.Now()
	if now.Sub(m.Created) >= s.cfg.GiveUpAfter {
		return time.Time{}, s.permanent(ctx, m, fmt.Sprintf("gave up after %v: %s", s.cfg.GiveUpAfter, reason))
	}
	next := now.Add(delayAfter(m.Attempts+1, s.cfg.RetryMin, s.cfg.RetryMax))
	if err := s.update(ctx, func(tx *db.Tx) error { return tx.Retry(m.ID, reason, next) }); err != nil {
		return time.Time{}, err
	}
	s.log.Warn("mail deferred", slog.Int64("id", m.ID), slog.String("to", m.To), slog.String("reason", reason),
		slog.Int("attempt", m.Attempts+1), slog.Time("next_try", next))
	return next, nil
}

// permanent fails a mail for good; the reason stays in its row, against
// its recipient.
func (s *Sender) permanent(ctx context.Context, m db.Mail, reason string) error {
	err := s.update(ctx, func(tx *db.Tx) error {
		if err := tx.Fail(m.ID, reason, s.cfg.Now()); err != nil {
			return err
		}
		if s.cfg.OnFail != nil {
			return s.cfg.OnFail(tx, m, reason)
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.log.Warn("mail failed permanently", slog.Int64("id", m.ID), slog.String("to", m.To),
		slog.String("message_id", m.MessageID), slog.String("reason", reason))
	return nil
}

// envelopeFrom is a mail's SMTP envelope sender: its own when the service
// gave it one, else the service's address.
func envelopeFrom(m db.Mail, from string) string {
	if m.EnvelopeFrom != "" {
		return m.EnvelopeFrom
	}
	return from
}

func earlier(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}
