package db

import (
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
)

// secretCache keeps the secrets read from a store. A secret is made once
// and never changed, so a committed one can be kept for good: every mail
// queued reads two, which were three statements a mail.
type secretCache = kept[string, []byte]

// Secret returns the named secret, making a random one of size bytes the
// first time it is asked for. Secrets never leave the store.
func (t *Tx) Secret(name string, size int) ([]byte, error) {
	if v, ok := t.made[name]; ok {
		return v, nil
	}
	if v, ok := t.secrets.get(name); ok {
		return v, nil
	}
	var v []byte
	err := t.queryRow(`SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
	if err == nil {
		// Not made by this transaction (made says so), so committed.
		t.secrets.put(name, v)
		return v, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	v = make([]byte, size)
	if _, err := rand.Read(v); err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	if _, err := t.exec(`INSERT INTO secrets (name, value) VALUES (?, ?)`, name, v); err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	if t.made == nil {
		t.made = map[string][]byte{}
	}
	t.made[name] = v
	return v, nil
}
