package mailer

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/emersion/go-msgauth/dkim"
)

// dkimKey is a DKIM signing key and the lookup that finds its public half
// as selector "sel" of any domain, as DNS would.
type dkimKey struct {
	priv   ed25519.PrivateKey
	lookup TXTLookup
}

func newDKIMKey(t *testing.T) dkimKey {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	record := "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)
	return dkimKey{priv: priv, lookup: func(_ context.Context, name string) ([]string, error) {
		if name == "sel._domainkey.provider.example" || name == "sel._domainkey.example.de" {
			return []string{record}, nil
		}
		return nil, errors.New("no such record")
	}}
}

// sign signs raw as domain with the key; keys are the header fields to
// sign (go-msgauth's default when nil).
func (k dkimKey) sign(t *testing.T, raw []byte, domain string, keys []string) []byte {
	t.Helper()
	var b bytes.Buffer
	err := dkim.Sign(&b, bytes.NewReader(raw), &dkim.SignOptions{Domain: domain, Selector: "sel", Signer: k.priv,
		HeaderKeys: keys})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDKIMAligned(t *testing.T) {
	key := newDKIMKey(t)
	oversigned := []string{"From", "From", "To", "Subject", "Message-ID"}
	prepend := func(field string) func([]byte) []byte {
		return func(raw []byte) []byte { return append([]byte(field+"\r\n"), raw...) }
	}
	replace := func(old, new string) func([]byte) []byte {
		return func(raw []byte) []byte { return bytes.Replace(raw, []byte(old), []byte(new), 1) }
	}
	tests := []struct {
		name   string
		file   string   // in testdata
		domain string   // the signer; "" for no signature
		keys   []string // signed header fields; nil for go-msgauth's default
		after  func([]byte) []byte
		want   string
	}{
		{name: "one From, signed by its domain", file: "dkim-single.eml", domain: "provider.example",
			want: "bob@provider.example"},
		{name: "From below the signing domain", file: "dkim-subdomain.eml", domain: "provider.example",
			want: "bob@mail.provider.example"},
		{name: "From oversigned (h=from:from)", file: "dkim-single.eml", domain: "provider.example", keys: oversigned,
			want: "bob@provider.example"},
		{name: "raw 8-bit display name", file: "raw8bit-latin1.eml", domain: "example.de", want: "joerg@example.de"},
		{name: "signed by another domain", file: "dkim-single.eml", domain: "example.de"},
		{name: "no signature", file: "dkim-single.eml"},
		{name: "body changed after signing", file: "dkim-single.eml", domain: "provider.example",
			after: replace("K10", "L9 ")},
		{name: "From changed after signing", file: "dkim-single.eml", domain: "provider.example",
			after: replace("bob@", "eve@")},
		// The attack: a signed mail from the attacker's own account with
		// the victim's From put above the signed one.
		{name: "From prepended after signing", file: "dkim-single.eml", domain: "provider.example",
			after: prepend("From: victim@provider.example")},
		{name: "From prepended to an oversigned mail", file: "dkim-single.eml", domain: "provider.example", keys: oversigned,
			after: prepend("From: victim@provider.example")},
		{name: "two From fields, both signed", file: "two-from.eml", domain: "provider.example", keys: oversigned},
		{name: "From with two addresses", file: "from-two-addresses.eml", domain: "provider.example"},
		{name: "unreadable From", file: "dkim-single.eml", domain: "provider.example",
			after: replace("From: Bob <bob@provider.example>", "From: Bob <bob@provider.example")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if tc.domain != "" {
				raw = key.sign(t, raw, tc.domain, tc.keys)
			}
			if tc.after != nil {
				raw = tc.after(raw)
			}
			if got := DKIMAligned(t.Context(), raw, key.lookup); got != tc.want {
				t.Errorf("DKIMAligned = %q, want %q\n%s", got, tc.want, raw)
			}
		})
	}
	t.Run("garbage", func(t *testing.T) {
		if got := DKIMAligned(t.Context(), []byte("\x00\x01"), key.lookup); got != "" {
			t.Errorf("DKIMAligned = %q, want none", got)
		}
	})
}

// TestSignsEveryFrom checks the h= count on its own: go-msgauth already
// refuses a signature that leaves From out, and the one-From rule hides
// the rest, but the count must not rest on either.
func TestSignsEveryFrom(t *testing.T) {
	tests := []struct {
		keys []string
		n    int
		want bool
	}{
		{[]string{"From", "To"}, 1, true},
		{[]string{"from", " FROM "}, 2, true},
		{[]string{"From", "From", "From"}, 2, true},
		{[]string{"From", "To"}, 2, false},
		{[]string{"To", "Subject"}, 1, false},
		{nil, 1, false},
	}
	for _, tc := range tests {
		if got := signsEveryFrom(tc.keys, tc.n); got != tc.want {
			t.Errorf("signsEveryFrom(%q, %d) = %v, want %v", tc.keys, tc.n, got, tc.want)
		}
	}
}

func TestFromFields(t *testing.T) {
	tests := []struct {
		raw  string
		want []string
	}{
		{"From: a@x\r\nTo: b@y\r\n\r\nFrom: not a header\r\n", []string{" a@x"}},
		{"from: a@x\r\nFROM : b@x\r\n\r\n", []string{" a@x", " b@x"}},
		{"From: A\r\n <a@x>\r\n\r\n", []string{" A <a@x>"}},
		{"To: b@y\r\n\r\n", nil},
	}
	for _, tc := range tests {
		if got := fromFields([]byte(tc.raw)); !slices.Equal(got, tc.want) {
			t.Errorf("fromFields(%q) = %q, want %q", tc.raw, got, tc.want)
		}
	}
}

// FuzzDKIMAligned feeds DKIMAligned any mail with no key to be found: it
// must neither panic nor vouch for anyone.
func FuzzDKIMAligned(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.eml"))
	for _, name := range files {
		raw, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		noKey := func(context.Context, string) ([]string, error) { return nil, errors.New("no such record") }
		if got := DKIMAligned(t.Context(), raw, noKey); got != "" {
			t.Fatalf("DKIMAligned vouches for %q with no key", got)
		}
	})
}
