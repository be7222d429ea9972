// Package imaptake takes mail from an IMAP mailbox with a bare client:
// fetch without \Seen, then flag and, in some ways, move, and nothing
// else. It is the yardstick of the intake and daemon benchmarks: the rate
// at which the server itself gives mail up.
package imaptake

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Way is one way of taking the mails with UIDs 1 to n of the selected
// mailbox; the ways that move put them into the folder done.
type Way struct {
	Name string
	Take func(c *imapclient.Client, n int, done string) error
}

// Ways lists the ways:
//
//	one-by-one:      UID FETCH BODY.PEEK[] then UID STORE +FLAGS (\Seen), per mail
//	one-by-one+move: the same plus UID MOVE to done, per mail
//	batch:           one FETCH and one STORE for all the mails
//	batch+move:      the same plus one UID MOVE of them all
func Ways() []Way {
	return []Way{
		{"one-by-one", func(c *imapclient.Client, n int, _ string) error { return oneByOne(c, n, "") }},
		{"one-by-one+move", oneByOne},
		{"batch", func(c *imapclient.Client, _ int, _ string) error { return batch(c, "") }},
		{"batch+move", func(c *imapclient.Client, _ int, done string) error { return batch(c, done) }},
	}
}

// peekOptions fetch whole mails without setting \Seen; seenFlag sets it.
func peekOptions() *imap.FetchOptions {
	return &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}}}
}

func seenFlag() *imap.StoreFlags {
	return &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
}

// oneByOne fetches and flags each mail, and moves it to done unless done
// is "".
func oneByOne(c *imapclient.Client, n int, done string) error {
	peek, seen := peekOptions(), seenFlag()
	for uid := imap.UID(1); uid <= imap.UID(n); uid++ {
		if err := takeOne(c, uid, peek, seen); err != nil {
			return err
		}
		if done == "" {
			continue
		}
		if _, err := c.Move(imap.UIDSetNum(uid), done).Wait(); err != nil {
			return fmt.Errorf("move UID %d: %w", uid, err)
		}
	}
	return nil
}

// takeOne fetches the mail with uid without \Seen, then flags it.
func takeOne(c *imapclient.Client, uid imap.UID, peek *imap.FetchOptions, seen *imap.StoreFlags) error {
	set := imap.UIDSetNum(uid)
	if _, err := c.Fetch(set, peek).Collect(); err != nil {
		return fmt.Errorf("fetch UID %d: %w", uid, err)
	}
	if err := c.Store(set, seen, nil).Close(); err != nil {
		return fmt.Errorf("flag UID %d: %w", uid, err)
	}
	return nil
}

// batch fetches every mail with one command, flags them all with another
// and moves them all to done unless done is "".
func batch(c *imapclient.Client, done string) error {
	peek, seen := peekOptions(), seenFlag()
	var all imap.UIDSet
	all.AddRange(1, 0)
	fetch := c.Fetch(all, peek)
	for msg := fetch.Next(); msg != nil; msg = fetch.Next() {
		if _, err := msg.Collect(); err != nil {
			return fmt.Errorf("fetch: %w", err)
		}
	}
	if err := fetch.Close(); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	if err := c.Store(all, seen, nil).Close(); err != nil {
		return fmt.Errorf("flag: %w", err)
	}
	if done == "" {
		return nil
	}
	if _, err := c.Move(all, done).Wait(); err != nil {
		return fmt.Errorf("move: %w", err)
	}
	return nil
}

// Exists follows how many messages the server says the selected mailbox
// holds. Its Handler goes into the client's options.
type Exists struct {
	mu      sync.Mutex
	n       uint32
	changed chan struct{}
}

// NewExists returns an Exists at zero.
func NewExists() *Exists { return &Exists{changed: make(chan struct{}, 1)} }

// Handler notes each EXISTS the server sends.
func (e *Exists) Handler() *imapclient.UnilateralDataHandler {
	return &imapclient.UnilateralDataHandler{Mailbox: func(m *imapclient.UnilateralDataMailbox) {
		if m.NumMessages == nil {
			return
		}
		e.mu.Lock()
		e.n = *m.NumMessages
		e.mu.Unlock()
		select {
		case e.changed <- struct{}{}:
		default:
		}
	}}
}

// above waits until the server has told of more than n messages, and
// returns how many it told of.
func (e *Exists) above(n int, limit time.Duration) (int, error) {
	deadline := time.After(limit)
	for {
		e.mu.Lock()
		got := int(e.n)
		e.mu.Unlock()
		if got > n {
			return got, nil
		}
		select {
		case <-e.changed:
		case <-deadline:
			return got, fmt.Errorf("no word of mail past %d in %v", n, limit)
		}
	}
}

// FromIdle meets a burst as a daemon does: c, dialled with exists's
// Handler, has an empty mailbox selected and waits in IDLE; deliver
// brings n mails into it at once from another connection. As soon as the
// server tells of mail, c leaves IDLE and takes what it was told of one by
// one, as the one-by-one way does, and waits in IDLE again until all n are
// taken. Against the ways above, which find the mails already there, it
// pays the server's delay in telling an IDLE client of new mail.
func FromIdle(c *imapclient.Client, exists *Exists, n int, deliver func() error) error {
	peek, seen := peekOptions(), seenFlag()
	delivered := make(chan error, 1)
	for taken := 0; taken < n; {
		idle, err := c.Idle()
		if err != nil {
			return fmt.Errorf("idle: %w", err)
		}
		if taken == 0 {
			go func() { delivered <- deliver() }()
		}
		told, err := exists.above(taken, time.Minute)
		if err != nil {
			select {
			case derr := <-delivered:
				err = errors.Join(err, derr)
			default:
			}
		}
		if err := errors.Join(err, idle.Close(), idle.Wait()); err != nil {
			return fmt.Errorf("idle for mail past %d: %w", taken, err)
		}
		for uid := imap.UID(taken + 1); uid <= imap.UID(told); uid++ {
			if err := takeOne(c, uid, peek, seen); err != nil {
				return err
			}
		}
		taken = told
	}
	if err := <-delivered; err != nil {
		return fmt.Errorf("deliver: %w", err)
	}
	return nil
}

// Fill makes the mailbox name (which must not exist), appends the mails
// to it in order and selects it, so that they have UIDs 1 to len(mails).
func Fill(c *imapclient.Client, name string, mails [][]byte) error {
	if err := c.Create(name, nil).Wait(); err != nil {
		return fmt.Errorf("create %s: %w", name, err)
	}
	for i, raw := range mails {
		cmd := c.Append(name, int64(len(raw)), nil)
		if _, err := cmd.Write(raw); err != nil {
			return fmt.Errorf("append mail %d: %w", i, err)
		}
		if err := cmd.Close(); err != nil {
			return fmt.Errorf("append mail %d: %w", i, err)
		}
		if _, err := cmd.Wait(); err != nil {
			return fmt.Errorf("append mail %d: %w", i, err)
		}
	}
	if _, err := c.Select(name, nil).Wait(); err != nil {
		return fmt.Errorf("select %s: %w", name, err)
	}
	return nil
}
