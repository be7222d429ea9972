// Package dovecot runs a private Dovecot IMAP server for tests: on
// 127.0.0.1 and free ports, with a passwd-file of test users and its mail in
// a temporary folder, started and stopped by the test. Tests that need it
// are skipped where Dovecot is not installed, but fail in CI (env CI set),
// where scripts/test installs it.
package dovecot

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Config chooses what the server offers.
type Config struct {
	// Users maps each login to its password; when empty there is one user,
	// User with password Password.
	Users map[string]string
	// Capabilities, when set, replaces the capabilities Dovecot announces
	// after login (its imap_capability setting): to imitate a plainer server,
	// say one without IDLE or MOVE.
	Capabilities string
	// TLS adds an implicit-TLS listener (Server.TLSAddr) and STARTTLS on the
	// plain one, with a self-signed certificate for 127.0.0.1.
	TLS bool
}

// The default user.
const (
	User     = "pbem"
	Password = "secret"
)

// Server is a running (or stopped) Dovecot of one test.
type Server struct {
	// Addr is the host:port of the plain listener (STARTTLS with TLS).
	Addr string
	// TLSAddr is the host:port of the implicit-TLS listener; "" without TLS.
	TLSAddr string

	users  map[string]string
	tb     testing.TB
	bin    string
	dir    string
	cmd    *exec.Cmd
	exited chan struct{}
}

// New starts a Dovecot for the test and stops it when the test ends.
func New(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	bin := binary()
	if bin == "" {
		if os.Getenv("CI") != "" {
			tb.Fatal("dovecot is not installed; CI must run the IMAP tests (apt-get install dovecot-imapd)")
		}
		tb.Skip("dovecot is not installed (apt-get install dovecot-imapd); skipping the IMAP test")
	}
	// Dovecot's unprivileged login processes must reach the sockets in
	// the base dir, so the folder is world-readable, unlike t.TempDir().
	dir, err := os.MkdirTemp("", "pbem-dovecot-")
	if err != nil {
		tb.Fatalf("dovecot: %v", err)
	}
	tb.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		tb.Fatalf("dovecot: %v", err)
	}
	s := &Server{tb: tb, bin: bin, dir: dir, users: cfg.Users}
	if len(s.users) == 0 {
		s.users = map[string]string{User: Password}
	}
	s.Addr = freeAddr(tb)
	if cfg.TLS {
		s.TLSAddr = freeAddr(tb)
	}
	if err := writeConfig(dir, s.Addr, s.TLSAddr, cfg.Capabilities, s.users); err != nil {
		tb.Fatalf("dovecot: %v", err)
	}
	tb.Cleanup(s.Stop)
	s.Start()
	return s
}

// binary finds the dovecot program: on PATH, or in /usr/sbin, which a
// non-root PATH often lacks.
func binary() string {
	if p, err := exec.LookPath("dovecot"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/dovecot"); err == nil {
		return "/usr/sbin/dovecot"
	}
	return ""
}

// freeAddr picks a free loopback port: listen on port 0, note the port,
// close.
func freeAddr(tb testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("dovecot: free port: %v", err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startWait bounds the waits of Start: for the old processes to free the
// ports, then for the greeting. Dovecot starts several processes, and on a
// busy machine that takes a while; a working server is never kept waiting
// that long.
const startWait = time.Minute

// Start starts the server again after Stop, on the same ports with the
// same mail. It waits until the server greets.
func (s *Server) Start() {
	s.tb.Helper()
	if s.cmd != nil {
		s.tb.Fatal("dovecot: Start while running")
	}
	s.waitPortsFree()
	out, err := os.OpenFile(filepath.Join(s.dir, "stderr.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		s.tb.Fatalf("dovecot: %v", err)
	}
	defer out.Close()
	cmd := exec.Command(s.bin, "-F", "-c", filepath.Join(s.dir, "dovecot.conf"))
	cmd.Stdout, cmd.Stderr = out, out
	// Its own process group, so that Stop reaches the master's children
	// even when the master is killed.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		s.tb.Fatalf("dovecot: start: %v", err)
	}
	s.cmd, s.exited = cmd, make(chan struct{})
	go func(exited chan struct{}) {
		cmd.Wait()
		close(exited)
	}(s.exited)
	for _, addr := range []string{s.Addr, s.TLSAddr} {
		if addr == "" {
			continue
		}
		if err := s.waitGreeting(addr, startWait); err != nil {
			s.Stop()
			s.tb.Fatalf("dovecot did not come up on %s: %v\n%s", addr, err, s.Log())
		}
	}
}

// waitGreeting waits until the listener at addr accepts a connection (and,
// for the plain listener, greets).
func (s *Server) waitGreeting(addr string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		select {
		case <-s.exited:
			return errors.New("dovecot exited")
		default:
		}
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			if addr == s.TLSAddr {
				conn.Close()
				return nil
			}
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			line, err := bufio.NewReader(conn).ReadString('\n')
			conn.Close()
			if err == nil && strings.HasPrefix(line, "* OK") {
				return nil
			}
			last = fmt.Errorf("greeting %q: %v", line, err)
		} else {
			last = err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return last
}

// waitPortsFree waits until the ports can be bound again, so that a
// restart does not race the old processes' exit.
func (s *Server) waitPortsFree() {
	for _, addr := range []string{s.Addr, s.TLSAddr} {
		if addr == "" {
			continue
		}
		deadline := time.Now().Add(startWait)
		for {
			l, err := net.Listen("tcp", addr)
			if err == nil {
				l.Close()
				break
			}
			if time.Now().After(deadline) {
				s.tb.Fatalf("dovecot: port %s still busy: %v", addr, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// Stop stops the server (SIGTERM to its process group, SIGKILL after five
// seconds). The mail stays for Start. Stopping a stopped server does
// nothing.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	pgid := s.cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(5 * time.Second):
		syscall.Kill(-pgid, syscall.SIGKILL)
		<-s.exited
	}
	// Children that outlive the master would keep the port.
	syscall.Kill(-pgid, syscall.SIGKILL)
	s.cmd = nil
	if s.tb.Failed() {
		s.tb.Logf("dovecot log:\n%s", s.Log())
	}
}

// Restart stops and starts the server.
func (s *Server) Restart() {
	s.tb.Helper()
	s.Stop()
	s.Start()
}

// Log returns what Dovecot logged so far.
func (s *Server) Log() string {
	var b strings.Builder
	for _, name := range []string{"dovecot.log", "stderr.log"} {
		data, _ := os.ReadFile(filepath.Join(s.dir, name))
		b.Write(data)
	}
	return b.String()
}

// URL is the address of a user's mailbox, for the given scheme: "imap",
// "imap+starttls" or "imaps" (the last two need Config.TLS).
func (s *Server) URL(scheme, user, mailbox string) string {
	addr := s.Addr
	if scheme == "imaps" {
		addr = s.TLSAddr
	}
	u := url.URL{Scheme: scheme, User: url.UserPassword(user, s.users[user]), Host: addr, Path: "/" + mailbox}
	return u.String()
}

// Password is the password of a user.
func (s *Server) Password(user string) string { return s.users[user] }
