package mailer

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/emersion/go-msgauth/dkim"
)

func TestDKIMAligned(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	record := "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)
	lookup := func(name string) ([]string, error) {
		if name == "sel._domainkey.example.org" {
			return []string{record}, nil
		}
		return nil, errors.New("no such record")
	}
	sign := func(t *testing.T, from, domain string) []byte {
		t.Helper()
		msg := "From: " + from + "\r\nTo: pbem@example.net\r\nSubject: move\r\n\r\nK10\r\n"
		var b bytes.Buffer
		err := dkim.Sign(&b, strings.NewReader(msg), &dkim.SignOptions{Domain: domain, Selector: "sel", Signer: priv})
		if err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	tests := []struct {
		name string
		raw  []byte
		from string
		want bool
	}{
		{"signed by the From domain", sign(t, "bob@example.org", "example.org"), "bob@example.org", true},
		{"From in a subdomain of the signer", sign(t, "bob@mail.example.org", "example.org"), "bob@mail.example.org", true},
		{"signed by another domain", sign(t, "bob@example.com", "example.org"), "bob@example.com", false},
		{"no signature", []byte("From: bob@example.org\r\n\r\nK10\r\n"), "bob@example.org", false},
		{"body changed after signing", bytes.Replace(sign(t, "bob@example.org", "example.org"), []byte("K10"), []byte("L9 "), 1), "bob@example.org", false},
		{"garbage", []byte("\x00\x01"), "bob@example.org", false},
	}
	for _, tc := range tests {
		if got := dkimAligned(tc.raw, tc.from, lookup); got != tc.want {
			t.Errorf("%s: aligned = %v, want %v", tc.name, got, tc.want)
		}
	}
}
