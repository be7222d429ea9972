package play

import (
	"strings"
	"testing"
)

func TestReadAnswered(t *testing.T) {
	tests := []struct {
		id   string
		want answeredMail
	}{
		{"pbem.7-abcdefgh.p12.0123456789abcdef@example.org", answeredMail{game: 7, plies: 12, known: true}},
		{"pbem.7-abcdefgh.p0.0123456789abcdef@example.org", answeredMail{game: 7, plies: 0, known: true}},
		{"PBEM.7-ABCDEFGH.P3.0123456789ABCDEF@EXAMPLE.ORG", answeredMail{game: 7, plies: 3, known: true}},
		// A Message-ID from before the mark: the token reads, the ply is unknown.
		{"pbem.7-abcdefgh.0123456789abcdef@example.org", answeredMail{}},
		// The account key names no game.
		{"pbem.0-abcdefgh.p3.0123456789abcdef@example.org", answeredMail{}},
		{"m1@client.example", answeredMail{}},
		{"", answeredMail{}},
		{"pbem.7-abcdefgh.px.0123@example.org", answeredMail{}},
		{"pbem.7-abcdefgh.p-1.0123@example.org", answeredMail{}},
		{"pbem.x-abcdefgh.p3.0123@example.org", answeredMail{}},
		{"pbem.7-abcdefgh.p3", answeredMail{}},
	}
	for _, tc := range tests {
		if got := readAnswered(tc.id); got != tc.want {
			t.Errorf("readAnswered(%q) = %+v, want %+v", tc.id, got, tc.want)
		}
	}
}

// TestMessageIDsOldAndNewProveTheSender checks that the key in the
// Message-ID a mail answers proves its sender, whether that Message-ID
// carries the ply mark or is from before it.
func TestMessageIDsOldAndNewProveTheSender(t *testing.T) {
	k := tokens{secret: []byte("0123456789abcdef0123456789abcdef")}
	tok := k.token("bob@example.org", 4)
	for _, id := range []string{
		"pbem." + tok + ".p9.0123456789abcdef@example.org",
		"pbem." + tok + ".0123456789abcdef@example.org",
	} {
		th := k.readThread(Message{From: "bob@example.org", To: []string{"pbem@example.org"}, InReplyTo: id}, "pbem")
		if !th.verified || th.keyGame != 4 || th.game != 4 {
			t.Errorf("reply to %s: %+v, want game 4 proven", id, th)
		}
		// Without In-Reply-To, the last of References is the mail answered.
		th = k.readThread(Message{From: "bob@example.org", References: []string{"x@y", id}}, "pbem")
		if th.answered != readAnswered(id) || !th.verified {
			t.Errorf("References %s: %+v", id, th)
		}
	}
}

func FuzzReadAnswered(f *testing.F) {
	f.Add("pbem.7-abcdefgh.p12.0123456789abcdef@example.org")
	f.Add("pbem.7-abcdefgh.0123456789abcdef@example.org")
	f.Add("pbem..p.@")
	f.Fuzz(func(t *testing.T, id string) {
		a := readAnswered(id)
		if a.known && (a.game <= 0 || a.plies < 0 || !strings.HasPrefix(strings.ToLower(id), "pbem.")) {
			t.Fatalf("readAnswered(%q) = %+v", id, a)
		}
		if !a.known && a != (answeredMail{}) {
			t.Fatalf("readAnswered(%q) = %+v: unknown with values", id, a)
		}
	})
}
