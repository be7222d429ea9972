package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"pbem/ai"
	"pbem/i18n"
	"pbem/mailer"
	"pbem/mailer/embedded"
	"pbem/play"
	"pbem/rules"
)

// serveConfig is what `pbem serve` runs with, from flags and environment.
type serveConfig struct {
	data, imapURL, smtpURL, address string
	// publicURL is where the web archive is published; game mails link
	// their game's page there.
	publicURL  string
	poll, tick time.Duration
	trustDKIM  bool
	// language is the language of players who have set none.
	language i18n.Lang
	// The embedded mail server, used when neither --imap nor --smtp is set.
	mailHost           string
	imapPort, smtpPort int
	// mailPassword is the retired --mail-password, kept to refuse it.
	mailPassword string
	// Limits: the largest message in MiB, recipients per message, accounts
	// in all and new accounts per SMTP connection.
	mailMaxSize, mailMaxRecipients, mailMaxAccounts, mailMaxNewAccounts int

	// http is where the web archive listens: host:port, "off", or ""
	// for the default (see archiveAddr).
	http string
	// embedded is set once serve has chosen the embedded mail server.
	embedded bool

	logLevel slog.Level
	// limits bound what one address can make the service do.
	limits play.Limits
	// computerNodes caps each search of the computer player; 0 leaves
	// each level its own budget.
	computerNodes int

	// Hooks for tests, set by no flag. now is the clock of the service and
	// of the outbox (time.Now when nil); downtime is the gap between ticks
	// taken as downtime and given back to the clocks (play's default when
	// 0); retryMin and retryMax bound the outbox's waits between tries of a
	// mail (the sender's defaults when 0); dkimLookup finds DKIM keys
	// (DNS when nil).
	now                func() time.Time
	downtime           time.Duration
	retryMin, retryMax time.Duration
	dkimLookup         mailer.TXTLookup
	// engines, when set, is the computer player's engine for each game
	// kind (play's default when nil).
	engines func(*rules.Kind) ai.Engine
	// beforeTick, when set, runs before each clock pass.
	beforeTick func(context.Context)
}

// serveFlags defines the flags of serve, each with its environment
// variable; env.apply reads the variables.
func serveFlags(stderr io.Writer) (*flag.FlagSet, *serveConfig, *envFlags) {
	fs := newFlags("serve", "[flags]", stderr)
	env := &envFlags{fs: fs}
	c := &serveConfig{poll: 30 * time.Second, tick: time.Minute, imapPort: embedded.DefaultIMAPPort,
		smtpPort: embedded.DefaultSMTPPort, logLevel: slog.LevelInfo, limits: play.DefaultLimits(),
		mailMaxSize: embedded.DefaultMaxMessageBytes >> 20, mailMaxRecipients: embedded.DefaultMaxRecipients,
		mailMaxAccounts: embedded.DefaultMaxAccounts, mailMaxNewAccounts: embedded.DefaultMaxNewAccountsPerConnection}
	env.String(&c.data, "data", "pbem-data", "PBEM_DATA", "folder of the database, secrets and embedded mail")
	env.String(&c.imapURL, "imap", "", "PBEM_IMAP", "mailbox to read: imap[s]://user:pass@host:port/INBOX; none: the embedded server")
	env.String(&c.smtpURL, "smtp", "", "PBEM_SMTP", "server to send through: smtp[s]://user:pass@host:port; none: the embedded server")
	env.String(&c.address, "address", "", "PBEM_ADDRESS", "the service's address; pbem@localhost with the embedded server")
	env.Var(urlValue{&c.publicURL}, "public-url", "PBEM_PUBLIC_URL", "`URL` of the web archive, such as https://pbem.example.org: game mails link their game's page there")
	env.Var(durationValue{&c.poll, "30s"}, "poll", "PBEM_POLL", "`duration` between looks for mail when the server has no IDLE")
	env.Var(durationValue{&c.tick, "1m"}, "tick", "PBEM_TICK", "`duration` between looks at the clocks: reminders, deadlines, digests")
	env.Var(boolValue{&c.trustDKIM}, "trust-dkim", "PBEM_TRUST_DKIM", "accept game commands with a DKIM signature aligned with From, without a reply key (yes or no)")
	env.Var(langValue{&c.language}, "language", "PBEM_LANGUAGE", "`language` of players who have set none: en (the default), de, es or pt")
	env.String(&c.mailHost, "mail-host", embedded.DefaultHost, "PBEM_MAIL_HOST", "embedded mail server: address to listen on")
	env.Var(portValue{&c.imapPort}, "imap-port", "PBEM_IMAP_PORT", "embedded mail server: IMAP `port` (0: any free port)")
	env.Var(portValue{&c.smtpPort}, "smtp-port", "PBEM_SMTP_PORT", "embedded mail server: SMTP `port` (0: any free port)")
	env.String(&c.mailPassword, "mail-password", "", "PBEM_MAIL_PASSWORD", "no longer used, and refused: every address has its own password now (see pbem account)")
	env.Var(countValue{&c.mailMaxSize}, "mail-max-size", "PBEM_MAIL_MAX_SIZE", "embedded mail server: largest message in MiB, by SMTP or IMAP APPEND")
	env.Var(countValue{&c.mailMaxRecipients}, "mail-max-recipients", "PBEM_MAIL_MAX_RECIPIENTS", "embedded mail server: most recipients of one message")
	env.Var(countValue{&c.mailMaxAccounts}, "mail-max-accounts", "PBEM_MAIL_MAX_ACCOUNTS", "embedded mail server: most accounts in all, the service's included")
	env.Var(countValue{&c.mailMaxNewAccounts}, "mail-max-new-accounts", "PBEM_MAIL_MAX_NEW_ACCOUNTS", "embedded mail server: most new accounts one SMTP connection may make, the service's excepted")
	env.Var(httpValue{&c.http}, "http", "PBEM_HTTP", "web archive: `address` to serve on (host:port), or off; default "+defaultHTTP+" with the embedded mail server, off with a real one")
	env.Var(levelValue{&c.logLevel}, "log", "PBEM_LOG", "log `level`: debug, info (the default), warn or error")
	env.Var(countValue{&c.computerNodes}, "computer-nodes", "PBEM_COMPUTER_NODES", "cap on the positions each search of the computer player visits (default: each level's own budget)")
	limitFlags(env, &c.limits)
	return fs, c, env
}

