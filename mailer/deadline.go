package mailer

import (
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// deadlineConn bounds every wait on a connection so that a dead peer (a
// socket that neither answers nor closes) cannot hang the daemon. Each
// write must make progress within timeout; so must each read while an
// answer is expected. While nothing is expected (an IMAP client in IDLE)
// reads may wait for ever; TCP keepalive and the restart of IDLE catch a
// dead peer then.
//
// The protocol libraries set deadlines of their own, longer or none; those
// calls are ignored, the connection keeps its own.
type deadlineConn struct {
	net.Conn
	timeout atomic.Int64 // a time.Duration

	mu sync.Mutex
	// expecting counts the commands waiting for their answers: the
	// intake files one batch while it fetches the next.
	expecting int
}

func newDeadlineConn(c net.Conn, timeout time.Duration) *deadlineConn {
	d := &deadlineConn{Conn: c}
	d.timeout.Store(int64(timeout))
	return d
}

// setTimeout changes the timeout of the reads and writes to come and
// returns the old one.
func (c *deadlineConn) setTimeout(d time.Duration) time.Duration {
	return time.Duration(c.timeout.Swap(int64(d)))
}

func (c *deadlineConn) later() time.Time {
	return time.Now().Add(time.Duration(c.timeout.Load()))
}

func (c *deadlineConn) Read(b []byte) (int, error) {
	c.mu.Lock()
	if c.expecting > 0 {
		c.Conn.SetReadDeadline(c.later())
	}
	c.mu.Unlock()
	return c.Conn.Read(b)
}

func (c *deadlineConn) Write(b []byte) (int, error) {
	c.Conn.SetWriteDeadline(c.later())
	return c.Conn.Write(b)
}

// expect says an answer is due: from now on reads must make progress. It
// also bounds a read already waiting. Each expect is ended by a settle.
func (c *deadlineConn) expect() {
	c.mu.Lock()
	c.expecting++
	c.Conn.SetReadDeadline(c.later())
	c.mu.Unlock()
}

// settle says an answer came: once none is due any more, reads may wait.
func (c *deadlineConn) settle() {
	c.mu.Lock()
	c.expecting--
	if c.expecting == 0 {
		c.Conn.SetReadDeadline(time.Time{})
	}
	c.mu.Unlock()
}

// The connection owns its deadlines.
func (c *deadlineConn) SetDeadline(time.Time) error      { return nil }
func (c *deadlineConn) SetReadDeadline(time.Time) error  { return nil }
func (c *deadlineConn) SetWriteDeadline(time.Time) error { return nil }
