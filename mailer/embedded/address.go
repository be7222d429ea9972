package embedded

import (
	"fmt"
	"strings"
)

// maxUserName bounds a user name, which is also a directory name.
const maxUserName = 64

// userName turns the local part of an address into the user that owns the
// mailbox: the part before a '+' (plus-addressing), in lower case. The result
// names a directory, so it is restricted to letters, digits, '.', '_' and '-'
// and cannot start with '.'.
func userName(local string) (string, error) {
	base, _, _ := strings.Cut(local, "+")
	name := strings.ToLower(base)
	switch {
	case name == "":
		return "", fmt.Errorf("user name in %q is empty", local)
	case len(name) > maxUserName:
		return "", fmt.Errorf("user name %q is longer than %d characters", name, maxUserName)
	case name[0] == '.':
		return "", fmt.Errorf("user name %q starts with '.'", name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			return "", fmt.Errorf("user name %q contains %q: only letters, digits, '.', '_' and '-' are allowed", name, r)
		}
	}
	return name, nil
}

// splitAddress splits local@domain at its last '@'; the domain comes back in
// lower case.
func splitAddress(addr string) (local, domain string, ok bool) {
	i := strings.LastIndexByte(addr, '@')
	if i <= 0 || i == len(addr)-1 {
		return "", "", false
	}
	return addr[:i], strings.ToLower(addr[i+1:]), true
}

// loginUser maps an IMAP or SMTP AUTH login, "name@domain" or just "name", to
// its user.
func loginUser(login, domain string) (string, error) {
	if !strings.Contains(login, "@") {
		return userName(login)
	}
	local, d, ok := splitAddress(login)
	if !ok {
		return "", fmt.Errorf("login %q is not of the form name@%s", login, domain)
	}
	if d != domain {
		return "", fmt.Errorf("login %q is not in the domain %s served here", login, domain)
	}
	return userName(local)
}