// runServe runs the service until SIGINT or SIGTERM: mail in by IMAP, the
// service core on the store, mail out by SMTP. With no --imap and --smtp it
// starts the embedded mail server on loopback and uses it through the same
// IMAP and SMTP code.
func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return runServeWith(ctx, args, stdout, stderr, nil)
}

// runServeWith is runServe with hooks, when not nil, run on the
// configuration once the flags are read: the tests set its clock there.
func runServeWith(ctx context.Context, args []string, stdout, stderr io.Writer, hooks func(*serveConfig)) int {
	fs, c, env := serveFlags(stderr)
	if err := env.apply(os.Getenv); err != nil {
		fmt.Fprintf(stderr, "pbem serve: %v\n", err)
		return exitUsage
	}
	if rest, err := parseArgs(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fs.Usage()
		}
		return exitUsage
	}
	if hooks != nil {
		hooks(c)
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: c.logLevel}))
	if (c.imapURL == "") != (c.smtpURL == "") {
		fmt.Fprintln(stderr, "pbem serve: give both --imap and --smtp, or neither for the embedded mail server")
		return exitUsage
	}
	if c.imapURL == "" && c.imapPort != 0 && c.imapPort == c.smtpPort {
		fmt.Fprintf(stderr, "pbem serve: --imap-port and --smtp-port are both %d: give them different ports\n", c.imapPort)
		return exitUsage
	}
	if err := serve(ctx, c, stdout, log); err != nil {
		log.Error("pbem serve stopped", slog.Any("err", err))
		return exitInvalid
	}
	return exitOK
}

