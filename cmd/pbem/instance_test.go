package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbem/internal/mailtest"
	"pbem/mailer"
)

// embedded waits for the banner of the daemon started last and reads the
// embedded server's addresses off it.
func (c *child) embedded() embeddedMail {
	c.t.Helper()
	deadline := time.Now().Add(mailWait)
	for time.Now().Before(deadline) {
		if m := banner.FindStringSubmatch(c.readLog()[c.from:]); m != nil {
			return embeddedMail{imapAddr: m[1] + ":" + m[2], smtpAddr: m[3] + ":" + m[4]}
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("no banner from pbem serve within %v; log:\n%s", mailWait, c.logTail())
	return embeddedMail{}
}

// password waits until the daemon has printed addr's password (at the
// account's first use) and returns the last one printed.
func (c *child) password(addr string) string {
	c.t.Helper()
	deadline := time.Now().Add(mailWait)
	for time.Now().Before(deadline) {
		pw := ""
		for _, m := range newAccount.FindAllStringSubmatch(c.readLog(), -1) {
			if m[1] == addr {
				pw = m[2]
			}
		}
		if pw != "" {
			return pw
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("pbem serve printed no password for %s within %v; log:\n%s", addr, mailWait, c.logTail())
	return ""
}

// helpAnswered mails "help" to the service as alice and waits for its
// answer.
func helpAnswered(t *testing.T, c *child, mail embeddedMail, n int) {
	t.Helper()
	alice := &client{t: t, mail: mail, addr: "alice@localhost", n: n}
	id := alice.send("pbem@localhost", "help?", "", "help")
	alice.password = c.password(alice.addr)
	mailtest.Wait(t, mailWait, "the answer to help", func() *mailer.Parsed {
		return mailtest.ReplyTo(alice.inbox(), id)
	})
}

// TestOneServePerDataFolder starts pbem serve, then a second one on the
// same data folder: the second exits at once, non-zero, naming the first
// (its pid) and the folder, while the first goes on answering mail. After
// the first is SIGKILLed, its lock goes with it: a new start works.
func TestOneServePerDataFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and kills it: not with -short")
	}
	bin := buildPbem(t)
	data := filepath.Join(t.TempDir(), "data")
	args := []string{"--data", data, "--imap-port", "0", "--smtp-port", "0", "--poll", "200ms", "--log", "info"}
	first := &child{t: t, bin: bin, args: args, log: filepath.Join(t.TempDir(), "serve.log")}
	t.Cleanup(func() { first.signal(syscall.SIGKILL) })
	first.start()
	mail := first.embedded()
	helpAnswered(t, first, mail, 0)
	pid := first.cmd.Process.Pid

	// The second start must end by itself, well within this bound: one
	// that serves instead is killed at it.
	ctx, cancel := context.WithTimeout(context.Background(), 2*mailWait)
	defer cancel()
	began := time.Now()
	out, err := exec.CommandContext(ctx, bin, append([]string{"serve"}, noArchive(args)...)...).CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("a second pbem serve on the same data folder was still running after %v; output:\n%s", time.Since(began), out)
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		t.Fatalf("a second pbem serve on the same data folder ended with %v, want a non-zero exit; output:\n%s", err, out)
	}
	for _, want := range []string{fmt.Sprintf("pid %d", pid), "running since", data, "in use by another pbem serve"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the second start's message lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "pbem is running") {
		t.Errorf("the second start printed the banner:\n%s", out)
	}

	// The first was not disturbed.
	helpAnswered(t, first, mail, 10)

	if err := first.signal(syscall.SIGKILL); !killed(err) {
		t.Fatalf("pbem serve ended with %v, want SIGKILL", err)
	}
	first.start()
	helpAnswered(t, first, first.embedded(), 20)
}
