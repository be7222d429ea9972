package embedded

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// The password store lives beside the users' directories. Its names start
// with '.', which no user name does, so they never clash with a user.
const (
	accountsFile    = ".accounts.json"
	accountsLock    = ".accounts.lock"
	accountsVersion = 1
)

// accountEntry is one account as accounts.json holds it: a bcrypt hash,
// never the password.
type accountEntry struct {
	Hash    string    `json:"hash"`
	Created time.Time `json:"created"`
	// Service marks the service's own account, whose password no command
	// hands out.
	Service bool `json:"service,omitempty"`
}

// accountsState is the whole file.
type accountsState struct {
	Version  int                     `json:"version"`
	Accounts map[string]accountEntry `json:"accounts"`
}

// errAccountLimit says the store is full; callers word it for their protocol.
var errAccountLimit = errors.New("account limit reached")

// ErrServiceAccount is NewPassword's answer for the service's own account.
var ErrServiceAccount = errors.New("this is the service's own account: pbem serve keeps its password, no command hands it out")

// accounts is the password store of one mail directory. Every reader reads
// the file afresh, so a password set by another process (`pbem account`)
// counts at once; writers take a file lock around read-modify-write and
// replace the file atomically, so readers need no lock.
type accounts struct {
	dir  string
	cost int // bcrypt's cost

	// mu orders this process's writers; the file lock orders processes.
	mu sync.Mutex

	// verified remembers, per user, the hash and a SHA-256 of the last
	// password bcrypt accepted for it, so a client that logs in every few
	// seconds costs one bcrypt run, not one per login. A changed hash (a
	// reset) makes the entry worthless.
	cacheMu  sync.Mutex
	verified map[string]verifiedLogin
}

type verifiedLogin struct {
	hash string
	sum  [sha256.Size]byte
}

// newAccounts opens the store of dir; cost 0 is bcrypt.DefaultCost.
func newAccounts(dir string, cost int) *accounts {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	return &accounts{dir: dir, cost: cost, verified: make(map[string]verifiedLogin)}
}

// load reads the store; a missing file is an empty store.
func (a *accounts) load() (accountsState, error) {
	path := filepath.Join(a.dir, accountsFile)
	st := accountsState{Version: accountsVersion, Accounts: map[string]accountEntry{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("reading the mail accounts: %w", err)
	}
	if err := json.Unmarshal(data, &st); err != nil {
		return st, fmt.Errorf("reading %s: %w", path, err)
	}
	if st.Version != accountsVersion {
		return st, fmt.Errorf("reading %s: version is %d, this server reads version %d", path, st.Version, accountsVersion)
	}
	if st.Accounts == nil {
		st.Accounts = map[string]accountEntry{}
	}
	return st, nil
}

// update runs change on the current store under the file lock and writes
// the result, unless change fails.
func (a *accounts) update(change func(*accountsState) error) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := os.MkdirAll(a.dir, 0o700); err != nil {
		return fmt.Errorf("creating the mail directory: %w", err)
	}
	unlock, err := lockFile(filepath.Join(a.dir, accountsLock))
	if err != nil {
		return fmt.Errorf("locking the mail accounts: %w", err)
	}
	defer unlock()
	a.removeLeftovers()
	st, err := a.load()
	if err != nil {
		return err
	}
	if err := change(&st); err != nil {
		return err
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the mail accounts: %w", err)
	}
	// stageFile makes the file 0600: it holds only hashes, but they are
	// still nobody else's business.
	if err := writeFileAtomic(a.dir, accountsFile, append(data, '\n')); err != nil {
		return fmt.Errorf("writing the mail accounts: %w", err)
	}
	return nil
}

// removeLeftovers drops temporary files a writer killed mid-way left in the
// mail directory; under the lock no other writer is at work.
func (a *accounts) removeLeftovers() {
	entries, err := os.ReadDir(a.dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasPrefix(e.Name(), tempPrefix) {
			os.Remove(filepath.Join(a.dir, e.Name()))
		}
	}
}

// dummyHash is compared against when a user has no account, so a refusal
// takes as long whether or not the name exists. It is made at first use:
// every pbem command links this package.
var dummyHash = sync.OnceValue(func() []byte {
	h, err := bcrypt.GenerateFromPassword([]byte("no such account"), bcrypt.DefaultCost)
	if err != nil {
		panic(err) // only for a password over 72 bytes
	}
	return h
})

// verify reports whether password opens name's account.
func (a *accounts) verify(name, password string) (bool, error) {
	st, err := a.load()
	if err != nil {
		return false, err
	}
	entry, ok := st.Accounts[name]
	if !ok {
		bcrypt.CompareHashAndPassword(dummyHash(), []byte(password))
		return false, nil
	}
	sum := sha256.Sum256([]byte(password))
	a.cacheMu.Lock()
	v, cached := a.verified[name]
	a.cacheMu.Unlock()
	if cached && v.hash == entry.Hash && subtle.ConstantTimeCompare(v.sum[:], sum[:]) == 1 {
		return true, nil
	}
	if bcrypt.CompareHashAndPassword([]byte(entry.Hash), []byte(password)) != nil {
		return false, nil
	}
	a.cacheMu.Lock()
	a.verified[name] = verifiedLogin{hash: entry.Hash, sum: sum}
	a.cacheMu.Unlock()
	return true, nil
}