func serve(ctx context.Context, c *serveConfig, stdout io.Writer, log *slog.Logger) error {
	defer tuneGC(daemonGCPercent, daemonGCLimit)()
	// One daemon per data folder, locked before anything in it is read.
	if err := privateDataDir(c.data, log); err != nil {
		return err
	}
	lock, err := lockInstance(c.data, time.Now())
	if err != nil {
		return err
	}
	defer lock.release()
	store, err := openStore(ctx, c.data, log)
	if err != nil {
		return err
	}
	defer store.Close()

	c.embedded = c.imapURL == ""
	if c.embedded {
		if c.address == "" {
			c.address = "pbem@" + embedded.DefaultDomain
		}
		srv, err := startEmbedded(ctx, c, stdout, log)
		if err != nil {
			return withPortHint(err, c)
		}
		defer srv.Close()
	}
	if c.address == "" {
		return errors.New("--address is needed with --imap and --smtp")
	}

	svc, err := play.New(store, play.Config{Address: c.address, TrustDKIM: c.trustDKIM, Language: c.language, Log: log,
		Now: c.now, Downtime: c.downtime, Limits: c.limits, ComputerNodes: int64(c.computerNodes), Engines: c.engines,
		PublicURL: c.publicURL})
	if err != nil {
		return err
	}
	sender, err := mailer.NewSender(mailer.SenderConfig{URL: c.smtpURL, From: c.address, Store: store, Log: log,
		OnFail: svc.Undeliverable, Draw: play.DrawPicture, Now: c.now, RetryMin: c.retryMin, RetryMax: c.retryMax})
	if err != nil {
		return err
	}
	// The computer's searches run beside the intake, one per core at most.
	computer := newComputerWorker(svc, runtime.NumCPU(), sender.Notify, log)
	domain := c.address[strings.LastIndexByte(c.address, '@')+1:]
	// The mails of one fetch are handled in one transaction (play's
	// HandleBatch), and the outbox starts sending their replies as soon
	// as it commits, while the intake reads on.
	handle := func(ctx context.Context, ds []mailer.Delivery) ([]mailer.Verdict, error) {
		msgs := make([]play.Message, len(ds))
		for i, d := range ds {
			msg := play.FromMail(d.Raw, d.Received)
			msg.Mailbox, msg.UIDValidity, msg.UID = d.Mailbox, d.UIDValidity, d.UID
			if c.trustDKIM && !msg.Undecodable && msg.From != "" {
				// Trusted only when the From the signature vouches for is
				// the From the service acts on.
				msg.DKIMAligned = mailer.DKIMAligned(ctx, d.Raw, c.dkimLookup) == msg.From
			}
			msgs[i] = msg
		}
		results, err := svc.HandleBatch(ctx, msgs)
		verdicts := make([]mailer.Verdict, len(results))
		queued := false
		for i, res := range results {
			queued = queued || len(res.Queued) > 0
			// Mail that could not be read at all (not even its header,
			// so not its sender either) is filed as Rejected, whatever
			// the service answered.
			if res.Outcome == play.Rejected || msgs[i].Undecodable {
				verdicts[i] = mailer.Rejected
			}
		}
		if queued {
			sender.Notify()
		}
		if len(results) > 0 {
			computer.Kick()
		}
		return verdicts, err
	}
	intake, err := mailer.NewIntake(mailer.IntakeConfig{URL: c.imapURL, Batch: handle, Poll: c.poll, Log: log})
	if err != nil {
		return err
	}
	log.Info("pbem serving", slog.String("address", c.address), slog.String("domain", domain),
		slog.String("data", c.data))

	// The first clock pass runs beside the intake, not before it: reading
	// mail waits for no pass over every game, and each mail's handling
	// gives the downtime back itself before it judges a deadline.
	tick := func(ctx context.Context) {
		if c.beforeTick != nil {
			c.beforeTick(ctx)
		}
		res, err := svc.Tick(ctx)
		if err != nil {
			log.Error("clock tick failed", slog.Any("err", err))
		}
		if len(res.Queued) > 0 {
			sender.Notify()
		}
		computer.Kick()
	}
	scheduler := func(ctx context.Context) error {
		tick(ctx)
		t := time.NewTicker(c.tick)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return nil
			case <-t.C:
				tick(ctx)
			}
		}
	}

	runs := []func(context.Context) error{intake.Run, sender.Run, scheduler, computer.Run}
	if addr, chosen := c.archiveAddr(); addr != "" {
		runs = append(runs, func(ctx context.Context) error {
			err := runArchive(ctx, c.data, addr, c.address, log, announceArchive(stdout))
			if err != nil && !chosen {
				// The default port is a convenience: taken, the mail
				// service runs on without its archive.
				log.Warn("web archive not started", slog.Any("err", err))
				return nil
			}
			return err
		})
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(runs))
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	for _, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(runCtx); err != nil {
				errs <- err
				stop()
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	// A graceful stop: the intake finished the mail in hand; send what the
	// last mails queued, within a short grace time.
	flushCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
	defer cancel()
	if err := sender.Flush(flushCtx); err != nil {
		log.Warn("outbox not flushed", slog.Any("err", err))
	}
	log.Info("pbem stopped")
	return nil
}

// archiveAddr is where the web archive listens, "" for nowhere; chosen
// is true when --http or PBEM_HTTP set it. By default the archive runs
// beside the embedded mail server (a machine to try pbem on), and not
// beside a real one, where publishing the games is the operator's choice.
func (c *serveConfig) archiveAddr() (addr string, chosen bool) {
	switch c.http {
	case "off":
		return "", true
	case "":
		if c.embedded {
			return defaultHTTP, false
		}
		return "", false
	}
	return c.http, true
}

