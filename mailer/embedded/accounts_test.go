package embedded

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"golang.org/x/crypto/bcrypt"
)

// servicePassword is the service's own password in these tests.
const servicePassword = "the service's secret"

// startWithService runs a server whose service is pbem@localhost.
func startWithService(t *testing.T, cfg Config) *testServer {
	t.Helper()
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	cfg.Service, cfg.ServicePassword = "pbem@localhost", servicePassword
	return startServerWith(t, cfg)
}

// loginMethods are the three ways a client proves who it is.
var loginMethods = []struct {
	name  string
	login func(s *testServer, user, password string) error
}{
	{"IMAP LOGIN", func(s *testServer, user, password string) error {
		c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
		if err != nil {
			return err
		}
		defer c.Close()
		return c.Login(user, password).Wait()
	}},
	{"IMAP AUTHENTICATE PLAIN", func(s *testServer, user, password string) error {
		c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
		if err != nil {
			return err
		}
		defer c.Close()
		return c.Authenticate(sasl.NewPlainClient("", user, password))
	}},
	{"SMTP AUTH PLAIN", func(s *testServer, user, password string) error {
		c, err := smtp.Dial(s.SMTPAddr())
		if err != nil {
			return err
		}
		defer c.Close()
		return c.Auth(sasl.NewPlainClient("", user, password))
	}},
}

// refusedLogin reports whether err is the protocol's refusal of a login.
func refusedLogin(err error) bool {
	var imapErr *imap.Error
	var smtpErr *smtp.SMTPError
	return errors.As(err, &imapErr) && imapErr.Code == imap.ResponseCodeAuthenticationFailed ||
		errors.As(err, &smtpErr) && smtpErr.Code == 535
}

func TestEachLoginOpensOnlyItsOwnAccount(t *testing.T) {
	s := startWithService(t, Config{})
	alice, bob := s.password(t, "alice"), s.password(t, "bob")
	tests := []struct {
		name, login, password string
		ok                    bool
	}{
		{"alice with her password", "alice@localhost", alice, true},
		{"alice by bare name", "alice", alice, true},
		{"alice with a plus tag", "alice+games@localhost", alice, true},
		{"bob with his password", "bob@localhost", bob, true},
		{"the service with its password", "pbem@localhost", servicePassword, true},
		{"bob with alice's password", "bob@localhost", alice, false},
		{"the service with alice's password", "pbem@localhost", alice, false},
		{"the service by a tag with alice's password", "pbem+1-abc@localhost", alice, false},
		{"alice with the service's password", "alice@localhost", servicePassword, false},
		{"alice with a wrong password", "alice@localhost", "guess", false},
		{"alice with an empty password", "alice@localhost", "", false},
		{"a name without an account", "carol@localhost", alice, false},
		{"alice in a foreign domain", "alice@example.org", alice, false},
		{"a name that cannot be a user", "../etc", alice, false},
	}
	for _, m := range loginMethods {
		for _, tt := range tests {
			t.Run(m.name+"/"+tt.name, func(t *testing.T) {
				err := m.login(s, tt.login, tt.password)
				if tt.ok && err != nil {
					t.Fatalf("login as %s: %v", tt.login, err)
				}
				if !tt.ok && !refusedLogin(err) {
					t.Fatalf("login as %s with %q: got %v, want a refusal", tt.login, tt.password, err)
				}
			})
		}
	}
}

// TestLoginReadsOnlyTheOwnersMail is the attack the accounts stop: alice,
// with her own password, sees her INBOX and never bob's.
func TestLoginReadsOnlyTheOwnersMail(t *testing.T) {
	s := startWithService(t, Config{})
	if err := sendSMTP(s, "x@example.org", []string{"bob@localhost"}, fixture(t, "resign.eml")); err != nil {
		t.Fatal(err)
	}
	if _, msgs := fetchAll(t, dialIMAP(t, s, "alice@localhost", nil), "INBOX"); len(msgs) != 0 {
		t.Errorf("alice's INBOX shows %d messages, want none: bob's mail is his", len(msgs))
	}
	if _, msgs := fetchAll(t, dialIMAP(t, s, "bob@localhost", nil), "INBOX"); len(msgs) != 1 {
		t.Errorf("bob's INBOX shows %d messages, want 1", len(msgs))
	}
}

