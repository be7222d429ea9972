package mailer

import (
	"errors"
	"net"
	"os"
	"testing"
	"time"
)

// readWithin reads from c and reports whether the read ended (with data or
// an error) within limit.
func readWithin(c net.Conn, limit time.Duration) (ended bool, err error) {
	done := make(chan error, 1)
	go func() {
		_, err := c.Read(make([]byte, 1))
		done <- err
	}()
	select {
	case err := <-done:
		return true, err
	case <-time.After(limit):
		return false, nil
	}
}

func TestDeadlineConnBoundsReadsOnlyWhileExpecting(t *testing.T) {
	client, server := net.Pipe()
	defer server.Close()
	c := newDeadlineConn(client, 50*time.Millisecond)
	defer c.Close()
	// The library's own deadline calls do not override the connection's.
	c.SetReadDeadline(time.Now().Add(time.Millisecond))

	// Nothing expected (IDLE): a silent peer does not end the read.
	if ended, err := readWithin(c, 200*time.Millisecond); ended {
		t.Fatalf("a read while nothing is expected ended: %v", err)
	}
	// An answer is due: the read already waiting is bounded too. (The
	// limit is only for a read that never ends.)
	c.expect()
	ended, err := readWithin(c, patience)
	if !ended || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a read while an answer is due: ended %v with %v, want a deadline error", ended, err)
	}
}

func TestDeadlineConnBoundsWrites(t *testing.T) {
	client, server := net.Pipe() // unbuffered: a write waits for a reader
	defer server.Close()
	c := newDeadlineConn(client, 50*time.Millisecond)
	defer c.Close()
	done := make(chan error, 1)
	go func() {
		_, err := c.Write([]byte("x"))
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("write to a silent peer: %v, want a deadline error", err)
		}
	case <-time.After(patience):
		t.Fatal("a write to a peer that reads nothing hung")
	}
}

// TestDeadlineConnBoundsReadsWhileAnyAnswerIsDue: with two commands
// waiting (a batch filed while the next is fetched), the answer to one does
// not unbound the wait for the other; the answer to both does.
func TestDeadlineConnBoundsReadsWhileAnyAnswerIsDue(t *testing.T) {
	client, server := net.Pipe()
	defer server.Close()
	c := newDeadlineConn(client, 50*time.Millisecond)
	defer c.Close()
	c.expect()
	c.expect()
	c.settle()
	ended, err := readWithin(c, patience)
	if !ended || !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a read while one answer of two is due: ended %v with %v, want a deadline error", ended, err)
	}
	c.settle()
	if ended, err := readWithin(c, 200*time.Millisecond); ended {
		t.Fatalf("a read once both answers came ended: %v", err)
	}
}