// startEmbedded starts the built-in mail server and points the daemon at
// it, logged in as the service, printing how a mail client can connect.
// Each account's password is printed on stdout when the server makes it:
// the operator's terminal, never the log.
func startEmbedded(ctx context.Context, c *serveConfig, stdout io.Writer, log *slog.Logger) (*embedded.Server, error) {
	if c.mailPassword != "" {
		return nil, errors.New("--mail-password (PBEM_MAIL_PASSWORD) is no longer used: every address on the embedded mail server now has its own password, " +
			"printed when its account is made or set with `pbem account ADDRESS`, and the service keeps its own in the data folder; remove the setting")
	}
	old := filepath.Join(c.data, "mail-password")
	if _, err := os.Lstat(old); err == nil {
		log.Warn("the shared mail password of older versions no longer opens any mailbox: every address has its own password now; delete the file", slog.String("file", old))
	}
	if c.mailMaxSize <= 0 || c.mailMaxSize > 4095 {
		return nil, fmt.Errorf("--mail-max-size is %d MiB: it must be 1 to 4095", c.mailMaxSize)
	}
	for _, l := range []struct {
		flag  string
		value int
	}{{"--mail-max-recipients", c.mailMaxRecipients}, {"--mail-max-accounts", c.mailMaxAccounts}, {"--mail-max-new-accounts", c.mailMaxNewAccounts}} {
		if l.value <= 0 {
			return nil, fmt.Errorf("%s is %d: it must be at least 1", l.flag, l.value)
		}
	}
	password, err := mailPassword(c.data)
	if err != nil {
		return nil, err
	}
	mailDir := filepath.Join(c.data, "mail")
	srv, err := embedded.Start(ctx, embedded.Config{Dir: mailDir, Host: c.mailHost,
		IMAPPort: c.imapPort, SMTPPort: c.smtpPort,
		Service: c.address, ServicePassword: password,
		OnNewAccount: func(address, password string) {
			fmt.Fprintf(stdout, "New mail account %s, password %s (shown only this once)\n", address, password)
		},
		MaxMessageBytes: int64(c.mailMaxSize) << 20, MaxRecipients: c.mailMaxRecipients,
		MaxAccounts: c.mailMaxAccounts, MaxNewAccountsPerConnection: c.mailMaxNewAccounts,
		Logger: log})
	if err != nil {
		return nil, fmt.Errorf("embedded mail server: %w", err)
	}
	host, imapPort, _ := net.SplitHostPort(srv.IMAPAddr())
	_, smtpPort, _ := net.SplitHostPort(srv.SMTPAddr())
	// Listening on every interface (--mail-host 0.0.0.0), the server is
	// still reached over loopback from here, where the daemon may send its
	// password in clear.
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	user, _, _ := strings.Cut(c.address, "@")
	service := url.UserPassword(user, password)
	c.imapURL = (&url.URL{Scheme: "imap", User: service, Host: net.JoinHostPort(host, imapPort), Path: "/INBOX"}).String()
	c.smtpURL = (&url.URL{Scheme: "smtp", User: service, Host: net.JoinHostPort(host, smtpPort)}).String()
	fmt.Fprintf(stdout, `pbem is running with its embedded mail server; the service is %s.
Every name@localhost has its own password. An address gets its account when
mail first goes to or from it, and its password is printed here, once.
To make an account now, or to get a new password:
  pbem account --data %s alice@localhost
Point a mail client at it as that address, for example alice@localhost:
  IMAP  %s port %s, user alice@localhost, alice's password, no TLS
  SMTP  %s port %s, no TLS (no login needed from this machine)
Then mail "help" to %s. Mail is kept in %s. Stop with Ctrl-C.
`, c.address, c.data, host, imapPort, host, smtpPort, c.address, mailDir)
	return srv, nil
}

// mailPassword is the password of the service's own account on the
// embedded server: made once and kept, readable by the owner only, in
// <data>/mail-service-password, so the account keeps it across restarts.
// No player is given it. (The file mail-password of older versions held the
// one password every player knew; it is not used for this.)
func mailPassword(dir string) (string, error) {
	path := filepath.Join(dir, "mail-service-password")
	if b, err := os.ReadFile(path); err == nil {
		if pw := strings.TrimSpace(string(b)); pw != "" {
			return pw, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("service mail password: %w", err)
	}
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	pw := hex.EncodeToString(b[:])
	if err := os.WriteFile(path, []byte(pw+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("service mail password: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		return "", fmt.Errorf("service mail password: %w", err)
	}
	return pw, nil
}
