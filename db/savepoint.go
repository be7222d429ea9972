package db

import (
	"fmt"
	"maps"
)

// Savepoint marks a point inside a transaction that the transaction can
// go back to without giving up what came before it: a batch of mails
// handled in one transaction puts one around each mail, so that a mail
// whose handling fails leaves the others' work standing.
type Savepoint struct {
	t *Tx
	// touched is the transaction's list of games to stamp as it was at
	// the mark: games touched after it are forgotten with the work.
	touched map[int64]touch
	// made is the transaction's list of secrets made as it was at the
	// mark.
	made map[string][]byte
	done bool
}

// Savepoint sets a mark. Marks do not nest: release or roll back one
// before setting the next.
func (t *Tx) Savepoint() (*Savepoint, error) {
	if _, err := t.exec(`SAVEPOINT mail`); err != nil {
		return nil, fmt.Errorf("savepoint: %w", err)
	}
	return &Savepoint{t: t, touched: maps.Clone(t.touched), made: maps.Clone(t.made)}, nil
}

// Release keeps the work done since the mark (as part of the transaction,
// still to be committed).
func (sp *Savepoint) Release() error {
	if sp.done {
		return nil
	}
	sp.done = true
	if _, err := sp.t.exec(`RELEASE mail`); err != nil {
		return fmt.Errorf("release savepoint: %w", err)
	}
	return nil
}

// Rollback undoes the work done since the mark and removes the mark.
func (sp *Savepoint) Rollback() error {
	if sp.done {
		return nil
	}
	sp.done = true
	sp.t.touched, sp.t.made = sp.touched, sp.made
	// What the transaction read may be undone: read it again.
	sp.t.clocks, sp.t.tick, sp.t.nextMail = nil, nil, 0
	sp.t.forgetPlayers()
	sp.t.none = nil
	sp.t.plyChangesUndone()
	if _, err := sp.t.exec(`ROLLBACK TO mail`); err != nil {
		return fmt.Errorf("roll back to savepoint: %w", err)
	}
	if _, err := sp.t.exec(`RELEASE mail`); err != nil {
		return fmt.Errorf("release savepoint: %w", err)
	}
	return nil
}