func TestFirstMailMakesAnAccountAndTellsItsPasswordOnce(t *testing.T) {
	var mu sync.Mutex
	var told []string
	s := startWithService(t, Config{OnNewAccount: func(address, _ string) {
		mu.Lock()
		told = append(told, address)
		mu.Unlock()
	}})
	toldNow := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(told)
	}
	send := func(from, to string) {
		t.Helper()
		if err := sendSMTP(s, from, []string{to}, fixture(t, "move.eml")); err != nil {
			t.Fatalf("%s to %s: %v", from, to, err)
		}
	}

	send("carol@localhost", "Dave+tag@localhost")
	if got, want := toldNow(), []string{"carol@localhost", "dave@localhost"}; !slices.Equal(got, want) {
		t.Fatalf("accounts told after the first mail: %v, want %v", got, want)
	}
	send("carol@localhost", "dave@localhost")
	send("someone@example.org", "dave+x@localhost")
	if got := toldNow(); len(got) != 2 {
		t.Errorf("accounts told after more mail between the same addresses: %v, want only the first two", got)
	}
	if _, msgs := fetchAll(t, dialIMAP(t, s, "dave@localhost", nil), "INBOX"); len(msgs) != 3 {
		t.Errorf("dave, with the password he was told, sees %d messages, want 3", len(msgs))
	}
	if err := loginMethods[0].login(s, "frank@localhost", s.password(t, "dave")); !refusedLogin(err) {
		t.Errorf("frank, who never had mail, logged in: %v", err)
	}
	if strings.Contains(s.logs.String(), s.password(t, "carol")) {
		t.Errorf("a password reached the log:\n%s", s.logs)
	}
}

