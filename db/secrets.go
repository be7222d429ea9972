package db

import (
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
)

// Secret returns the named secret, making a random one of size bytes the
// first time it is asked for. Secrets never leave the store.
func (t *Tx) Secret(name string, size int) ([]byte, error) {
	var v []byte
	err := t.queryRow(`SELECT value FROM secrets WHERE name = ?`, name).Scan(&v)
	if err == nil {
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
	return v, nil
}