// exists reports whether name has an account, and how many accounts there
// are in all.
func (a *accounts) exists(name string) (bool, int, error) {
	st, err := a.load()
	if err != nil {
		return false, 0, err
	}
	_, ok := st.Accounts[name]
	return ok, len(st.Accounts), nil
}

// create makes an account with a fresh password for each name that has
// none, as long as the store then holds at most limit accounts (0: no
// limit). It returns the passwords of the accounts it made; a name that got
// an account meanwhile is left as it is.
func (a *accounts) create(names []string, limit int) (map[string]string, error) {
	// bcrypt is slow on purpose: hash before taking the lock, and only for
	// names that have no account yet.
	st, err := a.load()
	if err != nil {
		return nil, err
	}
	made := make(map[string]string, len(names))
	entries := make(map[string]accountEntry, len(names))
	for _, name := range names {
		if _, ok := st.Accounts[name]; ok {
			continue
		}
		pw, entry, err := a.newEntry()
		if err != nil {
			return nil, err
		}
		made[name], entries[name] = pw, entry
	}
	if len(made) == 0 {
		return made, nil
	}
	err = a.update(func(st *accountsState) error {
		for name := range made {
			if _, ok := st.Accounts[name]; ok {
				delete(made, name)
			}
		}
		if limit > 0 && len(st.Accounts)+len(made) > limit {
			return errAccountLimit
		}
		for name := range made {
			st.Accounts[name] = entries[name]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return made, nil
}

// reset gives name a fresh password, making the account if needed; the
// service's account is refused.
func (a *accounts) reset(name string) (string, error) {
	pw, entry, err := a.newEntry()
	if err != nil {
		return "", err
	}
	err = a.update(func(st *accountsState) error {
		old, ok := st.Accounts[name]
		if old.Service {
			return ErrServiceAccount
		}
		if ok {
			entry.Created = old.Created
		}
		st.Accounts[name] = entry
		return nil
	})
	if err != nil {
		return "", err
	}
	return pw, nil
}

// setService makes name the service's account with the given password,
// and the only one marked as the service's. Nothing is written when that is
// already so.
func (a *accounts) setService(name, password string) error {
	st, err := a.load()
	if err != nil {
		return err
	}
	if e, ok := st.Accounts[name]; ok && e.Service && bcrypt.CompareHashAndPassword([]byte(e.Hash), []byte(password)) == nil {
		others := false
		for n, o := range st.Accounts {
			others = others || (o.Service && n != name)
		}
		if !others {
			return nil
		}
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), a.cost)
	if err != nil {
		return fmt.Errorf("hashing the service's password: %w", err)
	}
	return a.update(func(st *accountsState) error {
		for n, e := range st.Accounts {
			if e.Service {
				e.Service = false
				st.Accounts[n] = e
			}
		}
		entry := accountEntry{Hash: string(hash), Created: time.Now().UTC(), Service: true}
		if old, ok := st.Accounts[name]; ok {
			entry.Created = old.Created
		}
		st.Accounts[name] = entry
		return nil
	})
}

// newEntry makes a password and its entry.
func (a *accounts) newEntry() (string, accountEntry, error) {
	pw := newPassword()
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), a.cost)
	if err != nil {
		return "", accountEntry{}, fmt.Errorf("hashing a new password: %w", err)
	}
	return pw, accountEntry{Hash: string(hash), Created: time.Now().UTC()}, nil
}

// newPassword is 100 random bits as four groups of five lower-case letters
// and digits, easy to copy and to type.
func newPassword() string {
	t := strings.ToLower(rand.Text())
	return t[0:5] + "-" + t[5:10] + "-" + t[10:15] + "-" + t[15:20]
}

// NewPassword gives the account of address on the embedded server whose
// mail is kept in dir a new password, making the account if it has none,
// and returns the account's address and the password. The old password
// stops working at once, also for a server running on dir. domain is the
// server's mail domain; empty means DefaultDomain. It is not bound by the
// server's account limit: the operator decides. The service's own account
// is refused with ErrServiceAccount.
func NewPassword(dir, domain, address string) (account, password string, err error) {
	if domain == "" {
		domain = DefaultDomain
	}
	domain = strings.ToLower(domain)
	name, err := loginUser(address, domain)
	if err != nil {
		return "", "", err
	}
	account = name + "@" + domain
	pw, err := newAccounts(dir, 0).reset(name)
	if err != nil {
		return account, "", fmt.Errorf("%s: %w", account, err)
	}
	return account, pw, nil
}
