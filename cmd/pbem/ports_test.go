package main

import (
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// exited waits for the daemon to end by itself and returns its exit code.
func (d *daemon) exited(t *testing.T, within time.Duration) int {
	t.Helper()
	select {
	case code := <-d.done:
		d.done <- code // for stop
		return code
	case <-time.After(within):
		t.Fatalf("pbem serve still runs after %v; log:\n%s", within, d.stderr)
		return -1
	}
}

// TestServeNamesThePortFlagsWhenAPortIsTaken starts pbem serve on a port
// another program holds: it stops with the flag and the variable that
// choose another, naming the embedded server once.
func TestServeNamesThePortFlagsWhenAPortIsTaken(t *testing.T) {
	for _, tc := range []struct {
		flag, other, env string
	}{
		{"--imap-port", "--smtp-port", "PBEM_IMAP_PORT"},
		{"--smtp-port", "--imap-port", "PBEM_SMTP_PORT"},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
			d := startServe(t, "--data", filepath.Join(t.TempDir(), "data"), tc.flag, port, tc.other, "0")
			if code := d.exited(t, mailWait); code == exitOK {
				t.Errorf("exit %d on a taken port, want non-zero", code)
			}
			log := d.stderr.String()
			for _, want := range []string{"address already in use", "choose another port with " + tc.flag + " or " + tc.env} {
				if !strings.Contains(log, want) {
					t.Errorf("the log lacks %q:\n%s", want, log)
				}
			}
			if n := strings.Count(log, "embedded mail server"); n != 1 {
				t.Errorf("the log names the embedded mail server %d times, want once:\n%s", n, log)
			}
		})
	}
}
