package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pbem/i18n"
)

// TestServeEnvironment reads every variable of serve: a good value gives
// the configuration its flag gives; a bad one is refused naming the
// variable, the value and what is wanted, and the flag refuses it too.
func TestServeEnvironment(t *testing.T) {
	tests := []struct {
		env, flag string
		good      string
		got       func(*serveConfig) any
		want      any
		bad       string // "" where every value is taken
		wantErr   string
	}{
		{"PBEM_DATA", "data", "/srv/pbem", func(c *serveConfig) any { return c.data }, "/srv/pbem", "", ""},
		{"PBEM_IMAP", "imap", "imaps://u:p@imap.example.org/INBOX", func(c *serveConfig) any { return c.imapURL }, "imaps://u:p@imap.example.org/INBOX", "", ""},
		{"PBEM_SMTP", "smtp", "smtps://u:p@smtp.example.org", func(c *serveConfig) any { return c.smtpURL }, "smtps://u:p@smtp.example.org", "", ""},
		{"PBEM_ADDRESS", "address", "pbem@example.org", func(c *serveConfig) any { return c.address }, "pbem@example.org", "", ""},
		{"PBEM_PUBLIC_URL", "public-url", "https://pbem.example.org/", func(c *serveConfig) any { return c.publicURL }, "https://pbem.example.org",
			"pbem.example.org", `PBEM_PUBLIC_URL="pbem.example.org": want an http or https address`},
		{"PBEM_POLL", "poll", "45s", func(c *serveConfig) any { return c.poll }, 45 * time.Second,
			"30", `PBEM_POLL="30": want a positive duration such as 30s`},
		{"PBEM_TICK", "tick", "2m", func(c *serveConfig) any { return c.tick }, 2 * time.Minute,
			"0s", `PBEM_TICK="0s": want a positive duration such as 1m`},
		{"PBEM_TRUST_DKIM", "trust-dkim", "yes", func(c *serveConfig) any { return c.trustDKIM }, true,
			"sure", `PBEM_TRUST_DKIM="sure": want yes or no`},
		{"PBEM_LANGUAGE", "language", "Deutsch", func(c *serveConfig) any { return c.language }, i18n.German,
			"fr", `PBEM_LANGUAGE="fr": want en, de, es or pt`},
		{"PBEM_MAIL_HOST", "mail-host", "127.0.0.2", func(c *serveConfig) any { return c.mailHost }, "127.0.0.2", "", ""},
		{"PBEM_IMAP_PORT", "imap-port", "2143", func(c *serveConfig) any { return c.imapPort }, 2143,
			"11x43", `PBEM_IMAP_PORT="11x43": want a port number from 0 (any free port) to 65535`},
		{"PBEM_SMTP_PORT", "smtp-port", "2025", func(c *serveConfig) any { return c.smtpPort }, 2025,
			"70000", `PBEM_SMTP_PORT="70000": want a port number from 0 (any free port) to 65535`},
		{"PBEM_MAIL_PASSWORD", "mail-password", "s3cret", func(c *serveConfig) any { return c.mailPassword }, "s3cret", "", ""},
		{"PBEM_MAIL_MAX_SIZE", "mail-max-size", "10", func(c *serveConfig) any { return c.mailMaxSize }, 10,
			"0", `PBEM_MAIL_MAX_SIZE="0": want a whole number of 1 or more`},
		{"PBEM_MAIL_MAX_RECIPIENTS", "mail-max-recipients", "5", func(c *serveConfig) any { return c.mailMaxRecipients }, 5,
			"five", `PBEM_MAIL_MAX_RECIPIENTS="five": want a whole number of 1 or more`},
		{"PBEM_MAIL_MAX_ACCOUNTS", "mail-max-accounts", "50", func(c *serveConfig) any { return c.mailMaxAccounts }, 50,
			"1e3", `PBEM_MAIL_MAX_ACCOUNTS="1e3": want a whole number of 1 or more`},
		{"PBEM_MAIL_MAX_NEW_ACCOUNTS", "mail-max-new-accounts", "2", func(c *serveConfig) any { return c.mailMaxNewAccounts }, 2,
			"-2", `PBEM_MAIL_MAX_NEW_ACCOUNTS="-2": want a whole number of 1 or more`},
		{"PBEM_HTTP", "http", "127.0.0.1:9090", func(c *serveConfig) any { return c.http }, "127.0.0.1:9090",
			"8080", `PBEM_HTTP="8080": want host:port`},
		{"PBEM_LOG", "log", "debug", func(c *serveConfig) any { return c.logLevel }, slog.LevelDebug,
			"loud", `PBEM_LOG="loud": want debug, info, warn or error`},
		{"PBEM_COMPUTER_NODES", "computer-nodes", "500", func(c *serveConfig) any { return c.computerNodes }, 500,
			"lots", `PBEM_COMPUTER_NODES="lots": want a whole number of 1 or more`},
		{"PBEM_LIMIT_UNPROVEN", "limit-unproven", "5", func(c *serveConfig) any { return c.limits.Unproven }, 5,
			"0", `PBEM_LIMIT_UNPROVEN="0": want a whole number of 1 or more`},
		{"PBEM_LIMIT_PROVEN", "limit-proven", "100", func(c *serveConfig) any { return c.limits.Proven }, 100,
			"many", `PBEM_LIMIT_PROVEN="many": want a whole number of 1 or more`},
		{"PBEM_LIMIT_REFUSALS", "limit-refusals", "1", func(c *serveConfig) any { return c.limits.Refusals }, 1,
			"-1", `PBEM_LIMIT_REFUSALS="-1": want a whole number of 1 or more`},
		{"PBEM_LIMIT_INVITEES_PER_MAIL", "limit-invitees-per-mail", "3", func(c *serveConfig) any { return c.limits.InviteesPerMail }, 3,
			"3.5", `PBEM_LIMIT_INVITEES_PER_MAIL="3.5": want a whole number of 1 or more`},
		{"PBEM_LIMIT_INVITEES_PER_DAY", "limit-invitees-per-day", "50", func(c *serveConfig) any { return c.limits.InviteesPerDay }, 50,
			"", ""},
		{"PBEM_LIMIT_PENDING_INVITATIONS", "limit-pending-invitations", "2", func(c *serveConfig) any { return c.limits.PendingFromStrangers }, 2,
			"x", `PBEM_LIMIT_PENDING_INVITATIONS="x": want a whole number of 1 or more`},
		{"PBEM_LIMIT_DECLINED_QUIET", "limit-declined-quiet", "168h", func(c *serveConfig) any { return c.limits.DeclinedQuiet }, 168 * time.Hour,
			"7d", `PBEM_LIMIT_DECLINED_QUIET="7d": want a positive duration such as 720h`},
		{"PBEM_LIMIT_OPEN_CHALLENGES", "limit-open-challenges", "5", func(c *serveConfig) any { return c.limits.OpenChallenges }, 5,
			"0", `PBEM_LIMIT_OPEN_CHALLENGES="0": want a whole number of 1 or more`},
		{"PBEM_LIMIT_CHALLENGE_LIFE", "limit-challenge-life", "72h", func(c *serveConfig) any { return c.limits.ChallengeLife }, 72 * time.Hour,
			"1w", `PBEM_LIMIT_CHALLENGE_LIFE="1w": want a positive duration such as 168h`},
	}
	_, _, env := serveFlags(io.Discard)
	var listed []string
	for _, tc := range tests {
		listed = append(listed, tc.env)
	}
	if names := env.names(); !slices.Equal(names, listed) {
		t.Errorf("serve's variables are %v, the table tests %v", names, listed)
	}
	for _, tc := range tests {
		t.Run(tc.env, func(t *testing.T) {
			_, c, env := serveFlags(io.Discard)
			if err := env.apply(envMap{tc.env: tc.good}.get); err != nil {
				t.Fatalf("%s=%q: %v", tc.env, tc.good, err)
			}
			if got := tc.got(c); got != tc.want {
				t.Errorf("%s=%q gives %v, want %v", tc.env, tc.good, got, tc.want)
			}
			fs, c, _ := serveFlags(io.Discard)
			if _, err := parseArgs(fs, []string{"--" + tc.flag + "=" + tc.good}); err != nil {
				t.Fatalf("--%s=%s: %v", tc.flag, tc.good, err)
			}
			if got := tc.got(c); got != tc.want {
				t.Errorf("--%s=%s gives %v, want %v", tc.flag, tc.good, got, tc.want)
			}
			if tc.bad == "" {
				return
			}
			_, _, env = serveFlags(io.Discard)
			err := env.apply(envMap{tc.env: tc.bad}.get)
			if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
				t.Errorf("%s=%q: error %v, want %s", tc.env, tc.bad, err, tc.wantErr)
			}
			fs, _, _ = serveFlags(io.Discard)
			if _, err := parseArgs(fs, []string{"--" + tc.flag + "=" + tc.bad}); err == nil {
				t.Errorf("--%s=%s is taken, want it refused as %s refuses it", tc.flag, tc.bad, tc.env)
			}
		})
	}
}

