package mailer

import (
	"bytes"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/emersion/go-message"

	"pbem/db"
	"pbem/internal/smtptest"
)

// TestSenderDrawsDescribedPictures queues mails whose pictures are
// described, not drawn: the sender draws each position once for all the
// mails that show it, and a mail whose picture cannot be drawn goes as its
// text alone.
func TestSenderDrawsDescribedPictures(t *testing.T) {
	srv := smtptest.New(t, smtptest.Options{})
	store := openStore(t)
	pic := tinyPNG(t)
	var draws atomic.Int64
	draw := func(desc string) ([]byte, error) {
		draws.Add(1)
		if desc == "broken" {
			return nil, errors.New("no such position")
		}
		return pic, nil
	}
	described := func(n int, to, desc string) db.Mail {
		m := simpleMail(n, to)
		m.Attachments = []db.Attachment{{Name: "game-1.png", Type: "image/png", ContentID: "board1.3@example.org", Draw: desc}}
		return m
	}
	mails := []db.Mail{described(1, "alice@example.org", "ply 3"), described(2, "bob@example.org", "ply 3"),
		described(3, "carol@example.org", "broken")}
	ids := queue(t, store, mails...)
	cfg := testSender(t, "smtp://"+srv.Addr, store)
	cfg.Draw = draw
	start(t, newSender(t, cfg).Run)
	waitSent(t, store, ids...)

	got := srv.Mails()
	if len(got) != 3 {
		t.Fatalf("server received %d mails, want 3", len(got))
	}
	for i, want := range []string{
		"multipart/alternative\n  text/plain\n  multipart/related\n    text/html\n    image/png",
		"multipart/alternative\n  text/plain\n  multipart/related\n    text/html\n    image/png",
		"text/plain",
	} {
		e, err := message.Read(bytes.NewReader(got[i].Data))
		if err != nil {
			t.Fatal(err)
		}
		var leaves []part
		var shape []string
		walk(t, e, "", &leaves, &shape)
		if s := strings.Join(shape, "\n"); s != want {
			t.Errorf("mail %d shape\n%s\nwant\n%s", i+1, s, want)
			continue
		}
		if string(leaves[0].body) != mails[i].Body {
			t.Errorf("mail %d text %q, want %q", i+1, leaves[0].body, mails[i].Body)
		}
		if len(leaves) == 3 && !bytes.Equal(leaves[2].body, pic) {
			t.Errorf("mail %d picture is %d bytes, not the one drawn", i+1, len(leaves[2].body))
		}
	}
	if n := draws.Load(); n != 2 {
		t.Errorf("the drawer ran %d times, want 2: once for the position two mails show, once for the broken one", n)
	}
}

// TestPicturesWithoutDrawer checks that a described picture with no drawer
// to draw it is left out, and that Compose leaves out a picture still
// undrawn: the mail goes as text.
func TestPicturesWithoutDrawer(t *testing.T) {
	m := simpleMail(1, "alice@example.org")
	m.Attachments = []db.Attachment{{Name: "game-1.png", Type: "image/png", ContentID: "board1.3@example.org", Draw: "ply 3"}}
	drawn, err := NewPictures(nil).Draw(m)
	if err == nil || len(drawn.Attachments) != 0 {
		t.Errorf("with no drawer: attachments %+v, error %v; want none and an error", drawn.Attachments, err)
	}
	raw, err := Compose(m, serviceAddress)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(raw, []byte("multipart")) {
		t.Errorf("a mail whose only picture is undrawn is not one text part:\n%s", raw)
	}
}
