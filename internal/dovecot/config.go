package dovecot

import (
	"fmt"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"pbem/internal/testcert"
)

// accounts are the system users Dovecot's processes run as.
type accounts struct {
	internal, group, login string // default_internal_user, _group, default_login_user
	mailUID, mailGID       int    // owner of the mail
}

// chooseAccounts picks the users to run as. As root, Dovecot refuses to run
// its login processes or to touch mail as root, so it gets Debian's
// dovecot and dovenull users (nobody where they are missing) and the mail
// folder is given to the first. As anyone else, everything runs as that
// user.
func chooseAccounts() (accounts, error) {
	if os.Geteuid() != 0 {
		me, err := user.Current()
		if err != nil {
			return accounts{}, fmt.Errorf("current user: %w", err)
		}
		return accountsOf(me, me)
	}
	pick := func(names ...string) (*user.User, error) {
		var last error
		for _, n := range names {
			u, err := user.Lookup(n)
			if err == nil {
				return u, nil
			}
			last = err
		}
		return nil, last
	}
	internal, err := pick("dovecot", "nobody")
	if err != nil {
		return accounts{}, fmt.Errorf("no user for dovecot to run as: %w", err)
	}
	login, err := pick("dovenull", "nobody")
	if err != nil {
		return accounts{}, fmt.Errorf("no user for dovecot's login processes: %w", err)
	}
	return accountsOf(internal, login)
}

// accountsOf runs Dovecot as internal (with its primary group, which owns
// the mail too) and its login processes as login.
func accountsOf(internal, login *user.User) (accounts, error) {
	g, err := user.LookupGroupId(internal.Gid)
	if err != nil {
		return accounts{}, fmt.Errorf("group of %s: %w", internal.Username, err)
	}
	uid, _ := strconv.Atoi(internal.Uid)
	gid, _ := strconv.Atoi(internal.Gid)
	return accounts{internal: internal.Username, group: g.Name, login: login.Username, mailUID: uid, mailGID: gid}, nil
}

// writeConfig writes dovecot.conf, the passwd-file and (with TLS) a
// certificate into dir, and makes the mail folder.
func writeConfig(dir, addr, tlsAddr, capabilities string, users map[string]string) error {
	acc, err := chooseAccounts()
	if err != nil {
		return err
	}
	mail := filepath.Join(dir, "mail")
	if err := os.Mkdir(mail, 0o700); err != nil {
		return err
	}
	if err := os.Chown(mail, acc.mailUID, acc.mailGID); err != nil {
		return fmt.Errorf("give the mail folder to uid %d: %w", acc.mailUID, err)
	}
	var passwd strings.Builder
	names := make([]string, 0, len(users))
	for n := range users {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.ContainsAny(n+users[n], ":\n") {
			return fmt.Errorf("user %q: no ':' or line breaks in names and passwords", n)
		}
		fmt.Fprintf(&passwd, "%s:{PLAIN}%s\n", n, users[n])
	}
	if err := os.WriteFile(filepath.Join(dir, "passwd"), []byte(passwd.String()), 0o644); err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	ssl, tlsPort := "ssl = no", "0"
	if tlsAddr != "" {
		if _, tlsPort, err = net.SplitHostPort(tlsAddr); err != nil {
			return err
		}
		cert, key := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
		c, err := testcert.New()
		if err != nil {
			return err
		}
		if err := os.WriteFile(cert, c.CertPEM, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(key, c.KeyPEM, 0o600); err != nil {
			return err
		}
		ssl = fmt.Sprintf("ssl = yes\nssl_cert = <%s\nssl_key = <%s", cert, key)
	}
	capLine := ""
	if capabilities != "" {
		capLine = "imap_capability = " + capabilities
	}
	conf := fmt.Sprintf(confTemplate, dir, acc.internal, acc.group, acc.login, acc.mailUID, ssl, capLine,
		mail, dir, acc.mailUID, acc.mailGID, dir, host, port, host, tlsPort)
	return os.WriteFile(filepath.Join(dir, "dovecot.conf"), []byte(conf), 0o644)
}

// confTemplate is a whole Dovecot 2.3 configuration: IMAP only, plaintext
// login allowed (loopback tests), maildir mail, a passwd-file of users who
// all map to one system user.
const confTemplate = `# written by pbem's tests
base_dir = %[1]s/run
state_dir = %[1]s/state
log_path = %[1]s/dovecot.log
protocols = imap
listen = 127.0.0.1
default_internal_user = %[2]s
default_internal_group = %[3]s
default_login_user = %[4]s
first_valid_uid = %[5]d
disable_plaintext_auth = no
auth_mechanisms = plain login
%[6]s
%[7]s
mail_location = maildir:%[8]s/%%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%%u %[9]s/passwd
}
userdb {
  driver = static
  args = uid=%[10]d gid=%[11]d home=%[12]s/mail/%%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = %[13]s
    port = %[14]s
  }
  inet_listener imaps {
    address = %[15]s
    port = %[16]s
  }
}
service anvil {
  chroot =
}
`
