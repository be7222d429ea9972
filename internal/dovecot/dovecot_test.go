package dovecot

import (
	"bytes"
	"testing"
)

// TestRestartKeepsMail checks the helper itself: a started server takes
// mail, and after a restart on the same port the mail is still there.
func TestRestartKeepsMail(t *testing.T) {
	s := New(t, Config{})
	raw := []byte("From: a@example.org\r\nSubject: hi\r\n\r\nhello\r\n")
	_, uid := s.Append(t, User, "INBOX", raw)
	s.Restart()
	msgs := s.Messages(t, User, "INBOX")
	if len(msgs) != 1 || msgs[0].UID != uid || !bytes.Equal(msgs[0].Raw, raw) || msgs[0].Seen() {
		t.Fatalf("after restart INBOX holds %+v, want the one unseen mail with UID %d", msgs, uid)
	}
	if got := s.Messages(t, User, "Nowhere"); got != nil {
		t.Errorf("a missing mailbox lists as %v, want nil", got)
	}
}