// envMap stands in for the environment.
type envMap map[string]string

func (m envMap) get(name string) string { return m[name] }

// TestServeFlagWinsOverItsVariable: the command line is read after the
// environment.
func TestServeFlagWinsOverItsVariable(t *testing.T) {
	fs, c, env := serveFlags(io.Discard)
	if err := env.apply(envMap{"PBEM_POLL": "45s", "PBEM_TRUST_DKIM": "on"}.get); err != nil {
		t.Fatal(err)
	}
	if _, err := parseArgs(fs, []string{"--poll", "10s", "--trust-dkim=no"}); err != nil {
		t.Fatal(err)
	}
	if c.poll != 10*time.Second || c.trustDKIM {
		t.Errorf("poll %v, trust-dkim %v; want the flags' 10s and false", c.poll, c.trustDKIM)
	}
}

func TestParseBool(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"yes", true}, {"YES", true}, {"y", true}, {"on", true}, {"true", true}, {"True", true}, {"1", true}, {"t", true},
		{"no", false}, {"No", false}, {"n", false}, {"off", false}, {"false", false}, {"0", false}, {"F", false},
	} {
		if got, err := parseBool(tc.in); err != nil || got != tc.want {
			t.Errorf("parseBool(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "maybe", "2", "yess"} {
		if _, err := parseBool(in); err == nil {
			t.Errorf("parseBool(%q) took it", in)
		}
	}
}

// TestServeRefusesABadVariable runs serve with PBEM_POLL=30: it stops
// before touching anything, with exit 2 and the variable named.
func TestServeRefusesABadVariable(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	t.Setenv("PBEM_POLL", "30")
	var stdout, stderr syncBuffer
	code := runServeWith(context.Background(), []string{"--data", data}, &stdout, &stderr, nil)
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if want := `PBEM_POLL="30": want a positive duration such as 30s`; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
	}
	if _, err := os.Stat(data); err == nil {
		t.Errorf("the data folder was made before the environment was checked")
	}
}
