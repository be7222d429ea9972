package embedded

import (
	"fmt"
	"slices"
	"strings"

	"github.com/emersion/go-imap/v2"
)

// systemFlags are the flags a client may store whose spelling is fixed.
var systemFlags = []imap.Flag{imap.FlagSeen, imap.FlagAnswered, imap.FlagFlagged, imap.FlagDeleted, imap.FlagDraft}

// canonicalFlag spells system flags the standard way; keywords keep the
// client's spelling. Flags compare case-insensitively (RFC 3501).
func canonicalFlag(f imap.Flag) imap.Flag {
	for _, s := range systemFlags {
		if strings.EqualFold(string(f), string(s)) {
			return s
		}
	}
	return f
}

func hasFlag(flags []imap.Flag, f imap.Flag) bool {
	return slices.ContainsFunc(flags, func(g imap.Flag) bool { return strings.EqualFold(string(g), string(f)) })
}

// normalizeFlags returns a new sorted list without duplicates and without
// \Recent, which only the server sets (and this one never does).
func normalizeFlags(in []imap.Flag) []imap.Flag {
	out := make([]imap.Flag, 0, len(in))
	for _, f := range in {
		f = canonicalFlag(f)
		if strings.EqualFold(string(f), `\Recent`) || hasFlag(out, f) {
			continue
		}
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// storeFlags applies a STORE operation and returns the new flags; it never
// changes flags in place, since the slices are shared between state copies.
func storeFlags(flags []imap.Flag, op imap.StoreFlagsOp, change []imap.Flag) []imap.Flag {
	switch op {
	case imap.StoreFlagsSet:
		return normalizeFlags(change)
	case imap.StoreFlagsAdd:
		return normalizeFlags(append(slices.Clone(flags), change...))
	default: // imap.StoreFlagsDel
		return slices.DeleteFunc(slices.Clone(flags), func(f imap.Flag) bool { return hasFlag(change, f) })
	}
}

// checkFlag refuses what could not be written back as an IMAP flag: an atom,
// optionally after one backslash.
func checkFlag(f imap.Flag) error {
	s := strings.TrimPrefix(string(f), `\`)
	if s == "" {
		return fmt.Errorf("flag %q is empty", f)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`(){%*"\]`, c) >= 0 {
			return fmt.Errorf("flag %q contains %q, which a flag cannot hold", f, c)
		}
	}
	return nil
}
