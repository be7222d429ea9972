package mailer

import (
	"strings"
	"testing"
)

func TestParseIMAPURL(t *testing.T) {
	tests := []struct {
		url     string
		want    endpoint // security, addr, user, pass, mailbox are compared
		wantErr string
	}{
		{url: "imap://pbem:secret@127.0.0.1:1143/INBOX",
			want: endpoint{security: plainText, addr: "127.0.0.1:1143", user: "pbem", pass: "secret", mailbox: "INBOX"}},
		{url: "imaps://pbem%40example.org:p%40ss%2Fw@imap.example.org/Games/pbem",
			want: endpoint{security: implicitTLS, addr: "imap.example.org:993", user: "pbem@example.org", pass: "p@ss/w", mailbox: "Games/pbem"}},
		{url: "imap+starttls://u:p@mail.example.org",
			want: endpoint{security: startTLS, addr: "mail.example.org:143", user: "u", pass: "p", mailbox: "INBOX"}},
		{url: "IMAP://u:p@localhost/",
			want: endpoint{security: plainText, addr: "localhost:143", user: "u", pass: "p", mailbox: "INBOX"}},
		{url: "imap://u:p@[::1]:1143/INBOX",
			want: endpoint{security: plainText, addr: "[::1]:1143", user: "u", pass: "p", mailbox: "INBOX"}},
		{url: "imap://u:secret@imap.example.org/INBOX", wantErr: "password in clear"},
		{url: "pop3://u:p@host/INBOX", wantErr: `scheme "pop3" is not one of imap+starttls://, imap://, imaps://`},
		{url: "imaps://imap.example.org/INBOX", wantErr: "no user name"},
		{url: "imaps:///INBOX", wantErr: "no host"},
		{url: "imaps:u:p@host", wantErr: "no host"},
		{url: "imaps://u:p@host/INBOX?tls=no", wantErr: "no query"},
		{url: "imaps://u:p%zz@host/INBOX", wantErr: "cannot read it"},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			got, err := parseIMAPURL(tc.url)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
				}
				if strings.Contains(err.Error(), "secret") {
					t.Errorf("error %q shows the password", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if got.security != tc.want.security || got.addr != tc.want.addr || got.user != tc.want.user ||
				got.pass != tc.want.pass || got.mailbox != tc.want.mailbox {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			if strings.Contains(got.redacted, ":"+got.pass+"@") {
				t.Errorf("redacted URL %q shows the password", got.redacted)
			}
		})
	}
}

func TestParseSMTPURL(t *testing.T) {
	tests := []struct {
		url     string
		want    endpoint
		wantErr string
	}{
		{url: "smtp://127.0.0.1:1025", want: endpoint{security: startTLSIfOffered, addr: "127.0.0.1:1025"}},
		{url: "smtp://u:p@mx.example.org", want: endpoint{security: startTLSIfOffered, addr: "mx.example.org:25", user: "u", pass: "p"}},
		{url: "smtp+starttls://u:p@smtp.example.org", want: endpoint{security: startTLS, addr: "smtp.example.org:587", user: "u", pass: "p"}},
		{url: "smtps://u:p@smtp.example.org", want: endpoint{security: implicitTLS, addr: "smtp.example.org:465", user: "u", pass: "p"}},
		{url: "smtp://host/INBOX", wantErr: "unexpected path"},
		{url: "imap://host", wantErr: "is not one of smtp+starttls://, smtp://, smtps://"},
		{url: "smtp://", wantErr: "no host"},
	}
	for _, tc := range tests {
		t.Run(tc.url, func(t *testing.T) {
			got, err := parseSMTPURL(tc.url)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if got.security != tc.want.security || got.addr != tc.want.addr || got.user != tc.want.user || got.pass != tc.want.pass {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// FuzzParseURL checks that no URL panics the parsers and that a password
// never shows in what they log or say.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{"imap://pbem:secret@127.0.0.1:1143/INBOX", "imaps://u%40x:p%2F@host/A/B",
		"smtp://u:p@[::1]:25", "smtps://host", "imap+starttls://u:p@h", "imap://:@/", "smtp://%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, parse := range []func(string) (endpoint, error){parseIMAPURL, parseSMTPURL} {
			e, err := parse(raw)
			if err != nil {
				if e != (endpoint{}) {
					t.Errorf("error %v with a non-empty endpoint %+v", err, e)
				}
				continue
			}
			if e.addr == "" {
				t.Errorf("%q parsed without an address", raw)
			}
			if e.pass != "" && !strings.Contains(e.redacted, ":xxxxx@") {
				t.Errorf("redacted %q does not hide the password", e.redacted)
			}
		}
	})
}
