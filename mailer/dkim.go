package mailer

import (
	"bytes"
	"context"
	"net"
	"strings"

	"github.com/emersion/go-msgauth/dkim"
)

// DKIMAligned reports whether raw carries a valid DKIM signature whose
// signing domain aligns with the From address's domain (relaxed alignment:
// the same domain, or From's domain below it). The DNS lookups use ctx.
func DKIMAligned(ctx context.Context, raw []byte, from string) bool {
	var r net.Resolver
	return dkimAligned(raw, from, func(name string) ([]string, error) {
		return r.LookupTXT(ctx, name)
	})
}

func dkimAligned(raw []byte, from string, lookup func(string) ([]string, error)) bool {
	_, domain, ok := strings.Cut(strings.ToLower(from), "@")
	if !ok || domain == "" {
		return false
	}
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{LookupTXT: lookup, MaxVerifications: 5})
	if err != nil && len(vs) == 0 {
		return false
	}
	for _, v := range vs {
		if v.Err != nil {
			continue
		}
		d := strings.ToLower(v.Domain)
		if domain == d || strings.HasSuffix(domain, "."+d) {
			return true
		}
	}
	return false
}
