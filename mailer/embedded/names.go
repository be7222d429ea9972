package embedded

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// delim separates the levels of mailbox names ("Games/Pente").
const delim = '/'

// inbox is the mailbox every user has, whatever case the client uses.
const inbox = "INBOX"

// maxDirName is the longest file name most file systems accept.
const maxDirName = 255

// escapeName maps a mailbox name to its directory name: bytes outside
// [A-Za-z0-9_-] become %XX. The result holds no '/' and no '.', so it stays in
// its parent directory and never clashes with state.json, user.json or the
// hidden temporary files.
func escapeName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// canonicalName trims a trailing delimiter (RFC 3501 allows it on CREATE)
// and spells INBOX in capitals.
func canonicalName(name string) string {
	name = strings.TrimRight(name, string(delim))
	if strings.EqualFold(name, inbox) {
		return inbox
	}
	return name
}

// checkMailboxName refuses names that cannot be stored or listed.
func checkMailboxName(name string) error {
	if name == "" {
		return fmt.Errorf("mailbox name is empty")
	}
	if !utf8.ValidString(name) {
		return fmt.Errorf("mailbox name %q is not valid UTF-8", name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("mailbox name %q contains the control character %U", name, r)
		}
	}
	for _, level := range strings.Split(name, string(delim)) {
		if level == "" {
			return fmt.Errorf("mailbox name %q has an empty level between '%c' delimiters", name, delim)
		}
	}
	if len(escapeName(name)) > maxDirName {
		return fmt.Errorf("mailbox name %q is too long to store", name)
	}
	return nil
}

// parents lists the superior names of a mailbox: "a/b/c" gives "a", "a/b".
func parents(name string) []string {
	var l []string
	for i := 0; i < len(name); i++ {
		if name[i] == delim {
			l = append(l, name[:i])
		}
	}
	return l
}
