package embedded

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/emersion/go-smtp"
)

// BenchmarkSMTPDelivery measures messages delivered per second over one SMTP
// connection into one INBOX: each costs two synced file writes.
func BenchmarkSMTPDelivery(b *testing.B) {
	s, err := Start(context.Background(), Config{Dir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	c, err := smtp.Dial(s.SMTPAddr())
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if err := c.Hello("bench.localhost"); err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		msg := fmt.Sprintf("From: a@localhost\r\nTo: pbem@localhost\r\nSubject: move %d\r\n\r\nK10\r\n", i)
		if err := c.SendMail("a@localhost", []string{"pbem+1@localhost"}, bytes.NewReader([]byte(msg))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}