func TestPasswordStoreKeepsHashesReadableByTheOwnerOnly(t *testing.T) {
	s := startWithService(t, Config{})
	if err := sendSMTP(s, "carol@localhost", []string{"dave@localhost"}, fixture(t, "move.eml")); err != nil {
		t.Fatal(err)
	}
	// NewPassword hashes at the cost the server uses in production.
	_, erin, err := NewPassword(s.dir, "", "erin@localhost")
	if err != nil {
		t.Fatal(err)
	}
	passwords := map[string]string{
		"carol": s.password(t, "carol"), "dave": s.password(t, "dave"), "erin": erin, "pbem": servicePassword,
	}
	path := filepath.Join(s.dir, accountsFile)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := newAccounts(s.dir, 0).load()
	if err != nil {
		t.Fatal(err)
	}
	for name, pw := range passwords {
		if strings.Contains(string(raw), pw) {
			t.Errorf("%s holds %s's password in clear", path, name)
		}
		e, ok := st.Accounts[name]
		if !ok {
			t.Errorf("%s has no account for %s", path, name)
			continue
		}
		if err := bcrypt.CompareHashAndPassword([]byte(e.Hash), []byte(pw)); err != nil {
			t.Errorf("%s's entry does not hash the password: %v", name, err)
		}
		if e.Service != (name == "pbem") {
			t.Errorf("%s's entry says service=%v", name, e.Service)
		}
	}
	if cost, err := bcrypt.Cost([]byte(st.Accounts["erin"].Hash)); err != nil || cost < bcrypt.DefaultCost {
		t.Errorf("NewPassword hashed with cost %d (%v), want at least %d", cost, err, bcrypt.DefaultCost)
	}
	for _, name := range []string{accountsFile, accountsLock} {
		fi, err := os.Stat(filepath.Join(s.dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s has mode %o, want 600", name, perm)
		}
	}
}

// TestNewPasswordCountsAtOnceWhileTheServerRuns is `pbem account` while
// `pbem serve` runs: no restart is needed, and the old password stops
// working, even though the server remembered it as verified.
func TestNewPasswordCountsAtOnceWhileTheServerRuns(t *testing.T) {
	s := startWithService(t, Config{})
	login := loginMethods[0].login
	account, first, err := NewPassword(s.dir, "", "Alice+x@LOCALHOST")
	if err != nil {
		t.Fatal(err)
	}
	if account != "alice@localhost" {
		t.Errorf("NewPassword names the account %q, want alice@localhost", account)
	}
	if err := login(s, "alice@localhost", first); err != nil {
		t.Fatalf("the first password: %v", err)
	}
	_, second, err := NewPassword(s.dir, "", "alice@localhost")
	if err != nil {
		t.Fatal(err)
	}
	if err := login(s, "alice@localhost", second); err != nil {
		t.Errorf("the new password, without a restart: %v", err)
	}
	if err := login(s, "alice@localhost", first); !refusedLogin(err) {
		t.Errorf("the replaced password: got %v, want a refusal", err)
	}
	if _, _, err := NewPassword(s.dir, "", "pbem+1@localhost"); !errors.Is(err, ErrServiceAccount) {
		t.Errorf("NewPassword for the service's account: got %v, want ErrServiceAccount", err)
	}
	if err := login(s, "pbem@localhost", servicePassword); err != nil {
		t.Errorf("the service's password after a refused reset: %v", err)
	}
}

// TestNewPasswordAndTheServerWriteTheStoreTogether makes accounts from the
// server and as NewPassword does at the same time. Each reset opens the
// store on its own, as `pbem account` does, so only the file lock keeps the
// writers from losing each other's accounts.
func TestNewPasswordAndTheServerWriteTheStoreTogether(t *testing.T) {
	const n = 8
	s := startWithService(t, Config{})
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	passwords := make([]string, n)
	for i := range n {
		wg.Go(func() {
			pw, err := newAccounts(s.dir, bcrypt.MinCost).reset(fmt.Sprintf("op%d", i))
			passwords[i] = pw
			errs <- err
		})
		wg.Go(func() {
			errs <- sendSMTP(s, fmt.Sprintf("mail%d@localhost", i), []string{"pbem@localhost"}, fixture(t, "move.eml"))
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	st, err := newAccounts(s.dir, 0).load()
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Accounts) != 2*n+1 {
		t.Errorf("the store holds %d accounts, want %d: writers lost each other's", len(st.Accounts), 2*n+1)
	}
	for i, pw := range passwords {
		if err := loginMethods[0].login(s, fmt.Sprintf("op%d", i), pw); err != nil {
			t.Errorf("op%d: %v", i, err)
		}
	}
}

func TestServiceAccountTakesTheConfiguredPasswordAtEachStart(t *testing.T) {
	dir := t.TempDir()
	s := startWithService(t, Config{Dir: dir})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2 := startServerWith(t, Config{Dir: dir, Service: "pbem@localhost", ServicePassword: "another secret"})
	login := loginMethods[0].login
	if err := login(s2, "pbem@localhost", "another secret"); err != nil {
		t.Errorf("the new service password: %v", err)
	}
	if err := login(s2, "pbem@localhost", servicePassword); !refusedLogin(err) {
		t.Errorf("the old service password: got %v, want a refusal", err)
	}
}

// smtpErr returns err's SMTP code, enhanced code and text.
func smtpErr(t *testing.T, err error) (int, smtp.EnhancedCode, string) {
	t.Helper()
	var e *smtp.SMTPError
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want an SMTP error", err)
	}
	return e.Code, e.EnhancedCode, e.Message
}

// dialSMTP greets the server, and logs in unless login is empty.
func dialSMTP(t *testing.T, s *testServer, login, password string) *smtp.Client {
	t.Helper()
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Hello("client.localhost"); err != nil {
		t.Fatal(err)
	}
	if login != "" {
		if err := c.Auth(sasl.NewPlainClient("", login, password)); err != nil {
			t.Fatalf("AUTH as %s: %v", login, err)
		}
	}
	return c
}

func TestSMTPSendersAreHeldToWhoTheyAre(t *testing.T) {
	s := startWithService(t, Config{})
	alice := s.password(t, "alice")
	s.password(t, "bob")
	msg := func(from string) string {
		return "From: " + from + "\r\nTo: bob@localhost\r\nSubject: hello\r\n\r\nhi\r\n"
	}
	tests := []struct {
		name, login, password string
		from, header          string
		code                  int // 0: delivered
		enhanced              smtp.EnhancedCode
		text                  string
	}{
		{"alice as herself", "alice", alice, "alice@localhost", "Alice <alice@localhost>", 0, smtp.EnhancedCode{}, ""},
		{"alice with a tag", "alice", alice, "alice+x@localhost", "alice+y@localhost", 0, smtp.EnhancedCode{}, ""},
		{"alice as bob in the envelope", "alice", alice, "bob@localhost", "alice@localhost", 553, smtp.EnhancedCode{5, 7, 1}, "may send only as that address"},
		{"alice as the service in the envelope", "alice", alice, "pbem+1-key@localhost", "alice@localhost", 553, smtp.EnhancedCode{5, 7, 1}, "not as <pbem+1-key@localhost>"},
		{"alice with a null sender", "alice", alice, "", "alice@localhost", 553, smtp.EnhancedCode{5, 7, 1}, "may send only as"},
		{"alice as bob in From", "alice", alice, "alice@localhost", "Bob <bob@localhost>", 550, smtp.EnhancedCode{5, 7, 1}, "From line may name only your own address"},
		{"the service as itself", "pbem", servicePassword, "pbem@localhost", "pbem+3-key@localhost", 0, smtp.EnhancedCode{}, ""},
		{"the service as alice", "pbem", servicePassword, "alice@localhost", "pbem@localhost", 553, smtp.EnhancedCode{5, 7, 1}, "may send only as"},
		{"no login, as a player", "", "", "alice@localhost", "Alice <alice@localhost>", 0, smtp.EnhancedCode{}, ""},
		{"no login, from abroad", "", "", "x@example.org", "x@example.org", 0, smtp.EnhancedCode{}, ""},
		{"no login, as the service in the envelope", "", "", "pbem@localhost", "alice@localhost", 553, smtp.EnhancedCode{5, 7, 1}, "Only the service itself may send as <pbem@localhost>"},
		{"no login, as the service by a tag", "", "", "PBEM+2-key@localhost", "alice@localhost", 553, smtp.EnhancedCode{5, 7, 1}, "Only the service itself"},
		{"no login, as the service in From", "", "", "alice@localhost", "pbem <pbem+1-key@localhost>", 550, smtp.EnhancedCode{5, 7, 1}, "which the From line names"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dialSMTP(t, s, tt.login, tt.password)
			err := c.SendMail(tt.from, []string{"bob@localhost"}, strings.NewReader(msg(tt.header)))
			if tt.code == 0 {
				if err != nil {
					t.Fatalf("sending: %v", err)
				}
				return
			}
			code, enhanced, text := smtpErr(t, err)
			if code != tt.code || enhanced != tt.enhanced || !strings.Contains(text, tt.text) {
				t.Errorf("got %d %v %q, want %d %v containing %q", code, enhanced, text, tt.code, tt.enhanced, tt.text)
			}
		})
	}
}
