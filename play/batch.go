package play

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"

	"pbem/db"
)

// HandleBatch handles mails in order, as Handle does each, in one store
// transaction: a burst of mail then costs one commit (one sync of the
// file) rather than one a mail. Each mail is recorded in the transaction
// that acts on it, so a crash before the commit hands the whole batch in
// again and after it none of it: nothing is applied twice.
//
// Each mail runs inside a savepoint. A mail whose handling meets a bug is
// rolled back alone, then kept as failed and answered, as Handle does. A
// mail whose handling fails on the store ends the batch there: the mails
// before it are committed and their results returned, and the error is
// about that mail, which (with the mails after it) may be handed in again
// later. On an error len(results) says how many mails were handled.
func (s *Service) HandleBatch(ctx context.Context, ms []Message) ([]Result, error) {
	for i := range ms {
		ms[i].MessageID = strings.Trim(strings.TrimSpace(ms[i].MessageID), "<>")
		if ms[i].Received.IsZero() {
			ms[i].Received = s.cfg.Now()
		}
	}
	var (
		results []Result
		failed  error // the store error that ended the batch
	)
	err := s.store.Update(ctx, func(tx *db.Tx) error {
		results, failed = results[:0], nil
		for _, m := range ms {
			res, err := s.handleSaved(ctx, tx, m)
			var bad *spoiled
			if errors.As(err, &bad) {
				return bad.err // the transaction is in doubt: none of it stands
			}
			if err != nil {
				failed = fmt.Errorf("handle mail %q from %s: %w", m.MessageID, m.From, err)
				break
			}
			results = append(results, res)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("handle %d mails: %w", len(ms), err)
	}
	for i, res := range results {
		s.log.LogAttrs(ctx, slog.LevelInfo, "mail handled", slog.String("message_id", ms[i].MessageID),
			slog.String("from", ms[i].From), slog.String("outcome", res.Outcome.String()),
			slog.Bool("duplicate", res.Duplicate), slog.Int("queued", len(res.Queued)))
	}
	return results, failed
}

// spoiled is an error that leaves the batch's transaction in doubt: a
// savepoint that could not be released or rolled back.
type spoiled struct{ err error }

func (e *spoiled) Error() string { return e.err.Error() }
func (e *spoiled) Unwrap() error { return e.err }

// handleSaved handles one mail of a batch inside a savepoint: on an error
// or a bug its work is undone and the batch's earlier work stands.
func (s *Service) handleSaved(ctx context.Context, tx *db.Tx, m Message) (Result, error) {
	sp, err := tx.Savepoint()
	if err != nil {
		return Result{}, err
	}
	res, err := s.handleCaught(tx, m)
	var bug *panicked
	switch {
	case err == nil:
		return res, release(sp)
	case !errors.As(err, &bug):
		if rerr := sp.Rollback(); rerr != nil {
			return Result{}, &spoiled{fmt.Errorf("%w (then %w)", err, rerr)}
		}
		return Result{}, err
	}
	s.log.LogAttrs(ctx, slog.LevelError, "bug while handling a mail: kept as failed",
		slog.String("message_id", m.MessageID), slog.String("from", m.From),
		slog.Any("panic", bug.value), slog.String("stack", bug.stack))
	if err := sp.Rollback(); err != nil {
		return Result{}, &spoiled{err}
	}
	if sp, err = tx.Savepoint(); err != nil {
		return Result{}, err
	}
	if res, err = s.quarantineIn(tx, m); err != nil {
		if rerr := sp.Rollback(); rerr != nil {
			return Result{}, &spoiled{fmt.Errorf("%w (then %w)", err, rerr)}
		}
		return Result{}, err
	}
	return res, release(sp)
}

func release(sp *db.Savepoint) error {
	if err := sp.Release(); err != nil {
		return &spoiled{err}
	}
	return nil
}

// handleCaught is handleIn with a panic turned into an error.
func (s *Service) handleCaught(tx *db.Tx, m Message) (res Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &panicked{value: r, stack: string(debug.Stack())}
		}
	}()
	return s.handleIn(tx, m)
}
