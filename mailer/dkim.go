package mailer

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/textproto"
	"strings"

	"github.com/emersion/go-msgauth/dkim"
)

// TXTLookup looks up the DNS TXT records of a name.
type TXTLookup func(ctx context.Context, name string) ([]string, error)

// maxDKIMSignatures bounds the signatures checked in one mail, and so the
// DNS lookups one mail can cause.
const maxDKIMSignatures = 5

// DKIMAligned returns the From address that a valid DKIM signature of raw
// vouches for, lowercased, or "" when none does. A signature vouches for
// From only when:
//   - the header has exactly one From field, holding exactly one address
//     (a second From, which a signer may never have seen, voids the trust);
//   - the signature is valid: body hash, signed header fields, not expired;
//   - its h= tag names From at least as many times as the header has From
//     fields, so that no unsigned From can sit beside the signed one;
//   - its domain (d=) is the address's domain or a parent of it (relaxed
//     alignment).
//
// The caller trusts the mail only when the address returned is the From it
// acts on. lookup finds the signers' keys; nil means DNS, through ctx.
func DKIMAligned(ctx context.Context, raw []byte, lookup TXTLookup) string {
	if lookup == nil {
		lookup = net.DefaultResolver.LookupTXT
	}
	froms := fromFields(raw)
	if len(froms) != 1 {
		return ""
	}
	list := addressList(froms[0])
	if len(list) != 1 {
		return ""
	}
	from := list[0].Address
	domain := from[strings.LastIndexByte(from, '@')+1:]
	if domain == "" {
		return ""
	}
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{
		LookupTXT:        func(name string) ([]string, error) { return lookup(ctx, name) },
		MaxVerifications: maxDKIMSignatures,
	})
	if err != nil && len(vs) == 0 {
		return ""
	}
	for _, v := range vs {
		if v.Err == nil && signsEveryFrom(v.HeaderKeys, len(froms)) && alignedDomain(domain, v.Domain) {
			return from
		}
	}
	return ""
}

// fromFields returns the values of raw's From header fields, unfolded,
// read as the DKIM verifier reads a header (lines by net/textproto, a line
// starting with a space or tab continues the field, the name trimmed and
// matched in any case), so that the From read here is the one the
// signature covers.
func fromFields(raw []byte) []string {
	tr := textproto.NewReader(bufio.NewReader(bytes.NewReader(raw)))
	var fields []string
	for {
		l, err := tr.ReadLine()
		if err != nil || l == "" {
			break
		}
		if len(fields) > 0 && (l[0] == ' ' || l[0] == '\t') {
			fields[len(fields)-1] += l
			continue
		}
		fields = append(fields, l)
	}
	var froms []string
	for _, f := range fields {
		if name, value, _ := strings.Cut(f, ":"); strings.EqualFold(strings.TrimSpace(name), "From") {
			froms = append(froms, value)
		}
	}
	return froms
}

// signsEveryFrom reports whether a signature's signed header names (its
// h= tag) name From at least n times: each name signs one field from the
// bottom of the header up, so fewer leave a From field unsigned.
func signsEveryFrom(keys []string, n int) bool {
	signed := 0
	for _, k := range keys {
		if strings.EqualFold(strings.TrimSpace(k), "From") {
			signed++
		}
	}
	return signed >= n
}

// alignedDomain reports whether the signing domain d aligns with the From
// domain: the same, or a parent of it.
func alignedDomain(from, d string) bool {
	from, d = strings.ToLower(from), strings.ToLower(d)
	return d != "" && (from == d || strings.HasSuffix(from, "."+d))
}
