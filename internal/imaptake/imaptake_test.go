package imaptake

import (
	"fmt"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"

	"pbem/internal/dovecot"
)

// TestWaysTakeEveryMail checks each way on Dovecot: every mail ends
// \Seen, in its mailbox, or in the folder done for the ways that move.
func TestWaysTakeEveryMail(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	c := srv.Dial(t, dovecot.User)
	if err := c.Create("Done", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	for i, way := range Ways() {
		t.Run(way.Name, func(t *testing.T) {
			mails := make([][]byte, 3)
			for j := range mails {
				mails[j] = fmt.Appendf(nil, "From: a@example.org\r\nSubject: %d.%d\r\n\r\nK10\r\n", i, j)
			}
			box := fmt.Sprintf("box%d", i)
			if err := Fill(c, box, mails); err != nil {
				t.Fatal(err)
			}
			before := len(srv.Messages(t, dovecot.User, "Done"))
			if err := way.Take(c, len(mails), "Done"); err != nil {
				t.Fatal(err)
			}
			taken, left := srv.Messages(t, dovecot.User, box), 0
			if strings.HasSuffix(way.Name, "+move") {
				left, taken = len(taken), srv.Messages(t, dovecot.User, "Done")[before:]
			}
			if len(taken) != len(mails) || left != 0 {
				t.Fatalf("%d mails taken and %d left behind, want %d taken", len(taken), left, len(mails))
			}
			for _, m := range taken {
				if !m.Seen() {
					t.Errorf("a taken mail is not \\Seen:\n%s", m.Raw)
				}
			}
		})
	}
}

// TestFromIdleTakesEveryMail checks FromIdle on Dovecot: mails moved in
// at once while it waits in IDLE all end \Seen, and none is left out.
func TestFromIdleTakesEveryMail(t *testing.T) {
	srv := dovecot.New(t, dovecot.Config{})
	mover := srv.Dial(t, dovecot.User)
	mails := make([][]byte, 40)
	for j := range mails {
		mails[j] = fmt.Appendf(nil, "From: a@example.org\r\nSubject: %d\r\n\r\nK10\r\n", j)
	}
	if err := Fill(mover, "Staging", mails); err != nil {
		t.Fatal(err)
	}
	if err := mover.Create("Burst", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	exists := NewExists()
	c := srv.DialWith(t, dovecot.User, exists.Handler())
	if _, err := c.Select("Burst", nil).Wait(); err != nil {
		t.Fatal(err)
	}
	var all imap.SeqSet
	all.AddRange(1, 0)
	err := FromIdle(c, exists, len(mails), func() error {
		_, err := mover.Move(all, "Burst").Wait()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	taken := srv.Messages(t, dovecot.User, "Burst")
	if len(taken) != len(mails) {
		t.Fatalf("%d mails in Burst, want %d", len(taken), len(mails))
	}
	for _, m := range taken {
		if !m.Seen() {
			t.Errorf("a taken mail is not \\Seen:\n%s", m.Raw)
		}
	}
}
