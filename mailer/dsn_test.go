package mailer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeliveryStatusOfAPostfixBounce reads a Postfix bounce whole: the
// report arrives as an attachment of type message/delivery-status, and says
// which recipient failed and why.
func TestDeliveryStatusOfAPostfixBounce(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "dsn-postfix.eml"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if p.From != "mailer-daemon@mx.example.org" || !contains(p.To, "pbem+bounce-12-k3j5h2g8d9s0a1b2@example.org") {
		t.Errorf("from %q to %q; want the mail system, to the envelope sender", p.From, p.To)
	}
	var reports []DeliveryStatus
	for _, a := range p.Attachments {
		if IsDeliveryStatus(a.Type) {
			reports = append(reports, ParseDeliveryStatus(a.Data))
		}
	}
	if len(reports) != 1 || len(reports[0].Recipients) != 1 {
		t.Fatalf("delivery reports %+v (attachments %d); want one about one recipient", reports, len(p.Attachments))
	}
	r := reports[0].Recipients[0]
	if r.Final != "bob@example.net" || r.Original != "bob@example.net" || !r.Failed() || r.Status != "5.1.1" ||
		!strings.Contains(r.Diagnostic, "550 5.1.1 <bob@example.net>: Recipient address rejected: User unknown") {
		t.Errorf("recipient %+v", r)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestParseDeliveryStatus(t *testing.T) {
	tests := []struct {
		name string
		body string
		want []RecipientStatus
	}{
		{"exim, CRLF, upper-case type", "Reporting-MTA: dns; mx.example.org\r\n\r\nAction: failed\r\nFinal-Recipient: RFC822; Bob@Example.org\r\nStatus: 5.0.0\r\n",
			[]RecipientStatus{{Final: "bob@example.org", Action: "failed", Status: "5.0.0"}}},
		{"angle brackets, no type", "Final-Recipient: <carol@example.org>\nAction: FAILED (permanent)\n",
			[]RecipientStatus{{Final: "carol@example.org", Action: "failed"}}},
		{"forwarded: the original recipient kept", "Reporting-MTA: dns; mx\n\nOriginal-Recipient: rfc822;bob@example.org\nFinal-Recipient: rfc822;bob@mail.example.net\nAction: failed\nDiagnostic-Code: smtp;550 no such user\n",
			[]RecipientStatus{{Final: "bob@mail.example.net", Original: "bob@example.org", Action: "failed", Diagnostic: "550 no such user"}}},
		{"a delay warning", "Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822; bob@example.org\nAction: delayed\nStatus: 4.4.1\n",
			[]RecipientStatus{{Final: "bob@example.org", Action: "delayed", Status: "4.4.1"}}},
		{"two recipients, blank lines of spaces", "Reporting-MTA: dns; mx\n  \nFinal-Recipient: rfc822; a@x.org\nAction: failed\n \t\nFinal-Recipient: rfc822; b@x.org\nAction: delivered\n",
			[]RecipientStatus{{Final: "a@x.org", Action: "failed"}, {Final: "b@x.org", Action: "delivered"}}},
		{"the message block only", "Reporting-MTA: dns; mx\nArrival-Date: today\n", nil},
		{"not fields at all", "this is not a report\n\nnor is this", nil},
		{"empty", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ParseDeliveryStatus([]byte(tc.body)).Recipients
			if len(got) != len(tc.want) {
				t.Fatalf("recipients %+v, want %+v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("recipient %d: %+v, want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func FuzzParseDeliveryStatus(f *testing.F) {
	if raw, err := os.ReadFile(filepath.Join("testdata", "dsn-postfix.eml")); err == nil {
		f.Add(raw)
	}
	f.Add([]byte("Final-Recipient: rfc822; a@x.org\nAction: failed\n"))
	f.Add([]byte("\n \n\t\nFinal-Recipient:\n Action\n"))
	f.Fuzz(func(t *testing.T, body []byte) {
		ds := ParseDeliveryStatus(body)
		if len(ds.Recipients) > maxStatusBlocks {
			t.Fatalf("%d recipient blocks, more than %d", len(ds.Recipients), maxStatusBlocks)
		}
		for _, r := range ds.Recipients {
			if r.Final != strings.ToLower(r.Final) || r.Original != strings.ToLower(r.Original) || r.Action != strings.ToLower(r.Action) {
				t.Errorf("not in lower case: %+v", r)
			}
			if strings.ContainsAny(r.Final+r.Original+r.Action+r.Status+r.Diagnostic, "\r\n") {
				t.Errorf("a line break in a field: %+v", r)
			}
		}
	})
}
