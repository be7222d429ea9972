package db

import (
	"context"
	"database/sql"
	"sync"
)

// maxCached bounds the statements a cache keeps: query texts are
// constants of this package (a few vary with a list's length), so the
// bound is only a guard.
const maxCached = 512

// stmtCache keeps one prepared statement per query text for a pool of
// connections. database/sql prepares a statement once on each connection
// it runs on and keeps it there, so a transaction's tx.Stmt of a cached
// statement reuses what its connection prepared before.
type stmtCache struct {
	db *sql.DB
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

func newStmtCache(db *sql.DB) *stmtCache {
	return &stmtCache{db: db, m: map[string]*sql.Stmt{}}
}

// get returns the statement for query, or nil when it is not prepared yet.
func (c *stmtCache) get(query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[query]
}

// prepareMissed prepares the statements a transaction found missing, once
// the transaction has ended (it runs deferred after the commit or
// rollback). A statement that does not prepare is left out: the next
// transaction prepares it for itself and meets its error there.
func (c *stmtCache) prepareMissed(ctx context.Context, missed *[]string) {
	for _, q := range *missed {
		c.mu.Lock()
		_, have := c.m[q]
		full := len(c.m) >= maxCached
		c.mu.Unlock()
		if have || full {
			continue
		}
		st, err := c.db.PrepareContext(context.WithoutCancel(ctx), q)
		if err != nil {
			continue
		}
		c.mu.Lock()
		if _, have := c.m[q]; have {
			st.Close()
		} else {
			c.m[q] = st
		}
		c.mu.Unlock()
	}
}

// close closes every cached statement.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.m {
		st.Close()
		delete(c.m, q)
	}
}
