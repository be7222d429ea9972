package smtptest

import (
	"errors"
	"net"
	"net/smtp"
	"net/textproto"
	"testing"
	"time"
)

func send(addr, to, body string) error {
	return smtp.SendMail(addr, nil, "pbem@example.org", []string{to}, []byte("Subject: hi\r\n\r\n"+body+"\r\n"))
}

// TestServerRecordsWhatItAccepts checks the server: it records each mail
// it takes with its envelope and arrival, answers as OnRcpt and OnData
// say, and after Stop and Start takes mail again on the same port.
func TestServerRecordsWhatItAccepts(t *testing.T) {
	s := New(t, Options{})
	before := time.Now()
	if err := send(s.Addr, "alice@example.org", "one"); err != nil {
		t.Fatal(err)
	}
	got := s.Mails()
	if len(got) != 1 || got[0].From != "pbem@example.org" || len(got[0].To) != 1 || got[0].To[0] != "alice@example.org" ||
		string(got[0].Data) != "Subject: hi\r\n\r\none\r\n" || got[0].Received.Before(before) {
		t.Fatalf("the server holds %+v, want the one mail to alice", got)
	}

	s.OnRcpt(func(to string, attempt int) error {
		if attempt == 1 {
			return Reply(451, "try again later")
		}
		return nil
	})
	err := send(s.Addr, "bob@example.org", "two")
	var tpe *textproto.Error
	if !errors.As(err, &tpe) || tpe.Code != 451 {
		t.Fatalf("first try to bob: %v, want a 451", err)
	}
	if err := send(s.Addr, "bob@example.org", "two"); err != nil {
		t.Fatalf("second try to bob: %v", err)
	}
	if n := s.RcptAttempts("bob@example.org"); n != 2 {
		t.Errorf("RCPT TO bob tried %d times, want 2", n)
	}
	s.OnRcpt(nil)
	s.OnData(func() error { return Reply(554, "no thanks") })
	if err := send(s.Addr, "carol@example.org", "three"); !errors.As(err, &tpe) || tpe.Code != 554 {
		t.Fatalf("DATA refused: %v, want a 554", err)
	}
	s.OnData(nil)

	s.Stop()
	if err := send(s.Addr, "dave@example.org", "four"); err == nil {
		t.Fatal("a stopped server took mail")
	}
	if s.WaitMore(2, 50*time.Millisecond) {
		t.Fatal("WaitMore saw a third mail that never came")
	}
	s.Start()
	done := make(chan bool)
	go func() { done <- s.WaitMore(2, 30*time.Second) }()
	if err := send(s.Addr, "dave@example.org", "four"); err != nil {
		t.Fatalf("after Start: %v", err)
	}
	if !<-done {
		t.Fatal("WaitMore did not see the third mail")
	}
	if got := s.Since(2); len(got) != 1 || got[0].To[0] != "dave@example.org" {
		t.Errorf("Since(2) = %+v, want dave's mail", got)
	}
}

// TestWaitIdleSeesAHungUpClientsMail checks WaitIdle: it waits while a
// client is connected, and once a client that ended DATA hung up without
// reading the answer (as a killed one does), its mail is recorded.
func TestWaitIdleSeesAHungUpClientsMail(t *testing.T) {
	s := New(t, Options{})
	if !s.WaitIdle(time.Second) {
		t.Fatal("WaitIdle waited with no client connected")
	}
	conn, err := net.Dial("tcp", s.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	tc := textproto.NewConn(conn)
	if _, _, err := tc.ReadResponse(220); err != nil {
		t.Fatalf("greeting: %v", err)
	}
	if id, err := tc.Cmd("EHLO client.test"); err != nil {
		t.Fatal(err)
	} else {
		tc.StartResponse(id)
		_, _, err = tc.ReadResponse(250)
		tc.EndResponse(id)
		if err != nil {
			t.Fatalf("EHLO: %v", err)
		}
	}
	if s.WaitIdle(50 * time.Millisecond) {
		t.Fatal("WaitIdle returned while a session was open")
	}
	// The whole transaction at once (the server offers PIPELINING), then
	// a hang-up without QUIT and without reading the answers.
	if _, err := conn.Write([]byte("MAIL FROM:<pbem@example.org>\r\nRCPT TO:<alice@example.org>\r\nDATA\r\n" +
		"Subject: hi\r\n\r\none\r\n.\r\n")); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if !s.WaitIdle(30 * time.Second) {
		t.Fatal("the session of a client that hung up did not end")
	}
	if got := s.Mails(); len(got) != 1 || got[0].To[0] != "alice@example.org" {
		t.Fatalf("after the hang-up the server holds %+v, want the mail to alice", got)
	}
}
